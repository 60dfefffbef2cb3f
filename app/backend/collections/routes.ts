import { bankName, type BankCode } from '~/contract/banks'
import {
  CHECKOUT_MESSAGES,
  CREDIT_CONFIRMED,
  CREDIT_REJECTED,
  NO_ACCOUNT_LOOKUP,
  PROVIDER_UNAVAILABLE,
  type PaymentProvider,
} from '~/contract/collections'
import { endpoints } from '~/contract/endpoints'
import { PAGE_SIZE } from '~/contract/envelope'
import { paginated, type HandlerContext } from '../http/context'
import { conflict, refusedField } from '../http/errors'
import { implement, type HandlerTable } from '../http/router'
import { koboToNaira, nairaToKobo } from '../money'
import {
  cbnCodeOf,
  providerAdapter,
  ProviderRefusedError,
  ProviderUnavailableError,
  SIGNATURE_HEADERS,
} from '../payment-provider'
import { consume, LIMITS } from '../rate-limit'
import { findVisibleSubscription } from '../subscriptions/queries'
import { startCheckout, verifyCheckout } from './checkout'
import { decideCredit, listCredits, ownCredits, requestAllocation, requestRefund } from './credits'
import { receiveWebhook } from './inbox'
import { collectionsSummary, listDeliveries } from './summary'

function webhook(provider: PaymentProvider) {
  return async ({
    db,
    request,
    rawBody,
    clientIp,
  }: Pick<
    HandlerContext<typeof endpoints.paystackWebhook>,
    'db' | 'request' | 'rawBody' | 'clientIp'
  >) => {
    const received = await receiveWebhook(db, {
      provider,
      rawBody,
      signature: request.headers.get(SIGNATURE_HEADERS[provider]),
      clientIp,
    })
    return {
      message: received.duplicate ? 'Already received' : 'Received',
      data: { received: true, duplicate: received.duplicate },
    }
  }
}

const checkout = implement(endpoints.checkoutStart, async ({ db, user, params, body }) => {
  const row = await findVisibleSubscription(db, user, params.reference)
  const amount = nairaToKobo(body.amount)
  return { message: 'Checkout started', data: await startCheckout(db, user, row, amount) }
})

const checkoutReturn = implement(endpoints.checkoutVerify, async ({ db, user, params, body }) => {
  const row = await findVisibleSubscription(db, user, params.reference)
  const result = await verifyCheckout(db, user, row, body.reference)
  return { message: CHECKOUT_MESSAGES[result.status], data: result }
})

const accountCredits = implement(endpoints.accountCredits, async ({ db, user, query }) => {
  const page = query.page ?? 1
  const { items, total, openKobo } = await ownCredits(db, user.id, page, PAGE_SIZE)
  return { data: { ...paginated(items, page, total), open_amount: koboToNaira(openKobo) } }
})

const summary = implement(endpoints.collectionsSummary, async ({ db, query }) => ({
  data: await collectionsSummary(db, query),
}))

const creditList = implement(
  endpoints.collectionsCredits,
  async ({ db, user, query: { page = 1, ...filters } }) => {
    const { items, total } = await listCredits(db, user, { ...filters, page }, PAGE_SIZE)
    return { data: paginated(items, page, total) }
  },
)

const deliveryList = implement(
  endpoints.collectionsDeliveries,
  async ({ db, query: { page = 1, ...filters } }) => {
    const { items, total } = await listDeliveries(db, { ...filters, page }, PAGE_SIZE)
    return { data: paginated(items, page, total) }
  },
)

const allocate = implement(endpoints.creditAllocate, async ({ db, user, params, body }) =>
  requestAllocation(db, user, params.reference, {
    subscription: body.subscription,
    amountKobo: body.amount === undefined ? null : nairaToKobo(body.amount),
  }),
)

const refund = implement(endpoints.creditRefund, async ({ db, user, params, body }) =>
  requestRefund(db, user, params.reference, {
    reason: body.reason,
    bankReference: body.bank_reference ?? null,
  }),
)

const decide = implement(endpoints.creditDecide, async ({ db, user, params, body }) => ({
  message: body.decision === 'confirm' ? CREDIT_CONFIRMED : CREDIT_REJECTED,
  data: await decideCredit(db, user, params.reference, {
    decision: body.decision,
    reason: body.reason ?? null,
  }),
}))

const resolveAccount = implement(endpoints.payoutAccountResolve, async ({ db, user, body }) => {
  const adapter = providerAdapter()
  if (!adapter) throw conflict(NO_ACCOUNT_LOOKUP)
  await consume(db, 'account-lookup', String(user.id), LIMITS.accountLookup)
  const bank = body.bank_code as BankCode
  let name: string | null
  try {
    name = await adapter.resolveAccount(cbnCodeOf(bank), body.account_number)
  } catch (error) {
    if (error instanceof ProviderUnavailableError || error instanceof ProviderRefusedError)
      throw conflict(PROVIDER_UNAVAILABLE)
    throw error
  }
  if (!name)
    throw refusedField(
      'account_number',
      `${bankName(bank)} has no account ${body.account_number}: check the number and the bank`,
    )
  return {
    data: {
      bank_code: bank,
      bank_name: bankName(bank),
      account_number: body.account_number,
      account_name: name,
    },
  }
})

export const collectionsHandlers = {
  paystackWebhook: implement(endpoints.paystackWebhook, webhook('paystack')),
  monnifyWebhook: implement(endpoints.monnifyWebhook, webhook('monnify')),
  checkoutStart: checkout,
  checkoutVerify: checkoutReturn,
  accountCredits,
  collectionsSummary: summary,
  collectionsCredits: creditList,
  collectionsDeliveries: deliveryList,
  creditAllocate: allocate,
  creditRefund: refund,
  creditDecide: decide,
  payoutAccountResolve: resolveAccount,
} satisfies HandlerTable
