import { and, desc, eq, ilike, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm'
import { MEDIA_PATH, type Product } from '~/contract/products'
import type { Executor } from '../db/client'
import { files, paymentPlans, products } from '../db/schema'
import { paginated, pageOffset } from '../http/context'
import { fileNameFromUrl } from '../files/urls'
import { koboToNaira } from '../money'
import { PAGE_SIZE } from '~/contract/envelope'

/** The text GET product searches; the products_search_trgm_idx index is built on this expression. */
export const searchText = sql`(${products.name} || ' ' || ${products.reference} || ' ' || coalesce(${products.location}, '') || ' ' || ${products.description})`

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

function productColumns(viewerId: number | null) {
  return {
    id: products.id,
    reference: products.reference,
    name: products.name,
    type: products.type,
    description: products.description,
    location: products.location,
    amount: products.amount,
    initialDepositAmount: products.initialDepositAmount,
    landType: products.landType,
    size: products.size,
    sizeInMeasurement: products.sizeInMeasurement,
    availableByQuantity: products.availableByQuantity,
    unitAvailable: products.unitAvailable,
    isAvailable: products.isAvailable,
    discountPercentage: products.discountPercentage,
    investmentReturn: products.investmentReturn,
    landInvestmentType: products.landInvestmentType,
    interval: products.interval,
    duration: products.duration,
    frequencyPeriod: products.frequencyPeriod,
    estateId: products.estateId,
    estateUuid: sql<
      string | null
    >`(select e.uuid::text from estates e where e.id = "products"."estate_id")`,
    createdAt: products.createdAt,
    updatedAt: products.updatedAt,
    // Drizzle leaves columns unqualified in a one-table select, so the correlated subqueries spell theirs out.
    images: sql<
      string[]
    >`array(select f.name from product_images pi join files f on f.id = pi.file_id where pi.product_id = "products"."id" order by pi.position, pi.id)`,
    subscriptionCount:
      sql<number>`(select count(distinct s.user_id) from subscriptions s where s.product_id = "products"."id" and s.status not in ('cancelled', 'expired'))`.mapWith(
        Number,
      ),
    planCount:
      sql<number>`(select count(*) from payment_plans pp where pp.product_id = "products"."id" and pp.deleted_at is null)`.mapWith(
        Number,
      ),
    hasSubscribed:
      viewerId === null
        ? sql<boolean>`false`
        : sql<boolean>`exists(select 1 from subscriptions s where s.product_id = "products"."id" and s.user_id = ${viewerId} and s.status not in ('cancelled', 'expired'))`,
  }
}

type ProductRow = Awaited<ReturnType<typeof selectProducts>>[number]

function selectProducts(db: Executor, viewerId: number | null) {
  return db.select(productColumns(viewerId)).from(products)
}

export function toProduct(row: ProductRow): Product {
  const isInvestment = row.type === 'land_investment'
  return {
    reference: row.reference,
    name: row.name || row.location || row.reference,
    type: row.type,
    description: row.description,
    location: row.location,
    amount: koboToNaira(row.amount),
    initial_deposit_amount:
      row.initialDepositAmount === null ? null : koboToNaira(row.initialDepositAmount),
    land_type: row.landType,
    size: row.size,
    size_in_measurement: row.sizeInMeasurement,
    available_by_quantity: row.availableByQuantity,
    unit_available: row.unitAvailable,
    is_available: row.isAvailable,
    discount_percentage: row.discountPercentage,
    estate_id: row.estateUuid,
    images: (row.images ?? []).map((name) => `${MEDIA_PATH}${name}`),
    subscription_count: row.subscriptionCount,
    plan_count: row.planCount,
    has_subscribed: Boolean(row.hasSubscribed),
    minimum_amount: isInvestment ? koboToNaira(row.amount) : null,
    investment_return: row.investmentReturn,
    land_investment_type: row.landInvestmentType,
    interval: row.interval,
    duration: row.duration,
    frequency_period: row.frequencyPeriod,
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
  }
}

export type ProductFilters = {
  type?: 'land' | 'land_investment'
  available_status?: 'available' | 'unavailable'
  land_type?: 'plot' | 'acre'
  land_investment_type?: 'recurring' | 'one_time'
  search?: string
}

function productConditions(filters: ProductFilters) {
  const conditions: SQL[] = []
  if (filters.type) conditions.push(eq(products.type, filters.type))
  if (filters.available_status)
    conditions.push(eq(products.isAvailable, filters.available_status === 'available'))
  if (filters.land_type) conditions.push(eq(products.landType, filters.land_type))
  if (filters.land_investment_type)
    conditions.push(eq(products.landInvestmentType, filters.land_investment_type))
  if (filters.search) conditions.push(ilike(searchText, `%${escapeLike(filters.search)}%`))
  return conditions
}

const productOrder = [desc(products.createdAt), desc(products.id)]

export async function listProducts(
  db: Executor,
  viewerId: number | null,
  filters: ProductFilters,
  page: number,
) {
  const conditions = productConditions(filters)
  const where = conditions.length ? and(...conditions) : undefined

  // The page's ids first: the columns counting investors and plans would otherwise be computed for
  // every row the offset skips.
  const [ids, [{ total }]] = await Promise.all([
    db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(...productOrder)
      .limit(PAGE_SIZE)
      .offset(pageOffset(page)),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(where),
  ])
  const rows = ids.length
    ? await selectProducts(db, viewerId)
        .where(
          inArray(
            products.id,
            ids.map(({ id }) => id),
          ),
        )
        .orderBy(...productOrder)
    : []
  return paginated(rows.map(toProduct), page, total)
}

/** The highest product id now: an export reads only products up to it, so one added meanwhile shifts no batch. */
export async function lastProductId(db: Executor) {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${products.id}), 0)`.mapWith(Number) })
    .from(products)
  return row.id
}

/** A batch of the list's rows in its order, for its CSV export; products added after `throughId` are left out. */
export async function productExportRows(
  db: Executor,
  filters: ProductFilters,
  throughId: number,
  offset: number,
  limit: number,
) {
  const where = and(...productConditions(filters), lte(products.id, throughId))
  return selectProducts(db, null)
    .where(where)
    .orderBy(...productOrder)
    .limit(limit)
    .offset(offset)
}

/** One product by reference (any letter case), with the viewer's has_subscribed. */
export async function findProduct(db: Executor, reference: string, viewerId: number | null) {
  const [row] = await selectProducts(db, viewerId)
    .where(eq(products.reference, reference.trim().toUpperCase()))
    .limit(1)
  return row ? { id: row.id, product: toProduct(row), row } : null
}

/** File ids of product images named by their URLs, in order; unknown or non-product files are field errors. */
export async function imageFileIds(db: Executor, urls: string[], folder: string) {
  const names = urls.map((url) => fileNameFromUrl(url))
  const found = names.some((name) => name === null)
    ? []
    : await db
        .select({ id: files.id, name: files.name })
        .from(files)
        .where(and(inArray(files.name, names as string[]), eq(files.folder, folder)))
  const byName = new Map(found.map((file) => [file.name, file.id]))
  const ids: number[] = []
  const invalid: number[] = []
  names.forEach((name, index) => {
    const id = name ? byName.get(name) : undefined
    if (id === undefined) invalid.push(index)
    else if (!ids.includes(id)) ids.push(id)
  })
  return { ids, invalid }
}

/** The live plans of a product: newest first. */
export function livePlansOf(productId: number) {
  return and(eq(paymentPlans.productId, productId), isNull(paymentPlans.deletedAt))
}
