import { overdueParts } from '../subscriptions/plan-terms'
import type { CollectionsSummary } from '~/contract/collections'
import type {
  DashboardMetrics,
  DashboardSummary,
  DueItem,
  OwnSummary,
  RealtorSummary,
  StaffSummary,
} from '~/contract/dashboard'
import { formatDate, formatNaira, formatNumber } from '~/contract/format'
import { SUBSCRIPTION_STATUS_LABELS } from '~/contract/subscription-labels'
import type { DashboardCardKey } from '~/utils/navigation'
import { creditsHref, deliveriesHref } from '../collections/links'
import { customerHref, customersFromHref, payHref, planHref, STAFF_LINKS } from './links.server'

// The dashboard as it reads: figures formatted and links built here, so the browser gets words
// and addresses, not the formatters and the lists' address rules.

/** "1 plot", "2 plots". */
export const counted = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`

export type StaffCard = {
  key: string
  title: string
  total: string
  none: boolean
  links: Array<{ text: string; to: string }>
}

/**
 * What staff act on, each count linking to the list filtered to exactly those rows. A card shows
 * only when the API counted it, that is when the staff member may see the list it leads to.
 */
function staffCards(
  staff: StaffSummary,
  weekStart: string,
  collections: CollectionsSummary | null,
): StaffCard[] {
  const cards: Array<Omit<StaffCard, 'total' | 'none'> & { total: number }> = []
  if (staff.awaiting_confirmation) {
    const { land, investment } = staff.awaiting_confirmation
    cards.push({
      key: 'awaiting',
      title: 'Payments awaiting confirmation',
      total: land + investment,
      links: [
        {
          text: counted(land, 'land payment', 'land payments'),
          to: STAFF_LINKS.landAwaitingConfirmation,
        },
        {
          text: counted(investment, 'investment payment', 'investment payments'),
          to: STAFF_LINKS.investmentsAwaitingConfirmation,
        },
      ],
    })
  }
  if (staff.payouts_due !== null) {
    cards.push({
      key: 'payouts',
      title: 'Payouts due',
      total: staff.payouts_due,
      links: [
        {
          text: counted(staff.payouts_due, 'investment to pay out', 'investments to pay out'),
          to: STAFF_LINKS.payoutsDue,
        },
      ],
    })
  }
  if (staff.in_arrears !== null) {
    cards.push({
      key: 'arrears',
      title: 'Subscriptions in arrears',
      total: staff.in_arrears,
      links: [
        {
          text: counted(
            staff.in_arrears,
            'subscription with an instalment overdue',
            'subscriptions with an instalment overdue',
          ),
          to: STAFF_LINKS.inArrears,
        },
      ],
    })
  }
  if (staff.new_customers_this_week !== null) {
    cards.push({
      key: 'customers',
      title: 'New customers this week',
      total: staff.new_customers_this_week,
      links: [
        {
          text: counted(
            staff.new_customers_this_week,
            'customer since Monday',
            'customers since Monday',
          ),
          to: customersFromHref(weekStart),
        },
      ],
    })
  }
  const collectionsCard = collectionsWaiting(collections)
  if (collectionsCard) cards.push(collectionsCard)
  return cards.map((card) => ({ ...card, total: formatNumber(card.total), none: !card.total }))
}

/**
 * What waits on Collections: credits to allocate and deliveries that failed or were refused. Shown
 * while a payment provider is set up, or while anything from one still waits.
 */
function collectionsWaiting(summary: CollectionsSummary | null) {
  if (!summary) return null
  const credits = summary.open_credits.count
  const failed = summary.failed_deliveries
  const refused = summary.rejected_deliveries
  if (!summary.provider && !credits && !failed && !refused) return null
  return {
    key: 'collections',
    title: 'Collections to look at',
    total: credits + failed + refused,
    links: [
      {
        text: counted(credits, 'unallocated credit', 'unallocated credits'),
        to: creditsHref({ state: 'open' }),
      },
      {
        text: counted(failed, 'failed delivery', 'failed deliveries'),
        to: deliveriesHref({ status: 'failed' }),
      },
      {
        text: counted(refused, 'refused delivery', 'refused deliveries'),
        to: deliveriesHref({ status: 'rejected' }),
      },
    ],
  }
}

function realtorDisplay(realtor: RealtorSummary) {
  return {
    customersTotal: formatNumber(realtor.customers_total),
    customersInArrears: realtor.customers_in_arrears,
    signups: formatNumber(realtor.referral_signups_this_week),
    commissions: [
      { label: 'Earned', amount: formatNaira(realtor.commissions.earned) },
      { label: 'Paid', amount: formatNaira(realtor.commissions.paid) },
      { label: 'Balance', amount: formatNaira(realtor.commissions.balance) },
    ],
    customers: realtor.customers.map((customer) => ({
      reference: customer.reference,
      fullName: customer.full_name,
      href: customerHref(customer.reference),
      subscriptions: counted(customer.subscriptions, 'subscription', 'subscriptions'),
      hasSubscriptions: customer.subscriptions > 0,
      paidPercent: customer.paid_percent,
      paid: `${formatNaira(customer.amount_paid)} of ${formatNaira(customer.total_amount)} paid`,
      arrears: customer.subscriptions_in_arrears
        ? `In arrears${customer.subscriptions_in_arrears > 1 ? ` (${customer.subscriptions_in_arrears} purchases)` : ''}`
        : null,
    })),
    /** The total when only some are listed ('See all N customers'). */
    moreThanShown:
      realtor.customers_total > realtor.customers.length ? realtor.customers_total : null,
  }
}

function nextPaymentDisplay(item: DueItem | null, overdue: OwnSummary['land']['overdue_now']) {
  if (!item) return null
  const several = overdue.purchases > 1
  return {
    amount: formatNaira(item.amount),
    overdue: item.overdue,
    when: item.overdue ? `Overdue since ${formatDate(item.date)}` : `Due ${formatDate(item.date)}`,
    title: item.title,
    /** "You owe ₦5,508,000.00 now" and its parts, when something is overdue. */
    // On several purchases: the sum of them all, then this one's share, which the button pays.
    owedNow: item.owed_now
      ? {
          amount: formatNaira(several ? overdue.amount : item.owed_now.amount),
          across: several ? `on ${overdue.purchases} purchases` : null,
          parts: several
            ? `${formatNaira(item.owed_now.amount)} of it on ${item.title}: ${overdueParts(item.owed_now)}`
            : overdueParts(item.owed_now),
        }
      : null,
    payHref: payHref(item.type, item.reference),
  }
}

function ownDisplay(own: OwnSummary) {
  const { land, investments } = own
  return {
    nextPayment: nextPaymentDisplay(own.next_payment, land.overdue_now),
    paid: formatNaira(land.amount_paid),
    plotsCounted: counted(land.units, 'plot', 'plots'),
    balance: formatNaira(land.balance),
    portfolioValue: formatNaira(investments.portfolio_value),
    portfolioNote: investments.active
      ? `In ${counted(investments.active, 'investment', 'investments')} paying out`
      : 'No investment paying out yet',
    nextPayout: investments.next_payout ? formatNaira(investments.next_payout.amount) : 'None yet',
    nextPayoutNote: investments.next_payout
      ? `On ${formatDate(investments.next_payout.date)}`
      : 'Invest to earn returns',
    landCount: land.count,
    plots: land.plots.map((plot) => ({
      reference: plot.reference,
      title: plot.title,
      href: planHref('land', plot.reference),
      status: SUBSCRIPTION_STATUS_LABELS[plot.status],
      paidPercent: plot.paid_percent,
      paid: `${formatNaira(plot.total_amount_paid)} of ${formatNaira(plot.total_amount)} paid · balance ${formatNaira(plot.balance)}`,
    })),
  }
}

export type OwnDisplay = ReturnType<typeof ownDisplay>
export type RealtorDisplay = ReturnType<typeof realtorDisplay>

/** Whether the caller's own land and investments are worth a section: always for customers, for others once they have some. */
function showsOwn(role: string, summary: DashboardSummary) {
  if (role === 'customer') return true
  const { own } = summary
  return own.land.count > 0 || own.investments.active > 0 || own.next_payment !== null
}

/** Each metric card's figure as shown ('–' when the totals could not be read). */
function metricFigures(metrics: DashboardMetrics | null): Record<DashboardCardKey, string> {
  const figure = (key: DashboardCardKey) => (metrics ? formatNumber(metrics[key]) : '–')
  return {
    total_products: figure('total_products'),
    total_customers: figure('total_customers'),
    total_subscriptions: figure('total_subscriptions'),
    total_realtors: figure('total_realtors'),
  }
}

/** The dashboard's sections as they read, for a caller of this role. */
export function dashboardDisplay(
  role: string,
  metrics: DashboardMetrics | null,
  summary: DashboardSummary | null,
  collections: CollectionsSummary | null = null,
) {
  return {
    staff: summary?.staff ? staffCards(summary.staff, summary.week_start, collections) : null,
    realtor: summary?.realtor ? realtorDisplay(summary.realtor) : null,
    own: summary && showsOwn(role, summary) ? ownDisplay(summary.own) : null,
    metrics: metricFigures(metrics),
  }
}
