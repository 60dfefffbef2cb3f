import { lazy, Suspense, type ComponentProps } from 'react'
import type { NotificationsPanel as Panel } from './notifications-panel'
import { NotificationsPanel as ServerPanel } from './notifications-panel.server'

// Only pages with the panel open need its code: the browser fetches it then, not on every first visit.
const BrowserPanel = lazy(() =>
  import('./notifications-panel').then((module) => ({ default: module.NotificationsPanel })),
)

/**
 * The notifications panel, rendered in full on the server (so it works without JavaScript). The
 * browser hydrates the server's HTML once the panel's code has arrived; until then it stays as sent.
 */
export function NotificationsPanelSlot(props: ComponentProps<typeof Panel>) {
  const Rendered = ServerPanel ?? BrowserPanel
  return (
    <Suspense fallback={null}>
      <Rendered {...props} />
    </Suspense>
  )
}
