import { data, redirect } from '@remix-run/node'
import { mayCall } from '~/contract/access'
import {
  allocateCreditPayloadSchema,
  CREDIT_STATES,
  decideCreditPayloadSchema,
  DELIVERY_STATUSES,
  PAYMENT_PROVIDERS,
  refundCreditPayloadSchema,
  type DeliveryStatus,
  type PaymentProvider,
} from '~/contract/collections'
import { endpoints } from '~/contract/endpoints'
import { formatNaira, parseDisplayDate } from '~/contract/format'
import type { Subscription } from '~/contract/subscriptions'
import type { SubmissionResult } from '@conform-to/react'
import { api, type ApiResult } from '~/utils/api.server'
import { formSpec, parseForm, readForm, replyWithServerErrors } from '~/utils/form.server'
import { pageNumberFrom, readListQuery } from '~/utils/list.server'
import { requireUser } from '~/utils/session.server'
import { timeZoneFrom } from '~/utils/time-zone.server'
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server'
import { FORBIDDEN_MESSAGE } from '../people/access.server'
import { creditHref, CREDITS_PATH, creditsHref, deliveriesHref } from './links'

export const DAY_MESSAGE = 'Enter the date as DD/MM/YYYY, for example 22/11/2026'

/** Collections is for staff who confirm payments: the API's rule for its lists, checked here too for the page. */
export async function requireCollector(request: Request) {
  const user = await requireUser(request)
  if (!mayCall(user, endpoints.collectionsSummary.access))
    throw new Response(FORBIDDEN_MESSAGE, { status: 403 })
  return user
}

const oneOf = <T extends string>(values: readonly T[], value: string): T | '' =>
  (values as readonly string[]).includes(value) ? (value as T) : ''

/**
 * /collections: money received through the provider by day, between two days typed as DD/MM/YYYY
 * (the API's last 30 days when none), and what waits for staff. A day that is not a date is said
 * by its box and left out of the query.
 */
export async function loadCollectionsSummary(request: Request) {
  await requireCollector(request)
  const search = new URL(request.url).searchParams
  // The address notifications give for a tab (contract/links.ts collectionsLink) opens its page.
  const tab = search.get('tab')
  if (tab === 'credits') throw redirect(creditsHref({}))
  if (tab === 'deliveries') throw redirect(deliveriesHref({ status: 'failed' }))
  const typed = {
    from: search.get('from')?.trim().slice(0, 20) ?? '',
    to: search.get('to')?.trim().slice(0, 20) ?? '',
    provider: oneOf(PAYMENT_PROVIDERS, search.get('provider')?.trim() ?? ''),
  }
  const from = typed.from ? parseDisplayDate(typed.from) : null
  const to = typed.to ? parseDisplayDate(typed.to) : null
  const fieldErrors = {
    from: typed.from && !from ? DAY_MESSAGE : null,
    to: typed.to && !to ? DAY_MESSAGE : null,
  }
  const result = await api(request, endpoints.collectionsSummary, {
    query: { from: from ?? undefined, to: to ?? undefined, provider: typed.provider || undefined },
  })
  return {
    filters: typed,
    fieldErrors: result.ok
      ? fieldErrors
      : {
          from: fieldErrors.from ?? result.fieldErrors?.from?.join(', ') ?? null,
          to: fieldErrors.to ?? result.fieldErrors?.to?.join(', ') ?? null,
        },
    summary: result.ok ? result.data : null,
    error: result.ok || result.fieldErrors ? null : result.message,
    timeZone: timeZoneFrom(request),
  }
}

const CREDIT_FILTERS = ['state', 'search'] as const

/** /collections/credits: a page of credits by state and search, newest first. */
export async function loadCredits(request: Request) {
  await requireCollector(request)
  const { page, filters } = readListQuery(request, CREDIT_FILTERS)
  const state = oneOf(CREDIT_STATES, filters.state)
  const search = filters.search.slice(0, 100)
  const result = await api(request, endpoints.collectionsCredits, {
    query: { page, state: state || undefined, search: search || undefined },
  })
  const url = new URL(request.url)
  return {
    filters: { state, search },
    listSearch: url.search,
    list: result.ok ? result.data : null,
    error: result.ok ? null : result.message,
    timeZone: timeZoneFrom(request),
  }
}

/** A customer's subscriptions that take a payment now: what a credit may be allocated to. */
async function payableSubscriptions(request: Request, email: string) {
  const result = await api(request, endpoints.subscriptionList, {
    query: { search: email, page: 1 },
  })
  if (!result.ok) return null
  const payable: Subscription['status'][] = ['awaiting_payment', 'ongoing']
  return result.data.items
    .filter((item) => item.user.email === email && payable.includes(item.status))
    .map((item) => ({
      reference: item.reference,
      label: `${item.reference} · ${item.product.name} · balance ${formatNaira(item.amount_left)}`,
    }))
}

/** One credit, found through the list's search by its reference (there is no read of one alone). */
async function findCredit(request: Request, reference: string) {
  const result = await api(request, endpoints.collectionsCredits, {
    query: { page: 1, search: reference.slice(0, 100) },
  })
  if (!result.ok) return { credit: null, message: result.message }
  const credit = result.data.items.find((item) => item.reference === reference) ?? null
  return { credit, message: credit ? '' : 'No such credit' }
}

/** The credit panel over the list: what arrived, and the allocation, refund or decision open to the viewer. */
export async function loadCredit(request: Request, reference: string) {
  await requireCollector(request)
  const url = new URL(request.url)
  const closeTo = `${CREDITS_PATH}${url.search}`
  const { credit, message } = await findCredit(request, reference)
  if (!credit) throw await redirectWithError(request, closeTo, message)
  const subscriptions =
    credit.state === 'open' ? await payableSubscriptions(request, credit.customer.email) : []
  return {
    credit,
    subscriptions,
    closeTo,
    timeZone: timeZoneFrom(request),
    specs: {
      allocate: formSpec(allocateCreditPayloadSchema),
      refund: formSpec(refundCreditPayloadSchema),
      decide: formSpec(decideCreditPayloadSchema, { decision: 'confirm' }),
    },
  }
}

export const CREDIT_INTENTS = ['allocate', 'refund', 'decide'] as const
type CreditIntent = (typeof CREDIT_INTENTS)[number]

/**
 * The credit panel's three forms (the `intent` field says which): ask to allocate it or refund it,
 * or (another member of staff) confirm or turn down what was asked. The API enforces the four
 * eyes; a refusal about a field is said by it, any other with a toast on the panel.
 */
export async function creditAction(request: Request, reference: string) {
  await requireCollector(request)
  const url = new URL(request.url)
  const here = `${creditHref(reference)}${url.search}`
  const intent = oneOf<CreditIntent>(
    CREDIT_INTENTS,
    String((await readForm(request)).get('intent') ?? ''),
  )
  if (!intent) return redirectWithError(request, here, 'Unknown form')
  const params = { reference }
  const refused = (result: SubmissionResult<string[]>) => data({ intent, result }, { status: 400 })
  const settle = async (
    submission: { reply: Parameters<typeof replyWithServerErrors>[0]['reply'] },
    result: ApiResult<unknown>,
  ) => {
    if (result.ok) return redirectWithSuccess(request, here, result.message)
    if (result.fieldErrors) return refused(replyWithServerErrors(submission, result))
    return redirectWithError(request, here, result.message)
  }
  if (intent === 'allocate') {
    const { submission } = await parseForm(request, allocateCreditPayloadSchema)
    if (submission.status !== 'success') return refused(submission.reply())
    return settle(
      submission,
      await api(request, endpoints.creditAllocate, { params, body: submission.value }),
    )
  }
  if (intent === 'refund') {
    const { submission } = await parseForm(request, refundCreditPayloadSchema)
    if (submission.status !== 'success') return refused(submission.reply())
    return settle(
      submission,
      await api(request, endpoints.creditRefund, { params, body: submission.value }),
    )
  }
  const { submission } = await parseForm(request, decideCreditPayloadSchema)
  if (submission.status !== 'success') return refused(submission.reply())
  return settle(
    submission,
    await api(request, endpoints.creditDecide, { params, body: submission.value }),
  )
}

/** /collections/deliveries: the providers' webhook deliveries by status and provider, newest first. */
export async function loadDeliveries(request: Request) {
  await requireCollector(request)
  const search = new URL(request.url).searchParams
  const page = pageNumberFrom(search.get('page'))
  const status = oneOf<DeliveryStatus>(DELIVERY_STATUSES, search.get('status')?.trim() ?? '')
  const provider = oneOf<PaymentProvider>(PAYMENT_PROVIDERS, search.get('provider')?.trim() ?? '')
  const result = await api(request, endpoints.collectionsDeliveries, {
    query: { page, status: status || undefined, provider: provider || undefined },
  })
  return {
    filters: { status, provider },
    list: result.ok ? result.data : null,
    error: result.ok ? null : result.message,
    timeZone: timeZoneFrom(request),
  }
}
