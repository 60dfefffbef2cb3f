import { Form, Link, useLocation, useNavigation } from '@remix-run/react'
import { Button } from '~/components/ui/button'
import { EmptyState } from '~/components/ui/empty-state'
import { Pagination } from '~/components/ui/pagination'
import { SlideOver } from '~/components/ui/slide-over'
import type { NotificationItem, NotificationList } from '~/contract/notifications'
import { isAppPath } from '~/contract/links'
import { timeSince } from '~/utils/format'
import {
  PANEL_CONFIRM_DELETE_ALL,
  PANEL_CONFIRM_PARAM,
  PANEL_PAGE_PARAM,
  panelClosedHref,
  panelConfirmDeleteAllHref,
  panelHref,
  panelItemHref,
} from '~/utils/navigation'

const ACTION = '/resources/notifications'

/** What a notification's link opens, named for the person: a receipt downloads, the rest are pages. */
function subjectOf(link: string) {
  const path = link.split(/[?#]/)[0]
  if (path.endsWith('/receipt')) return { label: 'Download receipt', file: true }
  if (path.endsWith('/transactions')) return { label: 'Open the transaction', file: false }
  if (path.endsWith('/title')) return { label: 'Open the title documents', file: false }
  return { label: 'Open the subscription', file: false }
}

/** The link to a notification's subject: a plain link, so it works without JavaScript. */
function SubjectLink({
  link,
  title,
  className,
}: {
  link: string | null
  title: string
  className: string
}) {
  if (!isAppPath(link)) return null
  const { label, file } = subjectOf(link)
  return file ? (
    <a href={link} className={className} aria-label={`${label}: ${title}`}>
      {label}
    </a>
  ) : (
    <Link to={link} className={className} aria-label={`${label}: ${title}`}>
      {label}
    </Link>
  )
}

/**
 * 'Your notifications': the slide-over every signed-in page can open through its search params
 * (?notifications=1&notifications_page=N&notification=uuid), so it works without JavaScript.
 */
export function NotificationsPanel({
  list,
  selected,
  error,
}: {
  list: NotificationList | null
  selected: NotificationItem | null
  error: string | null
}) {
  const location = useLocation()
  const confirming =
    new URLSearchParams(location.search).get(PANEL_CONFIRM_PARAM) === PANEL_CONFIRM_DELETE_ALL
  return (
    <SlideOver title="Your notifications" closeTo={panelClosedHref(location)}>
      {error || !list ? (
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-700">
          {error ?? 'Something went wrong, please try again'}
        </p>
      ) : selected ? (
        <NotificationDetail item={selected} />
      ) : confirming && list.total > 0 ? (
        <ConfirmDeleteAll total={list.total} />
      ) : (
        <NotificationListView list={list} />
      )}
    </SlideOver>
  )
}

function NotificationListView({ list }: { list: NotificationList }) {
  const location = useLocation()
  const hasItems = list.items.length > 0 || list.total_pages > 1
  return (
    <div className="flex flex-col gap-4">
      {list.total_unread_notification > 0 || hasItems ? (
        <div className="flex flex-wrap justify-end gap-2">
          {list.total_unread_notification > 0 ? (
            <BulkAction intent="mark-all-read" label="Mark all as read" variant="secondary" />
          ) : null}
          {hasItems ? (
            <Link
              to={panelConfirmDeleteAllHref(location)}
              preventScrollReset
              className="btn-danger px-3 py-1.5 text-xs"
            >
              Delete all
            </Link>
          ) : null}
        </div>
      ) : null}
      {list.items.length ? (
        <ul className="flex flex-col gap-2" aria-label="Notifications">
          {list.items.map((item) => (
            <li key={item.uuid}>
              <Link
                to={panelItemHref(location, item.uuid)}
                preventScrollReset
                data-testid="notification-item"
                className={`block rounded-md border px-4 py-3 transition-colors ${
                  item.is_read
                    ? 'border-slate-200 bg-white hover:bg-slate-50'
                    : 'border-blue-200 bg-blue-50 hover:bg-blue-100'
                }`}
              >
                <span className="flex items-start gap-2">
                  {item.is_read ? null : (
                    <span
                      className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-blue-600"
                      data-testid="notification-unread-dot"
                      aria-hidden="true"
                    />
                  )}
                  <span className="min-w-0 flex-1">
                    <span
                      className={`block text-sm text-slate-900 ${item.is_read ? 'font-medium' : 'font-bold'}`}
                    >
                      {item.is_read ? null : <span className="sr-only">Unread: </span>}
                      {item.title}
                    </span>
                    <span className="mt-0.5 line-clamp-2 block text-sm text-slate-600">
                      {item.body}
                    </span>
                    <span className="mt-1 block text-xs text-slate-500" suppressHydrationWarning>
                      {timeSince(item.created_at)}
                    </span>
                  </span>
                </span>
              </Link>
              <SubjectLink
                link={item.link}
                title={item.title}
                className="link mt-1 inline-block px-4 text-sm"
              />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState item="notification" />
      )}
      <Pagination
        page={list.page}
        totalPages={list.total_pages}
        param={PANEL_PAGE_PARAM}
        label="Notifications pages"
      />
    </div>
  )
}

function BulkAction({
  intent,
  label,
  variant,
}: {
  intent: 'mark-all-read' | 'delete-all'
  label: string
  variant: 'secondary' | 'danger'
}) {
  const location = useLocation()
  const navigation = useNavigation()
  const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  return (
    <Form method="post" action={ACTION} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <Button type="submit" variant={variant} pending={pending} className="px-3 py-1.5 text-xs">
        {label}
      </Button>
    </Form>
  )
}

/** The question "Delete all" asks first: a plain form, so it works without JavaScript. */
function ConfirmDeleteAll({ total }: { total: number }) {
  const location = useLocation()
  const navigation = useNavigation()
  const pending =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'delete-all'
  return (
    <section className="flex flex-col gap-3" aria-labelledby="confirm-delete-all">
      <h3 id="confirm-delete-all" className="text-base font-semibold text-slate-900">
        Delete all your notifications?
      </h3>
      <p className="text-sm text-slate-700">
        {total === 1 ? 'Your notification' : `All ${total} of your notifications`} will be deleted.
        This cannot be undone.
      </p>
      <Form method="post" action={ACTION} preventScrollReset className="flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="delete-all" />
        <input type="hidden" name="confirm" value="true" />
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <Button type="submit" variant="danger" pending={pending}>
          Yes, delete all
        </Button>
        <Link to={panelHref(location)} preventScrollReset className="btn-secondary">
          Keep them
        </Link>
      </Form>
    </section>
  )
}

function NotificationDetail({ item }: { item: NotificationItem }) {
  const location = useLocation()
  return (
    <article className="flex flex-col gap-3" aria-labelledby={`notification-${item.uuid}`}>
      <h3 id={`notification-${item.uuid}`} className="text-base font-semibold text-slate-900">
        {item.title}
      </h3>
      <p className="text-xs text-slate-500">
        <time dateTime={item.created_at} suppressHydrationWarning>
          {timeSince(item.created_at)}
        </time>
      </p>
      <p className="whitespace-pre-line text-sm text-slate-700">{item.body}</p>
      <div className="flex flex-wrap gap-2">
        <SubjectLink link={item.link} title={item.title} className="btn-primary" />
        <Link to={panelHref(location)} preventScrollReset className="btn-secondary">
          Close notification
        </Link>
      </div>
    </article>
  )
}
