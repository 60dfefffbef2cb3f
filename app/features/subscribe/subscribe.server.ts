import crypto from 'node:crypto'
import type { SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'
import { endpoints } from '~/contract/endpoints'
import { payLink } from '~/contract/links'
import { PRODUCT_UNAVAILABLE, type SubscribeInput } from '~/contract/subscriptions'
import { api, type ApiFailure } from '~/utils/api.server'
import { flowHref } from '~/utils/breakdown'
import { requireUser } from '~/utils/session.server'
import { redirectToCanonical } from '~/utils/list.server'
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server'
import { KINDS, listUrlFrom, type KindName } from '../products/kinds'
import { loadProduct } from '../products/product-details.server'

/** The product a flow is about, who is subscribing, and where closing the panel goes. */
export async function loadFlow(
  request: Request,
  kindName: KindName,
  reference: string | undefined,
) {
  const { product, closeTo, url } = await loadProduct(request, kindName, reference)
  // A sold-out product closes the panel with the API's wording rather than a flow that cannot finish.
  if (!product.is_available) throw await redirectWithError(request, closeTo, PRODUCT_UNAVAILABLE)
  const user = await requireUser(request)
  return {
    product,
    closeTo,
    url,
    listSearch: closeTo.slice(KINDS[kindName].basePath.length),
    investor: { first_name: user.first_name, last_name: user.last_name },
    showAll: url.searchParams.get('all') === '1',
  }
}

/** One address per breakdown (?amount=500000&step=breakdown, then the list's query): other spellings redirect to it. */
export function assertCanonical(
  request: Request,
  flow: Record<string, string | number | null>,
  listSearch: string,
) {
  redirectToCanonical(request, flowHref(new URL(request.url).pathname, flow, listSearch))
}

/** A fresh key per breakdown shown: posting the same form twice then makes one subscription. */
export const newIdempotencyKey = () => crypto.randomUUID()

/** Every message of a failed call, for the banner over the form. */
function messagesOf(failure: ApiFailure) {
  const fieldMessages = Object.values(failure.fieldErrors ?? {}).flat()
  return [...new Set([...fieldMessages, ...(fieldMessages.length ? [] : [failure.message])])]
}

type Submission = {
  reply: (options?: {
    formErrors?: string[]
    fieldErrors?: Record<string, string[]>
  }) => SubmissionResult
}

/**
 * POST product-subscription. Success opens the new subscription's pay panel with a toast; a product
 * gone meanwhile closes the panel over the refreshed list; any other refusal stays on the breakdown
 * with the server's message.
 */
export async function subscribe(
  request: Request,
  kindName: KindName,
  submission: Submission,
  body: SubscribeInput,
) {
  const closeTo = listUrlFrom(KINDS[kindName], new URL(request.url).searchParams)
  const result = await api(request, endpoints.subscriptionCreate, { body })
  // Made: on to paying for it, the new subscription's pay panel.
  if (result.ok)
    return redirectWithSuccess(
      request,
      payLink(result.data.type, result.data.reference),
      result.message,
    )
  // A refusal about one of the form's fields (409 with the field) stays on the breakdown.
  if (
    (result.httpStatus === 409 && !result.fieldErrors) ||
    result.message === PRODUCT_UNAVAILABLE
  ) {
    return redirectWithError(request, closeTo, result.message)
  }
  const status =
    result.httpStatus >= 400 &&
    result.httpStatus < 500 &&
    result.httpStatus !== 422 &&
    !result.fieldErrors
      ? result.httpStatus
      : 400
  return data({ result: submission.reply({ formErrors: messagesOf(result) }) }, { status })
}

/** What a land product costs when: under one of its plans (a uuid) or paid in full ('full'). */
/** What a land product costs when under a plan (or `full`), for `quantity` plots or acres as the API prices them. */
export async function fetchPaymentStructure(
  request: Request,
  reference: string,
  plan: string,
  quantity?: number,
) {
  return api(request, endpoints.paymentStructure, {
    params: { reference, id: plan },
    body: quantity === undefined ? {} : { quantity },
  })
}

/** The returns an amount invested in a land-investment product pays, and when. */
export async function fetchInvestmentPlan(request: Request, reference: string, amount: number) {
  return api(request, endpoints.investmentPlan, { params: { reference }, body: { amount } })
}
