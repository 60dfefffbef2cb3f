import { data, redirect } from '@remix-run/node'
import {
  CHECKOUT_MESSAGES,
  checkoutPayloadSchema,
  ONLY_THE_SUBSCRIBER_PAYS_ONLINE,
  PAYMENT_PROVIDER_NAMES,
  PROVIDER_UNAVAILABLE,
  type CheckoutOutcome,
} from '~/contract/collections'
import { endpoints } from '~/contract/endpoints'
import { api } from '~/utils/api.server'
import { parseForm, replyWithServerErrors } from '~/utils/form.server'
import { redirectWithError } from '~/utils/toast.server'
import type { ListName } from '../subscriptions/lists'
import { loadSubscription, NO_PERMISSION } from '../subscriptions/subscriptions.server'

/** The hosted page's address as the API gave it, if it is a web address a browser may be sent to. */
function checkoutPage(address: string) {
  try {
    const url = new URL(address)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

/**
 * "Pay online": one of the amounts due, sent to the API, which starts the provider's hosted
 * checkout. With JavaScript (the form's `js` field) the answer redirects to the provider's page;
 * a plain post gets a page that forwards there, because the site's form-action policy blocks a
 * form post's redirect to another site. A refusal is said by the amounts, keeping the choice.
 */
export async function checkoutAction(
  request: Request,
  name: ListName,
  reference: string | undefined,
) {
  // Staff see the payment screen without "Pay online" (they record payments): a post of theirs is
  // refused before its fields, which that screen has nowhere to show.
  const { subscription, closeTo } = await loadSubscription(request, name, reference)
  if (!subscription.is_user)
    throw await redirectWithError(request, closeTo, ONLY_THE_SUBSCRIBER_PAYS_ONLINE)
  const { formData, submission } = await parseForm(request, checkoutPayloadSchema)
  const answer = (result: ReturnType<typeof submission.reply>, status = 400) =>
    data({ result, forward: null }, { status })
  if (submission.status !== 'success') return answer(submission.reply())
  const result = await api(request, endpoints.checkoutStart, {
    params: { reference: subscription.reference },
    body: submission.value,
  })
  if (!result.ok) {
    // Not the subscriber's (staff record payments instead), or no such subscription.
    if (result.httpStatus === 403 || result.httpStatus === 404)
      return redirectWithError(request, closeTo, result.message)
    return answer(replyWithServerErrors(submission, result), result.httpStatus === 409 ? 409 : 400)
  }
  const page = checkoutPage(result.data.authorization_url)
  if (!page) return answer(submission.reply({ formErrors: [PROVIDER_UNAVAILABLE] }), 409)
  if (formData.get('js') === '1') return redirect(page)
  return data({
    result: null,
    forward: {
      url: page,
      provider: PAYMENT_PROVIDER_NAMES[result.data.provider],
      amount: result.data.amount,
    },
  })
}

/** What coming back from the hosted checkout came to, beyond the API's own outcomes. */
export type ReturnOutcome = CheckoutOutcome | 'unavailable' | 'unknown'

/** The checkout reference the provider put in the address: Paystack's `reference` or `trxref`, Monnify's `paymentReference`. */
function returnedReference(url: URL) {
  for (const key of ['reference', 'trxref', 'paymentReference']) {
    const value = url.searchParams.get(key)?.trim()
    if (value) return value.slice(0, 120)
  }
  return null
}

/**
 * Where the provider sends the browser back: the API verifies the payment with the provider
 * (checkout/verify) before anything is shown as paid; without a verified success nothing changes
 * and the page says why. Only the subscriber is verified for; anyone else goes back to the list.
 */
export async function loadCheckoutReturn(
  request: Request,
  name: ListName,
  reference: string | undefined,
) {
  const { subscription, closeTo, base, listSearch } = await loadSubscription(
    request,
    name,
    reference,
  )
  if (!subscription.is_user) throw await redirectWithError(request, closeTo, NO_PERMISSION)
  const url = new URL(request.url)
  const links = {
    closeTo,
    payHref: `${base}/pay${listSearch}`,
    transactionsHref: `${base}/transactions${listSearch}`,
    retryHref: url.pathname + url.search,
  }
  const shown = (outcome: ReturnOutcome, message: string, receiptHref: string | null = null) => ({
    subscription: { reference: subscription.reference, type: subscription.type },
    ...links,
    outcome,
    message,
    receiptHref,
  })
  // A checkout cancelled on the provider's page comes back without its reference.
  const checkout = returnedReference(url)
  if (!checkout) return shown('failed', CHECKOUT_MESSAGES.failed)
  const result = await api(request, endpoints.checkoutVerify, {
    params: { reference: subscription.reference },
    body: { reference: checkout },
  })
  if (!result.ok) {
    return result.httpStatus === 409
      ? shown('unavailable', result.message || PROVIDER_UNAVAILABLE)
      : shown('unknown', result.message)
  }
  const { status, transaction_reference: transaction } = result.data
  const receiptHref =
    status === 'paid' && transaction
      ? `${base}/transactions/${encodeURIComponent(transaction)}/receipt${listSearch}`
      : null
  return shown(status, CHECKOUT_MESSAGES[status], receiptHref)
}
