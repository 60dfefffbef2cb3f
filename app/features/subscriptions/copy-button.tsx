import { useEffect, useRef, useState } from 'react'
import { useHydrated } from '~/utils/use-hydrated'

export const COPIED_MS = 1000

/**
 * Copies a value to the clipboard and says 'copied' for 1 second. Shown only
 * once JavaScript runs; without it the value beside the button is plain selectable text.
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])
  if (!hydrated || !value) return null
  return (
    <button
      type="button"
      className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-slate-300 px-3 text-xs font-medium text-slate-700 hover:bg-slate-50 sm:min-h-0 sm:min-w-0 sm:px-2 sm:py-0.5"
      aria-label={copied ? `${label} copied` : `Copy ${label}`}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value)
        } catch {
          return
        }
        setCopied(true)
        clearTimeout(timer.current)
        timer.current = setTimeout(() => setCopied(false), COPIED_MS)
      }}
    >
      <span aria-live="polite">{copied ? 'copied' : 'Copy'}</span>
    </button>
  )
}
