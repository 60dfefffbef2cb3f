import { AbsoluteLink } from '~/components/ui/absolute-link'
import type { Product } from '~/contract/products'
import {
  discountedPrice,
  isSoldOut,
  payoutWording,
  returnsWording,
} from '~/contract/products-labels'
import { formatNaira, formatNumber } from '~/contract/format'
import { capitalize, humanize } from '~/utils/text'
import { DetailRow } from '~/components/detail-row'
import { Dropdown, dropdownItemClass } from '~/components/ui/dropdown'
import { formatPercent, formatPeriod, KINDS, type Kind, type ProductPermissions } from './kinds'

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No')

/** "Paid every month", "Paid every 3 months" (recurring) or "Paid after 12 months" (one time). */
export const roiPeriod = (product: Product) => payoutWording(product)

/** 'Sold out' when no unit is left; 'Not available' when staff closed it. */
export function AvailabilityBadge({ product }: { product: Product }) {
  if (isSoldOut(product)) {
    return (
      <span className="inline-flex shrink-0 items-center rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">
        Sold out
      </span>
    )
  }
  if (!product.is_available) {
    return (
      <span className="inline-flex shrink-0 items-center rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
        Not available
      </span>
    )
  }
  return null
}

/**
 * The figure a buyer looks at first. Land: the price, and with a discount the discounted price
 * beside the old one struck through. Investment: the minimum amount and the return in words.
 */
export function PriceHero({ product }: { product: Product }) {
  if (product.type === 'land_investment') {
    return (
      <div data-testid="product-price">
        <p className="text-2xl font-bold tracking-tight text-slate-900">
          {formatNaira(product.minimum_amount ?? product.amount)}
          <span className="ml-1 text-sm font-medium text-slate-500">minimum</span>
        </p>
        <p className="mt-0.5 text-sm font-semibold text-brand-700">{returnsWording(product)}</p>
      </div>
    )
  }
  const discounted = product.discount_percentage ? discountedPrice(product) : null
  return (
    <div data-testid="product-price" className="flex flex-wrap items-baseline gap-x-2">
      {discounted !== null ? (
        <>
          <p className="text-2xl font-bold tracking-tight text-slate-900">
            <span className="sr-only">Now </span>
            {formatNaira(discounted)}
          </p>
          <del className="text-sm text-slate-500">
            <span className="sr-only">Old price </span>
            {formatNaira(product.amount)}
          </del>
          <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
            {formatPercent(product.discount_percentage)} off
          </span>
        </>
      ) : (
        <p className="text-2xl font-bold tracking-tight text-slate-900">
          {formatNaira(product.amount)}
        </p>
      )}
    </div>
  )
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
      buttonClassName="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-3 py-1 text-lg leading-none text-slate-600 hover:bg-slate-100"
    >
      {can.modifyProduct ? (
        <AbsoluteLink
          to={`${base}/edit${search}`}
          className={dropdownItemClass}
          role="menuitem"
          preventScrollReset
        >
          {kind.editLabel}
        </AbsoluteLink>
      ) : plansLink ? (
        <AbsoluteLink
          to={`${base}/plans${search}`}
          className={dropdownItemClass}
          role="menuitem"
          preventScrollReset
        >
          {kind.editLabel}
        </AbsoluteLink>
      ) : (
        <AbsoluteLink
          to={`${base}${search}`}
          className={dropdownItemClass}
          role="menuitem"
          preventScrollReset
        >
          {kind.editLabel}
        </AbsoluteLink>
      )}
      {plansLink && can.modifyProduct ? (
        <AbsoluteLink
          to={`${base}/plans${search}`}
          className={dropdownItemClass}
          role="menuitem"
          preventScrollReset
        >
          Payment plans
        </AbsoluteLink>
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
    const text =
      kind.name === 'land' ? "You've subscribed to this product" : "You've invested to this product"
    held = inDetails ? (
      <p className="text-sm font-medium text-brand-700">{text}</p>
    ) : (
      <AbsoluteLink to={`${base}${search}`} className="link text-sm" preventScrollReset>
        {text}
      </AbsoluteLink>
    )
  }
  if (!product.is_available || isSoldOut(product)) return held
  const action =
    kind.name === 'land' ? (
      <AbsoluteLink to={`${base}/subscribe${search}`} className="btn-primary">
        Buy now
      </AbsoluteLink>
    ) : (
      <AbsoluteLink to={`${base}/invest${search}`} className="btn-primary">
        Invest now
      </AbsoluteLink>
    )
  if (!held) return action
  return (
    <div className="flex flex-wrap items-center justify-end gap-3">
      {held}
      {action}
    </div>
  )
}

/**
 * aboveTheFold: a card of the list's first row, whose image is fetched at once rather than lazily once
 * laid out; the first one's is the page's largest paint on a phone, fetched first ('high').
 */
export function ProductCard({
  product,
  can,
  search,
  aboveTheFold = false,
  first = false,
}: {
  product: Product
  can: ProductPermissions
  search: string
  aboveTheFold?: boolean
  first?: boolean
}) {
  const kind = product.type === 'land' ? KINDS.land : KINDS.investment
  const detailsHref = `${kind.basePath}/${product.reference}${search}`
  return (
    <article
      className="card flex flex-col gap-3"
      aria-labelledby={`product-${product.reference}`}
      data-testid="product-card"
    >
      {kind.name === 'land' ? (
        <AbsoluteLink
          to={detailsHref}
          preventScrollReset
          tabIndex={-1}
          aria-hidden="true"
          className="-mx-4 -mt-4 block overflow-hidden rounded-t-lg bg-slate-100"
        >
          {product.images[0] ? (
            <img
              src={product.images[0]}
              alt=""
              className="aspect-[2/1] w-full object-cover"
              loading={aboveTheFold ? undefined : 'lazy'}
              // Lower case: React 18 knows no fetchPriority prop.
              {...(first ? { fetchpriority: 'high' } : {})}
            />
          ) : (
            <div className="flex aspect-[2/1] items-center justify-center text-sm text-slate-400">
              No image
            </div>
          )}
        </AbsoluteLink>
      ) : null}
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2
            id={`product-${product.reference}`}
            className="text-lg font-semibold leading-snug text-slate-900"
          >
            <AbsoluteLink to={detailsHref} preventScrollReset className="hover:underline">
              {product.name}
            </AbsoluteLink>
          </h2>
          <p className="text-xs text-slate-500">
            {[product.location, product.reference].filter(Boolean).join(' · ')}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <AvailabilityBadge product={product} />
          <CardMenu kind={kind} product={product} can={can} search={search} />
        </div>
      </div>
      <PriceHero product={product} />
      <dl className="divide-y divide-slate-100">
        {kind.name === 'land' ? (
          <LandFields product={product} />
        ) : (
          <InvestmentFields product={product} brief />
        )}
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
      {product.land_type ? (
        <DetailRow label="Land type">{capitalize(product.land_type)}</DetailRow>
      ) : null}
      {product.initial_deposit_amount !== null ? (
        <DetailRow label="Initial deposit">{formatNaira(product.initial_deposit_amount)}</DetailRow>
      ) : null}
      {product.available_by_quantity ? (
        <DetailRow label="Units left">{product.unit_available ?? 0}</DetailRow>
      ) : null}
    </>
  )
}

/** An investment's fields: on the card (brief: the price hero already gives the minimum and return) and in the details panel. */
export function InvestmentFields({
  product,
  withType = true,
  brief = false,
}: {
  product: Product
  withType?: boolean
  brief?: boolean
}) {
  return (
    <>
      {withType ? <DetailRow label="Type">Land investment</DetailRow> : null}
      {brief ? null : (
        <>
          <DetailRow label="Minimum amount">
            {formatNaira(product.minimum_amount ?? product.amount)}
          </DetailRow>
          <DetailRow label="Return on investment">{returnsWording(product)}</DetailRow>
        </>
      )}
      <DetailRow label="Investment type">
        {capitalize(humanize(product.land_investment_type))}
      </DetailRow>
      <DetailRow label="Returns paid">{roiPeriod(product)}</DetailRow>
      {product.land_investment_type === 'recurring' ? (
        <DetailRow label="Maturity period">
          {formatPeriod(product.duration, product.interval)}
        </DetailRow>
      ) : null}
      {brief ? null : (
        <DetailRow label="Open to new investors">{yesNo(product.is_available)}</DetailRow>
      )}
      <DetailRow label="Number of investors">{product.subscription_count}</DetailRow>
    </>
  )
}
