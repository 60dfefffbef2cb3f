import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { Product } from '~/contract/products'
import { discountedPrice } from '~/contract/products-labels'
import { capitalize, formatNaira, formatNumber, humanize } from '~/utils/format'
import { Dropdown, dropdownItemClass } from '../ui/dropdown'
import { formatPercent, formatPeriod, KINDS, type Kind, type ProductPermissions } from './kinds'

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 py-1 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  )
}

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

/** What a customer can do with a product: buy or invest, or open what they already hold. */
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
  if (product.has_subscribed) {
    const text = kind.name === 'land' ? "You've subscribed to this product" : "You've invested to this product"
    if (inDetails) return <p className="text-sm font-medium text-brand-700">{text}</p>
    return (
      <Link to={`${base}${search}`} className="link text-sm" preventScrollReset>
        {text}
      </Link>
    )
  }
  if (!product.is_available) return null
  return kind.name === 'land' ? (
    <Link to={`${base}/subscribe${search}`} className="btn-primary">
      Buy now
    </Link>
  ) : (
    <Link to={`${base}/invest${search}`} className="btn-primary">
      Invest now
    </Link>
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
      {product.size !== null ? <Detail label="Size">{landSize(product)}</Detail> : null}
      {product.land_type ? <Detail label="Land type">{capitalize(product.land_type)}</Detail> : null}
      <Detail label="Price">{formatNaira(product.amount)}</Detail>
      {product.discount_percentage ? (
        <>
          <Detail label="Discount">{formatPercent(product.discount_percentage)}</Detail>
          <Detail label="Discounted price">{formatNaira(discountedPrice(product))}</Detail>
        </>
      ) : null}
      {product.initial_deposit_amount !== null ? (
        <Detail label="Initial deposit">{formatNaira(product.initial_deposit_amount)}</Detail>
      ) : null}
      {product.available_by_quantity ? <Detail label="Units left">{product.unit_available ?? 0}</Detail> : null}
      <Detail label="Available">{yesNo(product.is_available)}</Detail>
    </>
  )
}

/** SPEC's investment fields, on the card and in the details panel. */
export function InvestmentFields({ product, withType = true }: { product: Product; withType?: boolean }) {
  return (
    <>
      {withType ? <Detail label="Type">Land investment</Detail> : null}
      <Detail label="Minimum amount">{formatNaira(product.minimum_amount ?? product.amount)}</Detail>
      <Detail label="Return on investment">{formatPercent(product.investment_return)}</Detail>
      <Detail label="Investment type">{capitalize(humanize(product.land_investment_type))}</Detail>
      <Detail label="ROI period">{roiPeriod(product)}</Detail>
      {product.land_investment_type === 'recurring' ? (
        <Detail label="Maturity period">{formatPeriod(product.duration, product.interval)}</Detail>
      ) : null}
      <Detail label="Still available?">{yesNo(product.is_available)}</Detail>
      <Detail label="Number of investors">{product.subscription_count}</Detail>
    </>
  )
}
