import { useEffect, useRef, useState, type PointerEvent } from 'react'
import { useHydrated } from '~/utils/use-hydrated'

export type Toast = {
  message: string
  description?: string
  type: 'info' | 'success' | 'error' | 'warning'
}

const AUTO_CLOSE_MS = 5000

const COLORS: Record<Toast['type'], string> = {
  success: 'bg-green-700 text-white',
  error: 'bg-red-600 text-white',
  info: 'bg-sky-700 text-white',
  warning: 'bg-amber-700 text-white',
}

/**
 * The toast rendered from the root loader, so it shows without JavaScript too (then it lets clicks
 * through, since nothing can close it and it may cover a panel's close button). With JavaScript:
 * top-right, auto-close after 5 s with a progress bar, paused on hover, draggable, no close on click.
 */
export function Toaster({ toast }: { toast: Toast | undefined }) {
  // Each loader answer brings its toast as a new object: it shows afresh (a new card, its timer
  // restarted) even when its words are those of the last one.
  const [shown, setShown] = useState({ toast, serial: 0, closed: false })
  if (shown.toast !== toast) setShown({ toast, serial: shown.serial + 1, closed: false })
  if (!toast || shown.closed) return null
  const serial = shown.serial
  return (
    <div className="pointer-events-none fixed right-4 top-4 z-[70] flex w-[calc(100%-2rem)] max-w-sm flex-col gap-2">
      <ToastCard
        key={serial}
        toast={toast}
        onClose={() =>
          setShown((latest) => (latest.serial === serial ? { ...latest, closed: true } : latest))
        }
      />
    </div>
  )
}

function ToastCard({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const hydrated = useHydrated()
  const [offset, setOffset] = useState(0)
  const remaining = useRef(AUTO_CLOSE_MS)
  const startedAt = useRef(0)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const drag = useRef<number | null>(null)

  const start = () => {
    startedAt.current = Date.now()
    timer.current = setTimeout(onClose, remaining.current)
  }
  const pause = () => {
    clearTimeout(timer.current)
    remaining.current -= Date.now() - startedAt.current
  }

  useEffect(() => {
    start()
    return () => clearTimeout(timer.current)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the timer starts as the card mounts; hovering pauses and restarts it
  }, [])

  const onPointerDown = (event: PointerEvent) => {
    drag.current = event.clientX
    ;(event.currentTarget as HTMLElement).setPointerCapture(event.pointerId)
  }
  const onPointerMove = (event: PointerEvent) => {
    if (drag.current !== null) setOffset(event.clientX - drag.current)
  }
  const onPointerUp = () => {
    if (Math.abs(offset) > 80) onClose()
    else setOffset(0)
    drag.current = null
  }

  return (
    <div
      role={toast.type === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      className={`toast pointer-events-auto relative [.no-js_&]:pointer-events-none touch-pan-y select-none overflow-hidden rounded-md px-4 py-3 shadow-lg ${COLORS[toast.type]}`}
      style={{
        transform: `translateX(${offset}px)`,
        opacity: 1 - Math.min(Math.abs(offset) / 200, 0.8),
      }}
      onMouseEnter={hydrated ? pause : undefined}
      onMouseLeave={hydrated ? start : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
    >
      <div className="flex items-start gap-3">
        <p className="flex-1 text-sm font-medium">{toast.message}</p>
        <button
          type="button"
          onClick={onClose}
          // A tap target of 44 px that does not make the toast taller; hidden (not only by the
          // attribute, which a display class would override) until JavaScript can close it.
          className={`${hydrated ? 'inline-flex' : 'hidden'} -my-3 -mr-3 h-11 w-11 shrink-0 items-center justify-center rounded text-lg leading-none text-white/80 hover:text-white`}
          aria-label="Close notification message"
          hidden={!hydrated}
        >
          ×
        </button>
      </div>
      {toast.description ? <p className="mt-1 text-xs opacity-90">{toast.description}</p> : null}
      {hydrated ? (
        <div
          className="toast-progress absolute inset-x-0 bottom-0 h-1 bg-white/60"
          style={{ animationDuration: `${AUTO_CLOSE_MS}ms` }}
        />
      ) : null}
    </div>
  )
}
