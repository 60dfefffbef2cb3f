import { useEffect, useRef, type ReactNode } from 'react'

/**
 * A menu on <details>, so it opens without JavaScript; with JavaScript it also closes on an
 * outside click or Escape. The list scrolls past about 10em.
 */
export function Dropdown({
  label,
  children,
  align = 'right',
  buttonClassName = 'btn-secondary',
}: {
  label: ReactNode
  children: ReactNode
  align?: 'left' | 'right'
  buttonClassName?: string
}) {
  const details = useRef<HTMLDetailsElement>(null)
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (details.current?.open && !details.current.contains(event.target as Node))
        details.current.open = false
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && details.current?.open) {
        details.current.open = false
        details.current.querySelector('summary')?.focus()
      }
    }
    document.addEventListener('click', onClick)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('click', onClick)
      document.removeEventListener('keydown', onKey)
    }
  }, [])
  return (
    <details ref={details} className="relative">
      <summary
        className={`cursor-pointer list-none [&::-webkit-details-marker]:hidden ${buttonClassName}`}
      >
        {label}
      </summary>
      <div
        className={`absolute z-30 mt-1 max-h-[10em] min-w-[12rem] overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg ${align === 'right' ? 'right-0' : 'left-0'}`}
        role="menu"
      >
        {children}
      </div>
    </details>
  )
}

export const dropdownItemClass =
  'block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none'
