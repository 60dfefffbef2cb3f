import { and, eq, or } from 'drizzle-orm'
import { PAGE_SIZE } from '~/contract/envelope'
import { hasPermission } from '~/contract/permissions'
import {
  adminCreateSubscriptionSchema,
  investmentPlanSchema,
  markTransactionSchema,
  subscribeSchema,
  transactionSchema,
} from '~/contract/subscriptions'
import { formatNaira } from '~/utils/format'
import { transactions, users } from '../db/schema'
import { pageFrom, paginated, parseBody, requirePermission, requireUser, type LegacyContext as ApiContext } from '../http/context'
import { conflict, fieldError, forbidden, notFound } from '../http/errors'
import type { RouteDefinition } from '../http/router'
import { koboToNaira, nairaToKobo } from '../money'
import { findOwnUpload } from './access'
import { allocationLetterPdf, pdfResponse, receiptPdf, receiptPurpose } from './documents'
import { fullPaymentStructure, investmentPlan, paymentStructure, toNairaRows } from './plans'
import {
  bankDetails,
  findTransaction,
  isPayable,
  listTransactions,
  markTransaction,
  NOT_PAYABLE,
  paymentDescription,
  recordPayment,
  serializeTransaction,
} from './payments'
import {
  findPlan,
  findProduct,
  findVisibleSubscription,
  isUuid,
  listSubscriptions,
  productName,
  subscriptionById,
  toDetail,
  toSubscription,
  type PlanRow,
} from './queries'
import { assertMinimum, cancelSubscription, createSubscription, investmentTerms, parsePaidAt, today } from './service'

const PRODUCT_NOT_FOUND = 'Product not found'

// ---------------------------------------------------------------------------------------------
// Plans (the breakdown shown before subscribing)

async function getPaymentStructure(ctx: ApiContext) {
  const product = await findProduct(ctx.db, ctx.params.reference)
  if (!product || product.type !== 'land') throw notFound(PRODUCT_NOT_FOUND)
  const start = today()
  // 'full' stands for paying in one go, so a client can fetch either breakdown the same way.
  if (ctx.params.id === 'full') {
    return { data: toNairaRows(fullPaymentStructure(product.amount, product.discountPercentage, start)) }
  }
  const plan = await findPlan(ctx.db, product.id, ctx.params.id)
  if (!plan) throw notFound('Payment plan not found')
  return {
    data: toNairaRows(
      paymentStructure({ amount: plan.amount, duration: plan.duration, durationType: plan.durationType }, product.initialDepositAmount, start),
    ),
  }
}

async function getInvestmentPlan(ctx: ApiContext) {
  const product = await findProduct(ctx.db, ctx.params.reference)
  if (!product || product.type !== 'land_investment') throw notFound(PRODUCT_NOT_FOUND)
  const { amount } = await parseBody(ctx, investmentPlanSchema)
  const kobo = nairaToKobo(amount)
  assertMinimum(product, kobo, 'amount', 'Amount')
  return { data: toNairaRows(investmentPlan(kobo, investmentTerms(product), today())) }
}

// ---------------------------------------------------------------------------------------------
// Subscribing

async function subscribe(ctx: ApiContext) {
  const user = requireUser(ctx)
  const input = await parseBody(ctx, subscribeSchema)
  const product = await findProduct(ctx.db, input.product_id)
  if (!product) throw fieldError('product_id', 'The selected product is invalid')
  if (product.type !== input.type) {
    throw fieldError('type', `This product is ${product.type === 'land' ? 'land' : 'an investment'}, not ${input.type === 'land' ? 'land' : 'an investment'}`)
  }
  let plan: PlanRow | null = null
  let amountInvested: number | null = null
  if (product.type === 'land_investment') {
    amountInvested = nairaToKobo(input.amount_invested ?? 0)
    assertMinimum(product, amountInvested, 'amount_invested', 'Amount invested')
    investmentTerms(product)
  } else if (input.payment_mode === 'installment') {
    plan = await findPlan(ctx.db, product.id, input.payment_id ?? '')
    if (!plan) throw fieldError('payment_id', 'The selected payment plan does not belong to this product')
  }
  const { id } = await createSubscription(ctx.db, {
    owner: user,
    product,
    plan,
    amountInvested,
    createdById: user.id,
    idempotencyKey: input.idempotency_key ?? null,
  })
  return { message: 'Product subscribed successfully', data: await toDetail(ctx.db, await subscriptionById(ctx.db, id), user) }
}

async function adminCreateSubscription(ctx: ApiContext) {
  const staff = requirePermission(ctx, 'can_modify_subscription')
  const input = await parseBody(ctx, adminCreateSubscriptionSchema)
  const key = input.customer.trim()
  const [customer] = await ctx.db
    .select()
    .from(users)
    .where(
      and(
        eq(users.role, 'customer'),
        isUuid(key) ? or(eq(users.uuid, key), eq(users.reference, key.toUpperCase())) : eq(users.reference, key.toUpperCase()),
      ),
    )
    .limit(1)
  if (!customer) throw fieldError('customer', 'The selected customer is invalid')
  if (customer.isSuspended) throw fieldError('customer', 'This customer is suspended')
  const product = await findProduct(ctx.db, input.product)
  if (!product) throw fieldError('product', 'The selected product is invalid')
  let plan: PlanRow | null = null
  let amountInvested: number | null = null
  if (product.type === 'land_investment') {
    if (input.amount_invested === undefined) throw fieldError('amount_invested', 'Amount invested is a required field')
    amountInvested = nairaToKobo(input.amount_invested)
    assertMinimum(product, amountInvested, 'amount_invested', 'Amount invested')
    investmentTerms(product)
  } else if (input.paymentPlan) {
    plan = await findPlan(ctx.db, product.id, input.paymentPlan)
    if (!plan) throw fieldError('paymentPlan', 'The selected payment plan does not belong to this product')
  }
  const { id } = await createSubscription(ctx.db, {
    owner: customer,
    product,
    plan,
    amountInvested,
    createdById: staff.id,
    idempotencyKey: null,
  })
  return { message: 'Subscription created successfully', data: await toDetail(ctx.db, await subscriptionById(ctx.db, id), staff) }
}

async function cancel(ctx: ApiContext) {
  const staff = requirePermission(ctx, 'can_modify_subscription')
  const row = await findVisibleSubscription(ctx.db, staff, ctx.params.reference)
  await cancelSubscription(ctx.db, row.subscription.id)
  return {
    message: 'Subscription cancelled successfully',
    data: await toDetail(ctx.db, await subscriptionById(ctx.db, row.subscription.id), staff),
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

async function list(ctx: ApiContext) {
  const user = requireUser(ctx)
  const page = pageFrom(ctx.query)
  const { rows, total } = await listSubscriptions(
    ctx.db,
    user,
    { page, type: ctx.query.get('type'), status: ctx.query.get('status'), search: ctx.query.get('search') },
    PAGE_SIZE,
  )
  return { data: paginated(rows.map((row) => toSubscription(row, user)), page, total) }
}

async function detail(ctx: ApiContext) {
  const user = requireUser(ctx)
  const row = await findVisibleSubscription(ctx.db, user, ctx.params.reference)
  return { data: await toDetail(ctx.db, row, user) }
}

async function paymentDetails(ctx: ApiContext) {
  const user = requireUser(ctx)
  const row = await findVisibleSubscription(ctx.db, user, ctx.params.reference)
  if (!isPayable(row.subscription)) throw conflict(NOT_PAYABLE)
  return {
    data: {
      amount: koboToNaira(row.subscription.nextPaymentAmount ?? 0),
      description: await paymentDescription(ctx.db, row),
      bank_details: await bankDetails(ctx.db),
    },
  }
}

// ---------------------------------------------------------------------------------------------
// Transactions

async function createTransaction(ctx: ApiContext) {
  const user = requireUser(ctx)
  const row = await findVisibleSubscription(ctx.db, user, ctx.params.reference)
  const s = row.subscription
  if (s.userId !== user.id && !hasPermission(user, 'can_record_transaction')) {
    throw forbidden('Only the subscriber, or staff who record payments, can add a payment')
  }
  const input = await parseBody(ctx, transactionSchema)
  if (!isPayable(s)) throw conflict(NOT_PAYABLE)
  const amount = nairaToKobo(input.amount)
  const left = s.totalAmount - s.totalAmountPaid
  if (s.paymentMode === 'full' && amount !== left) {
    throw fieldError('amount', `Amount must be ${formatNaira(koboToNaira(left))}, the full amount`)
  }
  if (amount > left) throw fieldError('amount', `Amount must not be more than ${formatNaira(koboToNaira(left))}, the amount left`)
  const file = await findOwnUpload(ctx.db, user, input.proof_of_payment)
  if (!file || !file.contentType.startsWith('image/')) {
    throw fieldError('proof_of_payment', 'Upload the proof of payment (PNG, JPG or JPEG) first')
  }
  const paidAt = parsePaidAt(input.paid_at)
  if (!paidAt) throw fieldError('paid_at', 'Payment date must be a date and time')
  if (paidAt.getTime() > Date.now() + 5 * 60_000) throw fieldError('paid_at', 'Payment date cannot be in the future')
  const id = await recordPayment(ctx.db, {
    subscription: row,
    actor: user,
    amount,
    description: input.description ?? (await paymentDescription(ctx.db, row)),
    proofFileId: file.id,
    paidAt,
  })
  const created = await findTransaction(ctx.db, eq(transactions.id, id))
  return { message: 'Payment proof sent successfully', data: created ? serializeTransaction(created, user) : null }
}

async function transactionList(ctx: ApiContext) {
  const user = requireUser(ctx)
  const row = await findVisibleSubscription(ctx.db, user, ctx.params.reference)
  const page = pageFrom(ctx.query)
  const { items, total } = await listTransactions(ctx.db, row.subscription.id, user, page, PAGE_SIZE)
  return { data: paginated(items, page, total) }
}

async function mark(ctx: ApiContext) {
  const staff = requirePermission(ctx, 'can_verify_transaction')
  const input = await parseBody(ctx, markTransactionSchema)
  const key = input.reference.trim()
  const found = await findTransaction(ctx.db, isUuid(key) ? eq(transactions.uuid, key) : eq(transactions.reference, key.toUpperCase()))
  if (!found) throw notFound('Transaction not found')
  await markTransaction(ctx.db, found.transaction.id, input.status, staff)
  const marked = await findTransaction(ctx.db, eq(transactions.id, found.transaction.id))
  return { message: 'Transaction marked successfully', data: marked ? serializeTransaction(marked, staff) : null }
}

async function downloadReceipt(ctx: ApiContext) {
  const user = requireUser(ctx)
  const row = await findVisibleSubscription(ctx.db, user, ctx.params.reference)
  const id = ctx.params.id.trim()
  const found = await findTransaction(
    ctx.db,
    and(
      eq(transactions.subscriptionId, row.subscription.id),
      isUuid(id) ? eq(transactions.uuid, id) : eq(transactions.reference, id.toUpperCase()),
    )!,
  )
  if (!found) throw notFound('Transaction not found')
  const trx = found.transaction
  if (trx.status !== 'paid') throw conflict('Receipts are only available for paid transactions')
  const product = row.product.type === 'land' ? productName(row.product) : `Land investment ${row.product.reference}`
  const pdf = await receiptPdf({
    receiptNumber: `RCT-${trx.reference.replace(/^TRX-/, '')}`,
    transactionReference: trx.reference,
    subscriptionReference: row.subscription.reference,
    subscriber: { name: `${row.owner.firstName} ${row.owner.lastName}`, email: row.owner.email },
    product,
    amountKobo: trx.amount,
    purpose: receiptPurpose(row.subscription, product),
    paidAt: trx.paidAt,
    confirmedAt: trx.markedAt,
  })
  return pdfResponse(pdf, `receipt-${trx.reference}.pdf`)
}

async function landDocument(ctx: ApiContext) {
  const user = requireUser(ctx)
  const row = await findVisibleSubscription(ctx.db, user, ctx.params.reference)
  const s = row.subscription
  if (s.type !== 'land' || s.status !== 'completed' || !s.completedAt) {
    throw conflict('The land document is available once the land is fully paid')
  }
  const pdf = await allocationLetterPdf({
    subscriptionReference: s.reference,
    owner: { name: `${row.owner.firstName} ${row.owner.lastName}`, email: row.owner.email },
    productReference: row.product.reference,
    location: row.product.location ?? '',
    landType: row.product.landType,
    size: row.product.size,
    sizeInMeasurement: row.product.sizeInMeasurement,
    description: row.product.description,
    totalKobo: s.totalAmountPaid,
    completedAt: s.completedAt,
  })
  return pdfResponse(pdf, `land-document-${s.reference}.pdf`)
}

export const subscriptionsRoutes: RouteDefinition[] = [
  { method: 'POST', path: 'product/:reference/payment-plan/:id/get-payment-structure', auth: 'verified', handler: getPaymentStructure },
  { method: 'POST', path: 'product/:reference/get-investment-plan', auth: 'verified', handler: getInvestmentPlan },
  { method: 'GET', path: 'product-subscription', auth: 'verified', handler: list },
  { method: 'POST', path: 'product-subscription', auth: 'verified', handler: subscribe },
  { method: 'GET', path: 'product-subscription/:reference', auth: 'verified', handler: detail },
  { method: 'GET', path: 'product-subscription/:reference/payment-details', auth: 'verified', handler: paymentDetails },
  { method: 'GET', path: 'product-subscription/:reference/transaction', auth: 'verified', handler: transactionList },
  { method: 'POST', path: 'product-subscription/:reference/transaction', auth: 'verified', handler: createTransaction },
  { method: 'GET', path: 'product-subscription/:reference/transaction/:id/download-receipt', auth: 'verified', handler: downloadReceipt },
  { method: 'POST', path: 'product-subscription/:reference/transaction/:id/download-receipt', auth: 'verified', handler: downloadReceipt },
  { method: 'GET', path: 'product-subscription/:reference/land-document', auth: 'verified', handler: landDocument },
  { method: 'POST', path: 'product-subscription/:reference/land-document', auth: 'verified', handler: landDocument },
  { method: 'POST', path: 'admin/mark-transaction', auth: 'verified', handler: mark },
  { method: 'POST', path: 'admin/create-subscription', auth: 'verified', handler: adminCreateSubscription },
  { method: 'POST', path: 'admin/product-subscription/:reference/cancel', auth: 'verified', handler: cancel },
]
