import { AbsoluteLink } from '~/components/ui/absolute-link'
import { Icon } from '~/components/layout/icons'

/** Opens the notifications panel; a dot shows while anything is unread. */
export function NotificationBell({ href, hasUnread }: { href: string; hasUnread: boolean }) {
  return (
    <AbsoluteLink
      to={href}
      preventScrollReset
      className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
    >
      <Icon name="bell" className="h-6 w-6" />
      <span className="sr-only">Notifications{hasUnread ? ' (unread)' : ''}</span>
      {hasUnread ? (
        <span
          className="absolute right-2 top-2 h-2.5 w-2.5 rounded-full bg-red-500 ring-2 ring-white"
          aria-hidden="true"
          data-testid="unread-dot"
        />
      ) : null}
    </AbsoluteLink>
  )
}
