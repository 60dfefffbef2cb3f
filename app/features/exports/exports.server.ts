import { data } from '@remix-run/node'
import type { CsvExportEndpoint } from '~/contract/endpoint'
import { endpoints } from '~/contract/endpoints'
import { apiCsvExport, type Query } from '~/utils/api.server'
import { passFile } from '~/utils/files.server'
import { requireUser } from '~/utils/session.server'
import { ARREARS_PATH, arrearsApiQuery } from '../arrears/arrears.server'
import { AUDIT_PATH, auditApiQuery } from '../audit/audit.server'
import { COMMISSIONS_PATH, commissionApiQuery } from '../commissions/commissions.server'
import { PAYOUTS_PATH, payoutApiQuery } from '../payouts/payouts.server'
import { TITLES_PATH, titleApiQuery } from '../titles/titles.server'
import { PEOPLE } from '../people/kinds'
import { peopleApiQuery } from '../people/people.server'
import { KINDS } from '../products/kinds'
import { productApiQuery } from '../products/product-list.server'
import { EXPORT_SUBSCRIPTION_PARAM, LISTS } from '../subscriptions/lists'
import { subscriptionApiQuery } from '../subscriptions/subscriptions.server'

/**
 * Every list that exports: its API entry, the list page it goes back to when the API refuses (with
 * the message as a toast), and how the page's address becomes the API's filters, the same function
 * the list's own loader uses, so the file holds exactly the rows the list shows.
 */
type ListExport = {
  endpoint: CsvExportEndpoint
  back: string
  query: (search: URLSearchParams) => Query
  params?: (search: URLSearchParams) => Record<string, string>
}

// A Map, not an object: the list name comes from the address, and `/export/constructor` must not find Object's own properties.
const LIST_EXPORTS = new Map<string, ListExport>(
  Object.entries({
    audit: { endpoint: endpoints.auditList, back: AUDIT_PATH, query: auditApiQuery },
    titles: { endpoint: endpoints.titleList, back: TITLES_PATH, query: titleApiQuery },
    payouts: {
      endpoint: endpoints.payoutList,
      back: PAYOUTS_PATH,
      query: (search) => payoutApiQuery(search),
    },
    commissions: {
      endpoint: endpoints.commissionList,
      back: COMMISSIONS_PATH,
      query: (search) => commissionApiQuery(search, 'staff'),
    },
    // A realtor's own entries on the same page.
    'my-commissions': {
      endpoint: endpoints.commissionOwnList,
      back: COMMISSIONS_PATH,
      query: (search) => commissionApiQuery(search, 'realtor'),
    },
    arrears: { endpoint: endpoints.arrearsList, back: ARREARS_PATH, query: arrearsApiQuery },
    'land-purchases': {
      endpoint: endpoints.productList,
      back: KINDS.land.basePath,
      query: (search) => productApiQuery('land', search),
    },
    'land-investments': {
      endpoint: endpoints.productList,
      back: KINDS.investment.basePath,
      query: (search) => productApiQuery('investment', search),
    },
    subscriptions: {
      endpoint: endpoints.subscriptionList,
      back: LISTS.land.basePath,
      query: (search) => subscriptionApiQuery('land', search),
    },
    'investment-portfolio': {
      endpoint: endpoints.subscriptionList,
      back: LISTS.investment.basePath,
      query: (search) => subscriptionApiQuery('investment', search),
    },
    // One subscription's payments: /export/transactions?subscription=<reference>.
    transactions: {
      endpoint: endpoints.transactionList,
      back: LISTS.land.basePath,
      query: () => ({}),
      params: (search) => ({ reference: search.get(EXPORT_SUBSCRIPTION_PARAM)?.trim() ?? '' }),
    },
    customers: {
      endpoint: endpoints.customerList,
      back: PEOPLE.customer.path,
      query: peopleApiQuery,
    },
    realtors: { endpoint: endpoints.realtorList, back: PEOPLE.realtor.path, query: peopleApiQuery },
    users: { endpoint: endpoints.userList, back: PEOPLE.user.path, query: peopleApiQuery },
  } satisfies Record<string, ListExport>),
)

/** GET /export/{list}?<the list's filters>: the list's rows as a CSV file, from the API's stream. */
export async function listExportDownload(request: Request, list: string | undefined) {
  await requireUser(request)
  const entry = list ? LIST_EXPORTS.get(list) : undefined
  if (!entry) throw data('Not found', { status: 404 })
  const search = new URL(request.url).searchParams
  const response = await apiCsvExport(
    request,
    entry.endpoint,
    entry.query(search),
    entry.params?.(search),
  )
  return passFile(request, response, `${entry.back}?${search}`, ['text/csv'])
}
