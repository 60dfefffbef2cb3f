import type { ShouldRevalidateFunction } from '@remix-run/react'
import { Link, Outlet, useLocation, useNavigation } from '@remix-run/react'
import type { Paginated } from '~/contract/envelope'
import type { Product } from '~/contract/products'
import { EmptyState, SkeletonCards } from '~/components/ui/empty-state'
import { ExportCsvLink } from '~/components/ui/export-csv-link'
import { ListFilters } from '~/components/ui/list-filters'
import { Pagination } from '~/components/ui/pagination'
import {
  AVAILABILITY_OPTIONS,
  KINDS,
  LIST_KEYS,
  type KindName,
  type ProductPermissions,
} from './kinds'
import { ProductCard } from './product-card'

/** The cards of the list's first row (md:grid-cols-2). */
const FIRST_ROW = 2

export type ProductListData = {
  kind: KindName
  filters: Record<(typeof LIST_KEYS)[number], string>
  listUrl: string
  listSearch: string
  list: Paginated<Product> | null
  error: string | null
  can: ProductPermissions
  canExport: boolean
}

/** The one list both /land-purchases ('Land') and /land-investments ('Investment') show. */
export function ProductList({ data }: { data: ProductListData }) {
  const kind = KINDS[data.kind]
  const location = useLocation()
  const navigation = useNavigation()
  // Skeletons only while the list itself changes (a filter, a page), not while a panel opens over it.
  const loadingList =
    navigation.state === 'loading' &&
    location.pathname === kind.basePath &&
    navigation.location.pathname === kind.basePath

  return (
    <section aria-labelledby="product-list-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="product-list-title" className="text-2xl font-bold text-slate-900">
          {kind.title}
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          {data.canExport ? <ExportCsvLink list={kind.exportList} /> : null}
          {data.can.modifyProduct ? (
            <Link
              to={`${kind.basePath}/new${data.listSearch}`}
              className="btn-primary"
              preventScrollReset
            >
              {kind.addLabel}
            </Link>
          ) : null}
        </div>
      </div>
      <ListFilters
        action={kind.basePath}
        searchPlaceholder="Search for products"
        values={data.filters}
        selects={[
          { name: 'available_status', label: 'Availability', options: AVAILABILITY_OPTIONS },
          { name: 'type', label: kind.typeLabel, options: kind.typeOptions },
        ]}
      />
      {data.error || !data.list ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-4 py-6 text-center text-sm text-red-700"
        >
          {data.error ?? 'Error encountered, try again'}
        </p>
      ) : loadingList ? (
        <SkeletonCards count={4} />
      ) : data.list.items.length ? (
        <>
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Products">
            {data.list.items.map((product, index) => (
              <li key={product.reference} className="flex">
                <div className="w-full [&>article]:h-full">
                  <ProductCard
                    product={product}
                    can={data.can}
                    search={data.listSearch}
                    aboveTheFold={index < FIRST_ROW}
                    first={index === 0}
                  />
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={data.list.page} totalPages={data.list.total_pages} />
        </>
      ) : (
        <EmptyState item="product" />
      )}
      <Outlet />
    </section>
  )
}

/**
 * The list reloads when its own query changes or after a form post; opening and closing a panel
 * over it (same list query) keeps what is shown.
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
