import { Link, useNavigate } from '@remix-run/react'
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react'

export const SLIDE_OVER_CLOSE_MS = 300

/**
 * The right-side panel that nested routes render over their list. Closing is a link back to the
 * parent address (so it works without JavaScript); with JavaScript it locks page scroll, slides in
 * and out in 300 ms and closes on Escape.
 */
export function SlideOver({
  title,
  closeTo,
  children,
  footer,
}: {
  title: ReactNode
  closeTo: string
  children: ReactNode
  footer?: ReactNode
}) {
  const navigate = useNavigate()
  const titleId = useId()
  const panel = useRef<HTMLDivElement>(null)
  const [open, setOpen] = useState(false)
  const [closing, setClosing] = useState(false)

  const close = useCallback(
    (event?: { preventDefault: () => void }) => {
      event?.preventDefault()
      setClosing(true)
      setTimeout(() => navigate(closeTo, { preventScrollReset: true }), SLIDE_OVER_CLOSE_MS)
    },
    [closeTo, navigate],
  )

  // Once, on opening: a field that focused itself (autoFocus) keeps the focus. Taking it away
  // would blur that field and show its 'required' message before the user has typed anything.
  // A page served with the panel open may hydrate before the browser has given its autofocus
  // field the focus: that field gets it here rather than the panel.
  useEffect(() => {
    const inside = panel.current
    if (!inside || inside.contains(document.activeElement)) return
    ;(inside.querySelector<HTMLElement>('[autofocus]') ?? inside).focus()
  }, [])

  useEffect(() => {
    const previous = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    const frame = requestAnimationFrame(() => setOpen(true))
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close()
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.body.style.overflow = previous
      cancelAnimationFrame(frame)
      document.removeEventListener('keydown', onKey)
    }
  }, [close])

  const shown = open && !closing
  return (
    <div className="fixed inset-0 z-50 flex justify-end">
      <Link
        to={closeTo}
        preventScrollReset
        onClick={close}
        aria-label="Close panel"
        tabIndex={-1}
        className={`absolute inset-0 bg-slate-900/40 transition-opacity duration-300 motion-reduce:transition-none ${shown ? 'opacity-100' : 'opacity-0 [.no-js_&]:opacity-100'}`}
        data-testid="slide-over-backdrop"
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`relative flex h-full w-full flex-col bg-white shadow-xl outline-none transition-transform duration-300 motion-reduce:transition-none lg:w-[45%] ${shown ? 'translate-x-0' : 'translate-x-full [.no-js_&]:translate-x-0'}`}
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <Link
            to={closeTo}
            preventScrollReset
            onClick={close}
            className="-mr-2 inline-flex h-11 w-11 items-center justify-center rounded-md text-2xl leading-none text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            aria-label="Close"
          >
            ×
          </Link>
        </div>
        <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
        {footer ? <div className="border-t border-slate-200 px-5 py-4">{footer}</div> : null}
      </div>
    </div>
  )
}

/** A centred confirmation dialog, also a nested route: its form posts, its cancel is a link back. */
export function ConfirmDialog({
  title,
  message,
  closeTo,
  children,
}: {
  title: string
  message: ReactNode
  closeTo: string
  /** The form with the confirm button (and any hidden fields). */
  children: ReactNode
}) {
  const titleId = useId()
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <Link
        to={closeTo}
        preventScrollReset
        aria-label="Cancel"
        tabIndex={-1}
        className="absolute inset-0 bg-slate-900/40"
      />
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="relative w-full max-w-md rounded-lg bg-white p-6 shadow-xl"
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div className="mt-2 text-sm text-slate-600">{message}</div>
        <div className="mt-6 flex justify-end gap-3">
          <Link to={closeTo} preventScrollReset className="btn-secondary">
            Cancel
          </Link>
          {children}
        </div>
      </div>
    </div>
  )
}
