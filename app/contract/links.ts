/**
 * The web addresses notifications and e-mails point at: a subscription (its list filtered to it),
 * its transactions panel (scrolled to one transaction) and a receipt. Paths only; e-mails put the
 * app's address in front. Land lives under /subscriptions, investments under /investment-portfolio.
 */
export type LinkSubscriptionType = 'land' | 'land_investment'

const enc = encodeURIComponent

function listOf(type: LinkSubscriptionType) {
  return type === 'land'
    ? { base: '/subscriptions', search: '?page=1&type=land' }
    : { base: '/investment-portfolio', search: '' }
}

export function subscriptionLink(type: LinkSubscriptionType, reference: string) {
  const { base, search } = listOf(type)
  return `${base}${search ? `${search}&` : '?page=1&'}search=${enc(reference)}`
}

/** The anchor each transaction of the panel carries, so a link opens the panel at it. */
export const transactionAnchor = (transactionReference: string) =>
  `transaction-${transactionReference}`

export function transactionLink(
  type: LinkSubscriptionType,
  reference: string,
  transactionReference: string,
) {
  const { base, search } = listOf(type)
  return `${base}/${enc(reference)}/transactions${search}#${transactionAnchor(transactionReference)}`
}

export function receiptLink(
  type: LinkSubscriptionType,
  reference: string,
  transactionReference: string,
) {
  const { base, search } = listOf(type)
  return `${base}/${enc(reference)}/transactions/${enc(transactionReference)}/receipt${search}`
}

/** The title documents panel of a fully paid land purchase (land only: investments have no title). */
export function titleLink(reference: string) {
  const { base, search } = listOf('land')
  return `${base}/${enc(reference)}/title${search}`
}

/** A link stored with a notification is followed only when it is a path inside the app. */
export function isAppPath(link: string | null | undefined): link is string {
  return typeof link === 'string' && /^\/(?![/\\])/.test(link) && !/[\s<>"]/.test(link)
}

/** An investment's payouts panel (its ledger), over the portfolio. */
export function payoutsLink(reference: string) {
  return `/investment-portfolio/${enc(reference)}/payouts`
}

/**
 * Where the provider's hosted checkout sends the browser back (with its reference added to the
 * query): the subscription's pay panel, which verifies the payment (checkout/verify).
 */
export function checkoutReturnLink(type: LinkSubscriptionType, reference: string) {
  const { base, search } = listOf(type)
  return `${base}/${enc(reference)}/pay/return${search}`
}

/** A subscription's pay panel, over its list: where "Pay what is overdue" in an e-mail leads. */
export function payLink(type: LinkSubscriptionType, reference: string) {
  const { base, search } = listOf(type)
  return `${base}/${enc(reference)}/pay${search}`
}

/** The customer's credits: money received that paid no payment. */
export const creditsLink = () => '/credits'

/** Staff's Collections page, on one of its tabs (`credits`, `deliveries`). */
export function collectionsLink(tab?: 'credits' | 'deliveries') {
  return tab ? `/collections?tab=${tab}` : '/collections'
}
