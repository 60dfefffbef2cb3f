import { endpoints } from '~/contract/endpoints'
import { NO_PAYMENT_PROVIDER } from '~/contract/collections'
import { conflict, notFound } from '../http/errors'
import { implement, type HandlerTable } from '../http/router'

// The contract's entries, answered as "not set up" until the provider's side is built.
const notSetUp = async (): Promise<never> => {
  throw conflict(NO_PAYMENT_PROVIDER)
}
const noWebhook = async (): Promise<never> => {
  throw notFound('Route not found')
}

export const collectionsHandlers = {
  paystackWebhook: implement(endpoints.paystackWebhook, noWebhook),
  monnifyWebhook: implement(endpoints.monnifyWebhook, noWebhook),
  checkoutStart: implement(endpoints.checkoutStart, notSetUp),
  checkoutVerify: implement(endpoints.checkoutVerify, notSetUp),
  accountCredits: implement(endpoints.accountCredits, async () => ({
    data: { items: [], page: 1, totalPages: 1, open_amount: 0 },
  })),
  collectionsSummary: implement(endpoints.collectionsSummary, notSetUp),
  collectionsCredits: implement(endpoints.collectionsCredits, async () => ({
    data: { items: [], page: 1, totalPages: 1 },
  })),
  collectionsDeliveries: implement(endpoints.collectionsDeliveries, async () => ({
    data: { items: [], page: 1, totalPages: 1 },
  })),
  creditAllocate: implement(endpoints.creditAllocate, notSetUp),
  creditRefund: implement(endpoints.creditRefund, notSetUp),
  creditDecide: implement(endpoints.creditDecide, notSetUp),
  payoutAccountResolve: implement(endpoints.payoutAccountResolve, notSetUp),
} satisfies HandlerTable
