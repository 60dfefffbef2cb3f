import { eq } from 'drizzle-orm'
import { endpoints } from '~/contract/endpoints'
import { productRules } from '~/contract/products'
import { formatNaira } from '~/contract/format'
import { products } from '../db/schema'
import { orNotFound, parseAgainstRecord } from '../http/context'
import { refusedField } from '../http/errors'
import { implement, type HandlerTable } from '../http/router'
import { changesBetween, createdWith, recordAudit } from '../audit/record'
import { estateIdFor, lockEstate, syncEstateStock } from '../estates/registry'
import { newReference } from '../references'
import { paymentPlanHandlers } from './plans'
import { findProduct, lastProductId, listProducts, productExportRows } from './queries'
import { csvStream, decimalAmount, exportFilename } from '../csv'
import {
  assertDepositBelowPlans,
  insertProduct,
  productSnapshot,
  productValues,
  resolveImages,
  setProductImages,
} from './service'

const PRODUCT_CSV_HEADER = [
  'reference',
  'name',
  'type',
  'location',
  'amount',
  'initial_deposit_amount',
  'land_type',
  'size',
  'size_in_measurement',
  'unit_available',
  'is_available',
  'discount_percentage',
  'land_investment_type',
  'investment_return',
  'interval',
  'duration',
  'frequency_period',
  'subscribers',
  'payment_plans',
  'created_at',
]

/** The export's file is named after the web list it comes from. */
const PRODUCT_LIST_NAMES = {
  land: 'land-purchases',
  land_investment: 'land-investments',
  all: 'products',
}

const list = implement(
  endpoints.productList,
  async ({ db, user, query: { page, format, ...filters } }) => {
    if (format === 'csv') {
      let throughId: number | null = null
      return csvStream(
        exportFilename(PRODUCT_LIST_NAMES[filters.type ?? 'all']),
        PRODUCT_CSV_HEADER,
        async (offset, limit) => {
          throughId ??= await lastProductId(db)
          const rows = await productExportRows(db, filters, throughId, offset, limit)
          return rows.map((row) => [
            row.reference,
            row.name || row.location || row.reference,
            row.type,
            row.location,
            decimalAmount(row.amount),
            row.initialDepositAmount === null ? null : decimalAmount(row.initialDepositAmount),
            row.landType,
            row.size,
            row.sizeInMeasurement,
            row.unitAvailable,
            row.isAvailable ? 'yes' : 'no',
            row.discountPercentage,
            row.landInvestmentType,
            row.investmentReturn,
            row.interval,
            row.duration,
            row.frequencyPeriod,
            row.subscriptionCount,
            row.planCount,
            new Date(row.createdAt).toISOString(),
          ])
        },
      )
    }
    return { data: await listProducts(db, user.id, filters, page ?? 1) }
  },
)

const show = implement(endpoints.productShow, async ({ db, user, params }) => {
  const found = orNotFound(await findProduct(db, params.reference, user.id), 'Product not found')
  return { data: found.product }
})

const create = implement(endpoints.productCreate, async (ctx) => {
  const { user, body: input } = ctx
  const imageIds = await resolveImages(ctx.db, input.images ?? [])
  const estateId = await estateIdFor(ctx.db, input.estate_id)
  const created = await ctx.db.transaction(async (tx) => {
    const product = await insertProduct(
      tx,
      { ...productValues(input), estateId },
      {
        reference: newReference('PRD'),
        createdById: user.id,
      },
    )
    if (estateId !== null) await syncEstateStock(tx, estateId)
    await setProductImages(tx, product.id, imageIds)
    const { label, snapshot } = await productSnapshot(tx, product.id)
    await recordAudit(tx, {
      action: 'product.created',
      record: { type: 'product', reference: product.reference },
      summary: `Added product ${label}: ${formatNaira(snapshot.amount)}`,
      changes: createdWith(snapshot),
    })
    return product
  })
  const found = orNotFound(
    await findProduct(ctx.db, created.reference, user.id),
    'Product not found',
  )
  return { message: 'Product created successfully', data: found.product }
})

const update = implement(endpoints.productUpdate, async (ctx) => {
  const { user, body } = ctx
  const existing = orNotFound(
    await findProduct(ctx.db, ctx.params.reference, user.id),
    'Product not found',
  )
  if (body.type && body.type !== existing.product.type)
    throw refusedField('type', 'The type of a product cannot be changed')
  const input = body.type
    ? { ...body, type: body.type }
    : parseAgainstRecord(productRules, { ...body, type: existing.product.type })
  // An edit that leaves estate_id out keeps the estate; one that sends it blank takes the product off it.
  const estateId =
    'estate_id' in body
      ? await estateIdFor(ctx.db, input.estate_id)
      : (existing.row.estateId ?? null)
  const values = {
    ...productValues({ ...input, estate_id: estateId === null ? undefined : 'set' }),
    estateId,
  }
  await assertDepositBelowPlans(ctx.db, existing.id, values.initialDepositAmount)
  const imageIds = input.images === undefined ? null : await resolveImages(ctx.db, input.images)
  const estatesTouched = [
    ...new Set([existing.row.estateId, estateId].filter((id): id is number => id !== null)),
  ].sort((a, b) => a - b)
  await ctx.db.transaction(async (tx) => {
    // The estates first, as every purchase of their plots locks them before the product's row.
    for (const id of estatesTouched) await lockEstate(tx, id)
    // Locked first, so the before snapshot is the one this update changes.
    await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, existing.id))
      .for('update')
    const before = await productSnapshot(tx, existing.id)
    await tx.update(products).set(values).where(eq(products.id, existing.id))
    if (estateId === null && existing.row.estateId !== null)
      await tx
        .update(products)
        .set({ availableByQuantity: false, unitAvailable: null })
        .where(eq(products.id, existing.id))
    for (const id of estatesTouched) await syncEstateStock(tx, id)
    if (imageIds) await setProductImages(tx, existing.id, imageIds)
    const after = await productSnapshot(tx, existing.id)
    const changes = changesBetween(before.snapshot, after.snapshot)
    const fields = Object.keys(changes)
    if (!fields.length) return
    await recordAudit(tx, {
      action: 'product.updated',
      record: { type: 'product', reference: after.reference },
      summary: `Changed product ${after.label}: ${fields.join(', ').replaceAll('_', ' ')}`,
      changes,
    })
  })
  const found = orNotFound(
    await findProduct(ctx.db, existing.product.reference, user.id),
    'Product not found',
  )
  return { message: 'Product updated successfully', data: found.product }
})

export const productsHandlers = {
  productList: list,
  productShow: show,
  productCreate: create,
  productUpdate: update,
  ...paymentPlanHandlers,
} satisfies HandlerTable
