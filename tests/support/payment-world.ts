/**
 * The payment provider's part of the security checks' world: the provider (the stand-in) the
 * authorization matrix and the malformed-input run set up, and the records its endpoints act on
 * (a credit, a credit with an allocation waiting for confirmation, a checkout), made by sending
 * money through the stand-in as a customer would.
 */
import { createHmac } from 'node:crypto'
import type { PaymentTestProvider } from './payment-provider'
import type { World, WorldClient } from './security-world'

let current: { provider: PaymentTestProvider; client: WorldClient } | null = null

export function usePaymentProvider(provider: PaymentTestProvider, client: WorldClient) {
  current = { provider, client }
}

function inUse() {
  if (!current) throw new Error('No payment provider is set up for these checks')
  return current
}

/** The signature header a provider's webhook carries for these exact bytes (its secret from the environment). */
export function signedBy(provider: 'paystack' | 'monnify') {
  return (body: string | Uint8Array) => {
    const secret =
      provider === 'paystack' ? process.env.PAYSTACK_SECRET_KEY : process.env.MONNIFY_SECRET_KEY
    const header = provider === 'paystack' ? 'x-paystack-signature' : 'monnify-signature'
    return {
      [header]: createHmac('sha512', secret ?? '')
        .update(body)
        .digest('hex'),
    }
  }
}

async function ok(method: string, path: string, token: string, body?: unknown) {
  const answer = await inUse().client.call(method, path, { token, body })
  if (answer.status !== '200')
    throw new Error(`${method} ${path} failed: ${answer.httpStatus} ${answer.message}`)
  return answer.data
}

let phoneGiven = false

/** The world's customer's own account number (Paystack opens it once the profile has a phone). */
async function customerAccountNumber(w: World) {
  const { provider } = inUse()
  if (!phoneGiven) {
    await ok('POST', 'account/profile', w.customer.token, { phone: '0803 700 0001' })
    phoneGiven = true
    await provider.settle()
  }
  const { reference } = await w.make.subscription('unpaid')
  const details = await ok(
    'GET',
    `product-subscription/${reference}/payment-details`,
    w.customer.token,
  )
  if (!details.virtual_account)
    throw new Error(`The world customer has no account number: ${JSON.stringify(details)}`)
  return details.virtual_account.account_number as string
}

// More than any balance the world's subscriptions leave: always a credit ("over").
const CREDIT_KOBO = 777_777_700

/** A new unallocated credit of the customer's (money sent to its account number that fits no payment): its reference. */
export async function makeCredit(w: World): Promise<string> {
  const { provider } = inUse()
  const transfer = await provider.standIn.sendTransfer({
    accountNumber: await customerAccountNumber(w),
    amountKobo: CREDIT_KOBO,
  })
  await provider.settle()
  const credits = await ok('GET', 'account/credit', w.customer.token)
  const credit = (credits.items as { reference: string; provider_reference: string }[]).find(
    (item) => item.provider_reference === transfer.reference,
  )
  if (!credit) throw new Error(`No credit was made of ${transfer.reference}`)
  return credit.reference
}

/** A new credit another member of staff asked to allocate to a new unpaid subscription (₦5,000,000): its reference. */
export async function makePendingAllocation(w: World): Promise<string> {
  const credit = await makeCredit(w)
  const { reference } = await w.make.subscription('unpaid')
  const requester = await w.adminWithout(['can_manage_titles'])
  await ok('POST', `admin/collections/credit/${credit}/allocate`, requester.token, {
    subscription: reference,
    amount: 5_000_000,
  })
  return credit
}

/** A new land subscription of the caller's, paid in full (₦5,000,000) and not yet paid: its reference. */
export async function makeOwnUnpaid(w: World, caller: { token: string }) {
  const land = await w.make.land()
  const created = await ok('POST', 'product-subscription', caller.token, {
    type: 'land',
    product_id: land.reference,
    payment_mode: 'full',
  })
  return created.reference as string
}

/** A checkout the caller started on a new unpaid subscription of theirs, not paid. */
export async function makeCheckout(w: World, caller: { token: string }) {
  const reference = await makeOwnUnpaid(w, caller)
  const started = await ok('POST', `product-subscription/${reference}/checkout`, caller.token, {
    amount: 5_000_000,
  })
  return { subscription: reference, checkout: started.reference as string }
}
