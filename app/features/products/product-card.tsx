import { Link } from '@remix-run/react'
import type { Product } from '~/contract/products'
import { discountedPrice } from '~/contract/products-labels'
import { formatNaira, formatNumber } from '~/contract/format'
import { capitalize, humanize } from '~/utils/format'
import { DetailRow } from '~/components/detail-row'
import { Dropdown, dropdownItemClass } from '~/components/ui/dropdown'
import { formatPercent, formatPeriod, KINDS, type Kind, type ProductPermissions } from './kinds'

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No')

/** "Paid every 3 months" (recurring) or "Paid after 12 months" (one time). */
export function roiPeriod(product: Product) {
  const period = formatPeriod(product.frequency_period, product.interval)
  return product.land_investment_type === 'recurring' ? `Paid every ${period}` : `Paid after ${period}`
}

export function landSize(product: Product) {
  if (product.size === null) return ''
  return [formatNumber(product.size), product.size_in_measurement].filter(Boolean).join(' ')
}

/** The menu of staff actions on a card: 'Edit land' / 'Edit investment', and payment plans for land. */
function CardMenu({
  kind,
  product,
  can,
  search,
}: {
  kind: Kind
  product: Product
  can: ProductPermissions
  search: string
}) {
  if (!can.menu) return null
  const base = `${kind.basePath}/${product.reference}`
  const plansLink = kind.name === 'land' && can.viewPlans
  return (
    <Dropdown
      label={
        <>
          <span aria-hidden="true">⋮</span>
          <span className="sr-only">Options for {product.reference}</span>
        </>
      }
      buttonClassName="rounded-md px-3 py-1 text-lg leading-none text-slate-600 hover:bg-slate-100"
    >
      {can.modifyProduct ? (
        <Link to={`${base}/edit${search}`} className={dropdownItemClass} role="menuitem" preventScrollReset>
          {kind.editLabel}
        </Link>
      ) : plansLink ? (
        <Link to={`${base}/plans${search}`} className={dropdownItemClass} role="menuitem" preventScrollReset>
          {kind.editLabel}
        </Link>
      ) : (
        <Link to={`${base}${search}`} className={dropdownItemClass} role="menuitem" preventScrollReset>
          {kind.editLabel}
        </Link>
      )}
      {plansLink && can.modifyProduct ? (
        <Link to={`${base}/plans${search}`} className={dropdownItemClass} role="menuitem" preventScrollReset>
          Payment plans
        </Link>
      ) : null}
    </Dropdown>
  )
}

/** What a customer can do with a product: buy or invest (again, while it is available), and open what they already hold. */
export function ProductAction({
  kind,
  product,
  search,
  inDetails = false,
}: {
  kind: Kind
  product: Product
  search: string
  inDetails?: boolean
}) {
  const base = `${kind.basePath}/${product.reference}`
  let held = null
  if (product.has_subscribed) {
    const text = kind.name === 'land' ? "You've subscribed to this product" : "You've invested to this product"
    held = inDetails ? (
      <p className="text-sm font-medium text-brand-700">{text}</p>
    ) : (
      <Link to={`${base}${search}`} className="link text-sm" preventScrollReset>
        {text}
      </Link>
    )
  }
  if (!product.is_available) return held
  const action =
    kind.name === 'land' ? (
      <Link to={`${base}/subscribe${search}`} className="btn-primary">
        Buy now
      </Link>
    ) : (
      <Link to={`${base}/invest${search}`} className="btn-primary">
        Invest now
      </Link>
    )
  if (!held) return action
  return (
    <div className="flex flex-wrap items-center justify-end gap-3">
      {held}
      {action}
    </div>
  )
}

export function ProductCard({ product, can, search }: { product: Product; can: ProductPermissions; search: string }) {
  const kind = product.type === 'land' ? KINDS.land : KINDS.investment
  const detailsHref = `${kind.basePath}/${product.reference}${search}`
  return (
    <article
      className="card flex flex-col gap-3"
      aria-labelledby={`product-${product.reference}`}
      data-testid="product-card"
    >
      {kind.name === 'land' ? (
        <Link
          to={detailsHref}
          preventScrollReset
          tabIndex={-1}
          aria-hidden="true"
          className="-mx-4 -mt-4 block overflow-hidden rounded-t-lg bg-slate-100"
        >
          {product.images[0] ? (
            <img src={product.images[0]} alt="" className="aspect-[2/1] w-full object-cover" loading="lazy" />
          ) : (
            <div className="flex aspect-[2/1] items-center justify-center text-sm text-slate-400">No image</div>
          )}
        </Link>
      ) : null}
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`product-${product.reference}`} className="font-semibold text-slate-900">
            <Link to={detailsHref} preventScrollReset className="hover:underline">
              {kind.name === 'land' ? product.location : product.reference}
            </Link>
          </h2>
          {kind.name === 'land' ? <p className="text-xs text-slate-500">{product.reference}</p> : null}
        </div>
        <CardMenu kind={kind} product={product} can={can} search={search} />
      </div>
      <dl className="divide-y divide-slate-100">
        {kind.name === 'land' ? <LandFields product={product} /> : <InvestmentFields product={product} />}
      </dl>
      <div className="mt-auto flex items-center justify-end pt-1">
        <ProductAction kind={kind} product={product} search={search} />
      </div>
    </article>
  )
}

function LandFields({ product }: { product: Product }) {
  return (
    <>
      {product.size !== null ? <DetailRow label="Size">{landSize(product)}</DetailRow> : null}
      {product.land_type ? <DetailRow label="Land type">{capitalize(product.land_type)}</DetailRow> : null}
      <DetailRow label="Price">{formatNaira(product.amount)}</DetailRow>
      {product.discount_percentage ? (
        <>
          <DetailRow label="Discount">{formatPercent(product.discount_percentage)}</DetailRow>
          <DetailRow label="Discounted price">{formatNaira(discountedPrice(product))}</DetailRow>
        </>
      ) : null}
      {product.initial_deposit_amount !== null ? (
        <DetailRow label="Initial deposit">{formatNaira(product.initial_deposit_amount)}</DetailRow>
      ) : null}
      {product.available_by_quantity ? <DetailRow label="Units left">{product.unit_available ?? 0}</DetailRow> : null}
      <DetailRow label="Available">{yesNo(product.is_available)}</DetailRow>
    </>
  )
}

/** An investment's fields, on the card and in the details panel. */
export function InvestmentFields({ product, withType = true }: { product: Product; withType?: boolean }) {
  return (
    <>
      {withType ? <DetailRow label="Type">Land investment</DetailRow> : null}
      <DetailRow label="Minimum amount">{formatNaira(product.minimum_amount ?? product.amount)}</DetailRow>
      <DetailRow label="Return on investment">{formatPercent(product.investment_return)}</DetailRow>
      <DetailRow label="Investment type">{capitalize(humanize(product.land_investment_type))}</DetailRow>
      <DetailRow label="ROI period">{roiPeriod(product)}</DetailRow>
      {product.land_investment_type === 'recurring' ? (
        <DetailRow label="Maturity period">{formatPeriod(product.duration, product.interval)}</DetailRow>
      ) : null}
      <DetailRow label="Still available?">{yesNo(product.is_available)}</DetailRow>
      <DetailRow label="Number of investors">{product.subscription_count}</DetailRow>
    </>
  )
}
