import type { ReactNode } from 'react'
import type { ShouldRevalidateFunction } from '@remix-run/react'
import { Link, Outlet, useLocation, useNavigation } from '@remix-run/react'
import type { Paginated } from '~/contract/envelope'
import type { Subscription } from '~/contract/subscriptions'
import { EmptyState, SkeletonCards } from '~/components/ui/empty-state'
import { ExportCsvLink } from '~/components/ui/export-csv-link'
import { ListFilters } from '~/components/ui/list-filters'
import { Pagination } from '~/components/ui/pagination'
import { DUE_FILTER_LABELS } from '~/contract/subscription-labels'
import {
  DUE_FILTER_OF,
  LIST_KEYS,
  LISTS,
  STATUS_OPTIONS,
  type ListFiltersValue,
  type ListName,
  type ViewerAbilities,
} from './lists'
import { SubscriptionCard } from './subscription-card'

export type SubscriptionListData = {
  name: ListName
  filters: ListFiltersValue
  listUrl: string
  listSearch: string
  list: Paginated<Subscription> | null
  /** null: loaded; '' : failed, shown as nothing (the portfolio); otherwise the message. */
  error: string | null
  can: ViewerAbilities
  timeZone: string
}

/** /subscriptions (land) and /investment-portfolio (investments): filters, cards in two columns, pages. */
export function SubscriptionList({ data, top }: { data: SubscriptionListData; top?: ReactNode }) {
  const list = LISTS[data.name]
  const location = useLocation()
  const navigation = useNavigation()
  // Skeletons only while the list itself changes (a filter, a page), not while a panel opens over it.
  const loadingList =
    navigation.state === 'loading' &&
    location.pathname === list.basePath &&
    navigation.location.pathname === list.basePath

  return (
    <section aria-labelledby="subscription-list-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="subscription-list-title" className="text-2xl font-bold text-slate-900">
          {list.title}
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          {data.can.seesSubscriber ? <ExportCsvLink list={list.exportList} /> : null}
          {data.name === 'land' && data.can.modify ? (
            <Link
              to={`${list.basePath}/new${data.listSearch}`}
              className="btn-primary"
              preventScrollReset
            >
              Add subscription
            </Link>
          ) : null}
        </div>
      </div>
      {top}
      <ListFilters
        action={list.basePath}
        searchPlaceholder="Search for subscriptions"
        values={data.filters}
        extra={data.filters.type ? { type: data.filters.type } : {}}
        selects={[
          { name: 'status', label: 'Status', options: STATUS_OPTIONS },
          {
            name: 'due',
            label: 'Payments',
            options: [
              {
                value: DUE_FILTER_OF[data.name],
                label: DUE_FILTER_LABELS[DUE_FILTER_OF[data.name]],
              },
            ],
          },
        ]}
      />
      {data.error !== null || !data.list ? (
        data.error ? (
          <p
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-4 py-6 text-center text-sm text-red-700"
          >
            {data.error}
          </p>
        ) : null
      ) : loadingList ? (
        <SkeletonCards count={4} />
      ) : data.list.items.length ? (
        <>
          <ul className="grid gap-4 md:grid-cols-2" aria-label={list.title}>
            {data.list.items.map((subscription) => (
              <li key={subscription.reference} className="flex">
                <div className="w-full">
                  <SubscriptionCard
                    subscription={subscription}
                    name={data.name}
                    can={data.can}
                    listSearch={data.listSearch}
                    timeZone={data.timeZone}
                  />
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={data.list.page} totalPages={data.list.total_pages} />
        </>
      ) : (
        <EmptyState item="subscription" />
      )}
      <Outlet />
    </section>
  )
}

/**
 * The list reloads when its own query changes or after a form post (a payment, a mark, a cancel);
 * opening and closing a panel over it keeps what is shown.
 */
export const shouldRevalidateList: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate
  const key = (url: URL) =>
    ['page', ...LIST_KEYS].map((name) => url.searchParams.get(name) ?? '').join('\u0000')
  if (key(currentUrl) !== key(nextUrl)) return true
  return currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false
}
