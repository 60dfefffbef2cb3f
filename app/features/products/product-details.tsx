import { Link, useLocation } from '@remix-run/react'
import type { Paginated } from '~/contract/envelope'
import type { PaymentPlan, Product } from '~/contract/products'
import { formatDate, formatNaira } from '~/contract/format'
import { capitalize } from '~/utils/text'
import { DetailRow } from '~/components/detail-row'
import { Pagination } from '~/components/ui/pagination'
import { SlideOver } from '~/components/ui/slide-over'
import { KINDS, type KindName, type ProductPermissions } from './kinds'
import {
  AvailabilityBadge,
  InvestmentFields,
  landSize,
  PriceHero,
  ProductAction,
  yesNo,
} from './product-card'
import { PlanSummary } from './plan-summary'
import { RecordHistory, type RecordHistoryData } from '../audit/audit-entry'

export type ProductDetailsData = {
  kind: KindName
  product: Product
  plans: Paginated<PaymentPlan> | null
  image: number
  history: RecordHistoryData
  timeZone: string
  closeTo: string
  listSearch: string
  can: ProductPermissions
}

/** A gallery that works without JavaScript: the shown image is ?image=N, thumbnails are links. */
function Gallery({ product, image }: { product: Product; image: number }) {
  const location = useLocation()
  if (!product.images.length) return null
  const hrefFor = (index: number) => {
    const params = new URLSearchParams(location.search)
    params.set('image', String(index))
    return `${location.pathname}?${params}`
  }
  const label = product.name
  return (
    <figure className="mb-4">
      <img
        src={product.images[image - 1]}
        alt={`${label}, ${image} of ${product.images.length}`}
        className="aspect-[16/9] w-full rounded-md bg-slate-100 object-cover"
        data-testid="gallery-image"
      />
      {product.images.length > 1 ? (
        <nav aria-label="Product images" className="mt-2 flex gap-2 overflow-x-auto">
          {product.images.map((src, index) => (
            <Link
              key={src}
              to={hrefFor(index + 1)}
              replace
              preventScrollReset
              aria-current={index + 1 === image ? 'true' : undefined}
              aria-label={`Show image ${index + 1}`}
              className={`shrink-0 overflow-hidden rounded border-2 ${
                index + 1 === image ? 'border-brand-600' : 'border-transparent'
              }`}
            >
              <img src={src} alt="" className="h-14 w-24 object-cover" loading="lazy" />
            </Link>
          ))}
        </nav>
      ) : null}
    </figure>
  )
}

export function ProductDetails({ data }: { data: ProductDetailsData }) {
  const { product, can } = data
  const kind = KINDS[data.kind]
  const base = `${kind.basePath}/${product.reference}`
  return (
    <SlideOver title={product.name} closeTo={data.closeTo}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <p className="text-xs text-slate-500">
          {[product.location, product.reference].filter(Boolean).join(' · ')}
        </p>
        <AvailabilityBadge product={product} />
      </div>
      <Gallery product={product} image={data.image} />
      <div className="mb-3">
        <PriceHero product={product} />
      </div>
      <dl className="divide-y divide-slate-100">
        <DetailRow label="Reference">{product.reference}</DetailRow>
        <DetailRow label="Type">{product.type === 'land' ? 'Land' : 'Land investment'}</DetailRow>
        {product.location ? <DetailRow label="Location">{product.location}</DetailRow> : null}
        {product.type === 'land' ? (
          <>
            {product.size !== null ? <DetailRow label="Size">{landSize(product)}</DetailRow> : null}
            {product.land_type ? (
              <DetailRow label="Land type">{capitalize(product.land_type)}</DetailRow>
            ) : null}
            <DetailRow label="Initial deposit">
              {product.initial_deposit_amount !== null
                ? formatNaira(product.initial_deposit_amount)
                : 'None'}
            </DetailRow>
            <DetailRow label="Available by quantity">
              {yesNo(product.available_by_quantity)}
            </DetailRow>
            {product.available_by_quantity ? (
              <DetailRow label="Units left">{product.unit_available ?? 0}</DetailRow>
            ) : null}
            <DetailRow label="Available">{yesNo(product.is_available)}</DetailRow>
            <DetailRow label="Subscribers">{product.subscription_count}</DetailRow>
          </>
        ) : (
          <InvestmentFields product={product} withType={false} />
        )}
        <DetailRow label="Date added">{formatDate(product.created_at)}</DetailRow>
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">Description</h3>
      <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{product.description}</p>

      {data.plans ? (
        <section aria-labelledby="plans-title" className="mt-6">
          <h3 id="plans-title" className="text-sm font-semibold text-slate-900">
            Payment plans
          </h3>
          {data.plans.items.length ? (
            <ul className="mt-2 flex flex-col gap-2">
              {data.plans.items.map((plan) => (
                <li key={plan.uuid} className="rounded-md border border-slate-200 px-3 py-2">
                  <PlanSummary plan={plan} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-slate-500">
              No payment plans: this land is sold in full only.
            </p>
          )}
          <Pagination
            page={data.plans.page}
            totalPages={data.plans.total_pages}
            param="plan_page"
            label="Payment plan pages"
          />
        </section>
      ) : null}

      <div className="mt-6 flex flex-wrap items-center justify-end gap-3">
        {can.modifyProduct ? (
          <Link to={`${base}/edit${data.listSearch}`} className="btn-secondary" preventScrollReset>
            {kind.editLabel}
          </Link>
        ) : null}
        {product.type === 'land' && can.viewPlans ? (
          <Link to={`${base}/plans${data.listSearch}`} className="btn-secondary" preventScrollReset>
            {can.modifyPlans ? 'Manage payment plans' : 'View payment plans'}
          </Link>
        ) : null}
        <ProductAction kind={kind} product={product} search={data.listSearch} inDetails />
      </div>
      {data.history ? (
        <div className="mt-6">
          <RecordHistory history={data.history} timeZone={data.timeZone} />
        </div>
      ) : null}
    </SlideOver>
  )
}
