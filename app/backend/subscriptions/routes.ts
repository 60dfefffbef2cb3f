import { arrearsRulesSentence } from '~/contract/arrears-rules'
import { and, eq, or } from 'drizzle-orm'
import { endpoints } from '~/contract/endpoints'
import { PAGE_SIZE } from '~/contract/envelope'
import { hasPermission } from '~/contract/permissions'
import { hasBankDetails, NO_BANK_DETAILS } from '~/contract/settings'
import { SUBSCRIBED_MESSAGES } from '~/contract/subscription-labels'
import { landQuantity } from '~/contract/units'
import { PAYMENT_PROOF_SENT, PAYMENT_RECORDED } from '~/contract/subscriptions'
import type { Database } from '../db/client'
import { transactions, users } from '../db/schema'
import { orNotFound, paginated, type ApiUser } from '../http/context'
import { conflict, fieldError, refusedField, forbidden, notFound } from '../http/errors'
import { NO_STATEMENT_CREDIT } from '~/contract/reconciliation'
import { implement, type HandlerTable } from '../http/router'
import { isAllowedPayment, priceForQuantity, quantityProblem } from '~/contract/money'
import { koboToNaira, nairaToKobo } from '../money'
import { fileUrl, findOwnUpload } from './access'
import { receiptTotals } from '~/contract/money'
import { getProfile } from '../profile/service'
import { getCompanyDetails } from '../settings/service'
import { mailSubscriptionMade } from './emails'
import { issueVerification } from '../verification-codes/issue'
import { accountForPayment, prepareAccount } from '../virtual-accounts/service'
import { pdfResponse } from '../pdf/kit'
import {
  allocationLetterPdf,
  receiptPdf,
  receiptPurpose,
  registryPlotLine,
  type RegistryPlot,
} from './documents'
import { investmentPlan, toNairaRows } from './plans'
import {
  bankDetails,
  findTransaction,
  paymentChoiceRefusal,
  paymentChoicesOf,
  isPayable,
  lacksStatementCredit,
  lastTransactionId,
  listTransactions,
  markTransaction,
  NOT_PAYABLE,
  paymentDescription,
  recordPayment,
  serializeTransaction,
  transactionExportRows,
} from './payments'
import { heldPlots } from '../estates/allocation'
import { plotsOfEstate } from '../estates/registry'
import {
  allocatedPlot,
  findPlan,
  findProduct,
  findVisibleSubscription,
  iso,
  isUuid,
  lastSubscriptionId,
  listSubscriptions,
  documentProductName,
  productName,
  subscriptionById,
  toDetail,
  toSubscription,
  type ListFilters,
  type PlanRow,
  type ProductRow,
} from './queries'
import { csvStream, decimalAmount, exportFilename } from '../csv'
import {
  assertMinimum,
  assertPlanCoversPrice,
  cancelSubscription,
  createSubscription,
  investmentTerms,
  parsePaidAt,
  today,
  unitNoun,
  unitSchedule,
} from './service'

const PRODUCT_NOT_FOUND = 'Product not found'
const NO_STATEMENT_CREDIT_WARNING = `${NO_STATEMENT_CREDIT}: tick to mark it paid anyway`

// ---------------------------------------------------------------------------------------------
// Plans (the breakdown shown before subscribing)

const getPaymentStructure = implement(endpoints.paymentStructure, async ({ db, params, body }) => {
  const product = await findProduct(db, params.reference)
  if (!product || product.type !== 'land') throw notFound(PRODUCT_NOT_FOUND)
  // 'full' stands for paying in one go, so a client can fetch either breakdown the same way.
  const plan =
    params.id === 'full'
      ? null
      : orNotFound(await findPlan(db, product.id, params.id), 'Payment plan not found')
  const unitRows = unitSchedule(product, plan, today())
  if (body.quantity === undefined) return { data: toNairaRows(unitRows) }
  const tooMany = quantityProblem(
    body.quantity,
    product.availableByQuantity ? (product.unitAvailable ?? 0) : null,
    unitNoun(product),
  )
  if (tooMany) throw refusedField('quantity', tooMany)
  const priced = priceForQuantity(unitRows, body.quantity)
  return {
    data: priced.rows.map((row) => ({
      period: row.period,
      amount: koboToNaira(row.amount),
      quantity: priced.quantity,
      unit_amount: koboToNaira(row.unitAmount),
    })),
  }
})

const getInvestmentPlan = implement(endpoints.investmentPlan, async ({ db, params, body }) => {
  const product = await findProduct(db, params.reference)
  if (!product || product.type !== 'land_investment') throw notFound(PRODUCT_NOT_FOUND)
  const kobo = nairaToKobo(body.amount)
  assertMinimum(product, kobo, 'amount', 'Amount')
  return { data: toNairaRows(investmentPlan(kobo, investmentTerms(product), today())) }
})

// ---------------------------------------------------------------------------------------------
// Subscribing

/**
 * The terms a subscription is made on, checked alike when customers subscribe and when staff
 * subscribe a customer: an investment needs an amount of at least the minimum and no quantity but 1;
 * land by instalments needs a plan of this product that still covers its price (`planId` null: in full).
 */
async function subscriptionTerms(
  db: Database,
  product: ProductRow,
  input: {
    amountInvested: number | undefined
    planId: string | null
    planField: string
    quantity: number | undefined
  },
): Promise<{ plan: PlanRow | null; amountInvested: number | null; quantity: number }> {
  const quantity = input.quantity ?? 1
  if (product.type === 'land_investment') {
    if (input.amountInvested === undefined)
      throw refusedField('amount_invested', 'Enter the amount to invest')
    const amountInvested = nairaToKobo(input.amountInvested)
    assertMinimum(product, amountInvested, 'amount_invested', 'Amount invested')
    investmentTerms(product)
    if (quantity !== 1)
      throw refusedField('quantity', 'An investment is bought by its amount, not by quantity')
    return { plan: null, amountInvested, quantity }
  }
  if (input.planId === null) return { plan: null, amountInvested: null, quantity }
  const plan = await findPlan(db, product.id, input.planId)
  if (!plan)
    throw refusedField(input.planField, 'The selected payment plan does not belong to this product')
  assertPlanCoversPrice(product, plan, input.planField)
  return { plan, amountInvested: null, quantity }
}

const subscribe = implement(endpoints.subscriptionCreate, async ({ db, user, body: input }) => {
  const product = await findProduct(db, input.product_id)
  if (!product) throw refusedField('product_id', 'The selected product is invalid')
  if (product.type !== input.type) {
    throw refusedField(
      'type',
      `This product is ${product.type === 'land' ? 'land' : 'an investment'}, not ${input.type === 'land' ? 'land' : 'an investment'}`,
    )
  }
  const { plan, amountInvested, quantity } = await subscriptionTerms(db, product, {
    amountInvested: input.amount_invested,
    planId: input.payment_mode === 'installment' ? (input.payment_id ?? '') : null,
    planField: 'payment_id',
    quantity: input.quantity,
  })
  const { id, created } = await createSubscription(db, {
    owner: user,
    product,
    plan,
    amountInvested,
    quantity,
    createdById: user.id,
    idempotencyKey: input.idempotency_key ?? null,
  })
  if (created) {
    await mailSubscriptionMade(db, id)
    await prepareAccount(db, user.id, id)
  }
  return {
    message: SUBSCRIBED_MESSAGES[product.type],
    data: await toDetail(db, await subscriptionById(db, id), user),
  }
})

const adminCreateSubscription = implement(
  endpoints.subscriptionCreateForCustomer,
  async ({ db, user: staff, body: input }) => {
    const key = input.customer.trim()
    const [customer] = await db
      .select()
      .from(users)
      .where(
        and(
          eq(users.role, 'customer'),
          isUuid(key)
            ? or(eq(users.uuid, key), eq(users.reference, key.toUpperCase()))
            : eq(users.reference, key.toUpperCase()),
        ),
      )
      .limit(1)
    if (!customer) throw refusedField('customer', 'The selected customer is invalid')
    if (customer.isSuspended) throw refusedField('customer', 'This customer is suspended')
    const product = await findProduct(db, input.product)
    if (!product) throw refusedField('product', 'The selected product is invalid')
    const { plan, amountInvested, quantity } = await subscriptionTerms(db, product, {
      amountInvested: input.amount_invested,
      planId: input.paymentPlan || null,
      planField: 'paymentPlan',
      quantity: input.quantity,
    })
    const { id, created } = await createSubscription(db, {
      owner: customer,
      product,
      plan,
      amountInvested,
      quantity,
      createdById: staff.id,
      idempotencyKey: null,
    })
    if (created) {
      await mailSubscriptionMade(db, id)
      await prepareAccount(db, customer.id, id)
    }
    return {
      message: 'Subscription created successfully',
      data: await toDetail(db, await subscriptionById(db, id), staff),
    }
  },
)

const cancel = implement(endpoints.subscriptionCancel, async ({ db, user: staff, params }) => {
  const row = await findVisibleSubscription(db, staff, params.reference)
  await cancelSubscription(db, row.subscription.id)
  return {
    message: 'Subscription cancelled successfully',
    data: await toDetail(db, await subscriptionById(db, row.subscription.id), staff),
  }
})

// ---------------------------------------------------------------------------------------------
// Reading

const SUBSCRIPTION_CSV_HEADER = [
  'reference',
  'type',
  'status',
  'customer_reference',
  'customer_name',
  'customer_email',
  'product_reference',
  'product',
  'payment_mode',
  'quantity',
  'total_amount',
  'total_amount_paid',
  'amount_left',
  'next_payment_amount',
  'next_payment_date',
  'amount_overdue',
  'days_in_arrears',
  'created_at',
  'completed_at',
  'cancelled_at',
]

/** The export's file is named after the web list it comes from. */
const SUBSCRIPTION_LIST_NAMES = {
  land: 'subscriptions',
  land_investment: 'investment-portfolio',
  all: 'subscriptions',
}

function subscriptionCsv(db: Database, user: ApiUser, filters: Omit<ListFilters, 'page'>) {
  let throughId: number | null = null
  const type = filters.type === 'land' || filters.type === 'land_investment' ? filters.type : 'all'
  return csvStream(
    exportFilename(SUBSCRIPTION_LIST_NAMES[type]),
    SUBSCRIPTION_CSV_HEADER,
    async (offset, limit) => {
      throughId ??= await lastSubscriptionId(db)
      const batch = { ...filters, page: offset / limit + 1, throughId, withoutTotal: true }
      const { rows } = await listSubscriptions(db, user, batch, limit)
      return rows.map(({ subscription: s, product: p, owner, arrears }) => [
        s.reference,
        s.type,
        s.status,
        owner.reference,
        `${owner.firstName} ${owner.lastName}`,
        owner.email,
        p.reference,
        p.name || p.location || p.reference,
        s.paymentMode,
        s.quantity,
        decimalAmount(s.totalAmount),
        decimalAmount(s.totalAmountPaid),
        decimalAmount(Math.max(0, s.totalAmount - s.totalAmountPaid)),
        s.nextPaymentAmount === null ? null : decimalAmount(s.nextPaymentAmount),
        s.nextPaymentDate,
        decimalAmount(arrears?.amountOverdueKobo ?? 0),
        arrears?.daysInArrears ?? 0,
        s.createdAt.toISOString(),
        iso(s.completedAt),
        iso(s.cancelledAt),
      ])
    },
  )
}

const list = implement(
  endpoints.subscriptionList,
  async ({ db, user, query: { page = 1, format, ...filters } }) => {
    if (format === 'csv') return subscriptionCsv(db, user, filters)
    const { rows, total } = await listSubscriptions(db, user, { page, ...filters }, PAGE_SIZE)
    return {
      data: paginated(
        rows.map((row) => toSubscription(row, user)),
        page,
        total,
      ),
    }
  },
)

const detail = implement(endpoints.subscriptionShow, async ({ db, user, params }) => {
  const row = await findVisibleSubscription(db, user, params.reference)
  return { data: await toDetail(db, row, user) }
})

const paymentDetails = implement(endpoints.paymentDetails, async ({ db, user, params }) => {
  const row = await findVisibleSubscription(db, user, params.reference)
  if (!isPayable(row.subscription)) throw conflict(NOT_PAYABLE)
  const choices = await paymentChoicesOf(db, row.subscription)
  // With a payment provider: the account number whose transfers confirm themselves.
  const through = await accountForPayment(db, row.subscription)
  return {
    data: {
      amount: koboToNaira(row.subscription.nextPaymentAmount ?? 0),
      choices: choices.map((choice) => ({
        instalments: choice.instalments,
        fees: choice.fees,
        amount: koboToNaira(choice.amountKobo),
        whole: choice.whole,
        overdue: choice.overdue,
      })),
      description: await paymentDescription(db, row),
      narration: row.subscription.reference,
      bank_details: await bankDetails(db),
      ...(through
        ? {
            provider: through.provider,
            virtual_account: through.account,
            virtual_account_note: through.note,
          }
        : {}),
    },
  }
})

// ---------------------------------------------------------------------------------------------
// Transactions

const createTransaction = implement(
  endpoints.transactionCreate,
  async ({ db, user, params, body: input }) => {
    const row = await findVisibleSubscription(db, user, params.reference)
    const s = row.subscription
    if (s.userId !== user.id && !hasPermission(user, 'can_record_transaction')) {
      throw forbidden('Only the subscriber, or staff who record payments, can add a payment')
    }
    if (!isPayable(s)) throw conflict(NOT_PAYABLE)
    // Without the company's account there is no transfer to prove, whoever sends the proof.
    if (!hasBankDetails(await bankDetails(db))) throw conflict(NO_BANK_DETAILS)
    const amount = nairaToKobo(input.amount)
    // The next instalment, several, or the whole balance: never an amount that leaves one half paid.
    const choices = await paymentChoicesOf(db, s)
    if (!isAllowedPayment(choices, amount))
      throw refusedField('amount', paymentChoiceRefusal(choices))
    const file = await findOwnUpload(db, user, input.proof_of_payment)
    if (
      !file ||
      !(file.contentType.startsWith('image/') || file.contentType === 'application/pdf')
    ) {
      throw refusedField(
        'proof_of_payment',
        'Upload the proof of payment (PNG, JPG, JPEG or PDF) first',
      )
    }
    const paidAt = parsePaidAt(input.paid_at)
    if (!paidAt) throw fieldError('paid_at', 'Payment date must be a date and time')
    if (paidAt.getTime() > Date.now() + 5 * 60_000)
      throw refusedField('paid_at', 'Payment date cannot be in the future')
    const id = await recordPayment(db, {
      subscription: row,
      actor: user,
      amount,
      description: input.description ?? (await paymentDescription(db, row, amount)),
      proofFileId: file.id,
      paidAt,
    })
    const created = orNotFound(
      await findTransaction(db, eq(transactions.id, id)),
      'Transaction not found',
    )
    // Staff recording a payment for someone else are told it still needs another member of staff.
    const message = s.userId === user.id ? PAYMENT_PROOF_SENT : PAYMENT_RECORDED
    return { message, data: serializeTransaction(created, user) }
  },
)

const TRANSACTION_CSV_HEADER = [
  'reference',
  'subscription_reference',
  'amount',
  'description',
  'status',
  'paid_at',
  'created_at',
  'marked_at',
  'recorded_by',
  'not_confirmed_reason',
  'proof_of_payment',
]

function transactionCsv(db: Database, subscription: { id: number; reference: string }) {
  let throughId: number | null = null
  return csvStream(
    exportFilename(`transactions-${subscription.reference}`),
    TRANSACTION_CSV_HEADER,
    async (offset, limit) => {
      throughId ??= await lastTransactionId(db)
      const rows = await transactionExportRows(db, subscription.id, throughId, offset, limit)
      return rows.map(({ transaction: t, proofName, ownerId, recordedBy }) => [
        t.reference,
        subscription.reference,
        decimalAmount(t.amount),
        t.description,
        t.status,
        iso(t.paidAt),
        t.createdAt.toISOString(),
        iso(t.markedAt),
        // Staff who recorded a payment for its owner; the owner's own proofs name nobody.
        t.recordedById !== null && t.recordedById !== ownerId ? recordedBy : null,
        t.status === 'not_confirmed' ? t.notConfirmedReason : null,
        proofName ? fileUrl(proofName) : null,
      ])
    },
  )
}

const transactionList = implement(
  endpoints.transactionList,
  async ({ db, user, params, query }) => {
    const row = await findVisibleSubscription(db, user, params.reference)
    if (query.format === 'csv') return transactionCsv(db, row.subscription)
    const page = query.page ?? 1
    const { items, total } = await listTransactions(db, row.subscription.id, user, page, PAGE_SIZE)
    return { data: paginated(items, page, total) }
  },
)

const mark = implement(endpoints.transactionMark, async ({ db, user: staff, body: input }) => {
  const key = input.reference.trim()
  const found = await findTransaction(
    db,
    isUuid(key) ? eq(transactions.uuid, key) : eq(transactions.reference, key.toUpperCase()),
  )
  if (!found) throw notFound('Transaction not found')
  // A payment the imported statements do not show needs the warning answered first.
  if (input.status === 'paid' && !input.without_statement_credit && lacksStatementCredit(found)) {
    throw refusedField('without_statement_credit', NO_STATEMENT_CREDIT_WARNING)
  }
  await markTransaction(db, found.transaction.id, input.status, staff, input.reason ?? null)
  const marked = orNotFound(
    await findTransaction(db, eq(transactions.id, found.transaction.id)),
    'Transaction not found',
  )
  return { message: 'Transaction marked successfully', data: serializeTransaction(marked, staff) }
})

/** The GET and the POST of a document answer alike. */
type DocumentContext = { db: Database; user: ApiUser; params: { reference: string } }

async function receipt({ db, user, params }: DocumentContext & { params: { id: string } }) {
  const row = await findVisibleSubscription(db, user, params.reference)
  const id = params.id.trim()
  const found = await findTransaction(
    db,
    and(
      eq(transactions.subscriptionId, row.subscription.id),
      isUuid(id) ? eq(transactions.uuid, id) : eq(transactions.reference, id.toUpperCase()),
    )!,
  )
  if (!found) throw notFound('Transaction not found')
  const trx = found.transaction
  if (trx.status !== 'paid') throw conflict('Receipts are only available for paid transactions')
  const product = documentProductName(row.product)
  const confirmedAt = trx.markedAt ?? trx.createdAt
  const [company, paid] = await Promise.all([
    getCompanyDetails(db),
    db
      .select({
        id: transactions.id,
        amount: transactions.amount,
        markedAt: transactions.markedAt,
        createdAt: transactions.createdAt,
      })
      .from(transactions)
      .where(
        and(eq(transactions.subscriptionId, row.subscription.id), eq(transactions.status, 'paid')),
      ),
  ])
  const totals = receiptTotals(
    row.subscription.totalAmount,
    paid.map((payment) => ({
      id: payment.id,
      kobo: payment.amount,
      confirmedAt: payment.markedAt ?? payment.createdAt,
    })),
    { id: trx.id, confirmedAt },
  )
  const isLand = row.subscription.type === 'land'
  const land = isLand
    ? landQuantity({
        quantity: row.subscription.quantity,
        size: row.product.size,
        sizeInMeasurement: row.product.sizeInMeasurement,
        landType: row.product.landType,
        location: row.product.location,
      })
    : null
  const allocatedPlots =
    isLand && row.subscription.status === 'completed'
      ? (await heldPlots(db, row.subscription.id)).filter((plot) => plot.status === 'allocated')
      : []
  const verification = await issueVerification(db, {
    kind: 'receipt',
    subject: `receipt:${trx.id}`,
    customer: row.owner,
    issuer: company.name,
    subscriptionReference: row.subscription.reference,
    amountKobo: trx.amount,
    issuedAt: confirmedAt,
    subscriptionId: row.subscription.id,
    transactionId: trx.id,
    userId: row.owner.id,
  })
  const pdf = await receiptPdf({
    company,
    receiptNumber: `RCT-${trx.reference.replace(/^TRX-/, '')}`,
    transactionReference: trx.reference,
    subscriptionReference: row.subscription.reference,
    subscriber: { name: `${row.owner.firstName} ${row.owner.lastName}`, email: row.owner.email },
    product,
    amountKobo: trx.amount,
    purpose: receiptPurpose(row.subscription, product),
    paidAt: trx.paidAt,
    confirmedAt: trx.markedAt,
    paidToDateKobo: totals.paidKobo,
    balanceKobo: totals.balanceKobo,
    land,
    plots:
      isLand && row.subscription.status === 'completed'
        ? allocatedPlots.length
          ? allocatedPlots.map((plot) => registryPlotLine(registryPlot(plot)))
          : [land!]
        : null,
    verification,
  })
  return pdfResponse(pdf, `receipt-${trx.reference}.pdf`)
}

function registryPlot(plot: Awaited<ReturnType<typeof heldPlots>>[number]): RegistryPlot {
  return {
    estate: plot.estate,
    block: plot.block,
    number: plot.number,
    sizeSqm: Number(plot.sizeSqm),
    beacons: plot.beacons,
    zone: plot.utmZone,
  }
}

async function landDocument({ db, user, params }: DocumentContext) {
  const row = await findVisibleSubscription(db, user, params.reference)
  const s = row.subscription
  if (s.type !== 'land' || s.status !== 'completed' || !s.completedAt) {
    throw conflict('The land document is available once the land is fully paid')
  }
  const [company, profile, allocated, held] = await Promise.all([
    getCompanyDetails(db),
    getProfile(db, s.userId),
    allocatedPlot(db, s.id),
    heldPlots(db, s.id),
  ])
  const ours = held.filter((plot) => plot.status === 'allocated')
  const maps = await Promise.all(
    [...new Set(ours.map((plot) => plot.estateId))].map(async (estateId) => {
      const estatePlots = await plotsOfEstate(db, estateId)
      return {
        estate: ours.find((plot) => plot.estateId === estateId)!.estate,
        plots: estatePlots.map((plot) => ({
          id: plot.uuid,
          block: plot.block,
          number: plot.number,
          beacons: plot.beacons,
        })),
        marked: new Set(ours.map((plot) => plot.uuid)),
      }
    }),
  )
  const verification = await issueVerification(db, {
    kind: 'land_document',
    subject: `land_document:${s.id}`,
    customer: row.owner,
    issuer: company.name,
    subscriptionReference: s.reference,
    subscriptionId: s.id,
    userId: s.userId,
  })
  const pdf = await allocationLetterPdf({
    company,
    subscriptionReference: s.reference,
    owner: {
      name: `${row.owner.firstName} ${row.owner.lastName}`,
      email: row.owner.email,
      address: profile.address,
    },
    product: productName(row.product),
    quantity: s.quantity,
    location: row.product.location ?? '',
    landType: row.product.landType,
    size: row.product.size,
    sizeInMeasurement: row.product.sizeInMeasurement,
    description: row.product.description,
    totalKobo: s.totalAmountPaid,
    completedAt: s.completedAt,
    allocated,
    plots: ours.map(registryPlot),
    maps,
    verification,
    arrearsRules: s.arrearsRules
      ? arrearsRulesSentence(s.arrearsRules, row.product.landType ?? 'unit')
      : null,
  })
  return pdfResponse(pdf, `land-document-${s.reference}.pdf`)
}

export const subscriptionsHandlers = {
  paymentStructure: getPaymentStructure,
  investmentPlan: getInvestmentPlan,
  subscriptionList: list,
  subscriptionCreate: subscribe,
  subscriptionShow: detail,
  paymentDetails: paymentDetails,
  transactionList: transactionList,
  transactionCreate: createTransaction,
  receiptDownload: implement(endpoints.receiptDownload, receipt),
  receiptDownloadByPost: implement(endpoints.receiptDownloadByPost, receipt),
  landDocument: implement(endpoints.landDocument, landDocument),
  landDocumentByPost: implement(endpoints.landDocumentByPost, landDocument),
  transactionMark: mark,
  subscriptionCreateForCustomer: adminCreateSubscription,
  subscriptionCancel: cancel,
} satisfies HandlerTable
