import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { ARREARS_BUCKETS } from '~/contract/arrears-rules'
import { PAGE_SIZE } from '~/contract/envelope'
import { endpoints } from '~/contract/endpoints'
import { getConfig } from '../config'
import { csvStream, decimalAmount, exportFilename } from '../csv'
import { paymentPlans, products, subscriptions, users } from '../db/schema'
import { pageOffset, paginated } from '../http/context'
import { implement, type HandlerTable } from '../http/router'
import { koboToNaira } from '../money'
import { arrearsFor } from './arrears'
import { dueCondition } from './due'
import { todayIn } from '../dates/calendar'

const realtors = alias(users, 'realtors')

const ARREARS_CSV_HEADER = [
  'reference',
  'customer_reference',
  'customer',
  'customer_email',
  'product_reference',
  'product',
  'realtor',
  'amount_overdue',
  'days_in_arrears',
  'arrears_bucket',
  'next_step',
  'next_step_date',
  'next_step_amount',
]

/**
 * GET admin/arrears: the subscriptions `due=arrears` holds (so the dashboard's count and this list
 * agree), their arrears worked out as the subscription answers do, longest in arrears first.
 */
const list = implement(endpoints.arrearsList, async ({ db, query }) => {
  const today = todayIn(getConfig().APP_TIME_ZONE)
  const conditions: (SQL | undefined)[] = [dueCondition('arrears', today)]
  if (query.product) conditions.push(eq(products.reference, query.product.toUpperCase()))
  if (query.realtor) conditions.push(eq(realtors.reference, query.realtor.toUpperCase()))
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`
    conditions.push(
      or(
        ilike(subscriptions.reference, pattern),
        ilike(users.email, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      ),
    )
  }
  const rows = await db
    .select({
      subscription: subscriptions,
      owner: {
        reference: users.reference,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      },
      product: { reference: products.reference, name: products.name, location: products.location },
      realtor: { firstName: realtors.firstName, lastName: realtors.lastName },
      plan: {
        graceDays: paymentPlans.graceDays,
        lateFeePercent: paymentPlans.lateFeePercent,
        defaultAfterDays: paymentPlans.defaultAfterDays,
        defaultAction: paymentPlans.defaultAction,
      },
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .leftJoin(realtors, eq(realtors.id, users.realtorId))
    .leftJoin(paymentPlans, eq(paymentPlans.id, subscriptions.paymentPlanId))
    .where(and(...conditions))
  const arrears = await arrearsFor(
    db,
    rows.map((row) => ({
      ...row.subscription,
      plan: row.plan?.defaultAction
        ? (row.plan as Parameters<typeof arrearsFor>[1][number]['plan'])
        : null,
    })),
    today,
  )
  const items = rows
    .map((row) => ({ row, a: arrears.get(row.subscription.id)! }))
    .filter(({ a }) => a && a.bucket)
    .sort(
      (x, y) =>
        y.a.daysInArrears - x.a.daysInArrears || y.a.amountOverdueKobo - x.a.amountOverdueKobo,
    )
  const totals = ARREARS_BUCKETS.map((bucket) => {
    const inBucket = items.filter(({ a }) => a.bucket === bucket)
    return {
      bucket,
      count: inBucket.length,
      amount_overdue: koboToNaira(inBucket.reduce((sum, { a }) => sum + a.amountOverdueKobo, 0)),
    }
  })
  const chosen = query.bucket ? items.filter(({ a }) => a.bucket === query.bucket) : items
  if (query.format === 'csv') {
    // The arrears are worked out in memory over the subscriptions above (as for a page), so the
    // file is written from them, a batch at a time.
    return csvStream(exportFilename('arrears'), ARREARS_CSV_HEADER, async (offset, limit) =>
      chosen
        .slice(offset, offset + limit)
        .map(({ row, a }) => [
          row.subscription.reference,
          row.owner.reference,
          `${row.owner.firstName} ${row.owner.lastName}`,
          row.owner.email,
          row.product.reference,
          row.product.name || row.product.location || row.product.reference,
          row.realtor?.firstName ? `${row.realtor.firstName} ${row.realtor.lastName}` : null,
          decimalAmount(a.amountOverdueKobo),
          a.daysInArrears,
          a.bucket,
          a.nextStep?.kind ?? null,
          a.nextStep?.date ?? null,
          a.nextStep && a.nextStep.amountKobo !== null
            ? decimalAmount(a.nextStep.amountKobo)
            : null,
        ]),
    )
  }
  const page = query.page ?? 1
  const pageItems = chosen
    .slice(pageOffset(page), pageOffset(page) + PAGE_SIZE)
    .map(({ row, a }) => ({
      reference: row.subscription.reference,
      customer: {
        reference: row.owner.reference,
        full_name: `${row.owner.firstName} ${row.owner.lastName}`,
        email: row.owner.email,
      },
      product: {
        reference: row.product.reference,
        name: row.product.name || row.product.location || row.product.reference,
      },
      realtor: row.realtor?.firstName ? `${row.realtor.firstName} ${row.realtor.lastName}` : null,
      amount_overdue: koboToNaira(a.amountOverdueKobo),
      days_in_arrears: a.daysInArrears,
      arrears_bucket: a.bucket!,
      next_step: a.nextStep
        ? {
            kind: a.nextStep.kind,
            date: a.nextStep.date,
            amount: a.nextStep.amountKobo === null ? null : koboToNaira(a.nextStep.amountKobo),
          }
        : null,
    }))
  return { data: { totals, subscriptions: paginated(pageItems, page, chosen.length) } }
})

export const arrearsHandlers = {
  arrearsList: list,
} satisfies HandlerTable
