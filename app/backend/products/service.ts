import { and, eq, inArray, min, notInArray } from 'drizzle-orm'
import { minimumAmountOf, PRODUCT_IMAGE_FOLDER, type ProductPayload } from '~/contract/products'
import type { Executor } from '../db/client'
import { files, paymentPlans, productImages, products } from '../db/schema'
import { ApiError, refusedField } from '../http/errors'
import { koboToNaira, nairaToKobo } from '../money'
import { imageFileIds, livePlansOf } from './queries'
import { formatKobo } from '~/contract/money'

const koboOrNull = (naira: number | undefined) => (naira === undefined ? null : nairaToKobo(naira))

/** The columns a product payload sets: land fields for land, investment fields for investments. */
export function productValues(input: Omit<ProductPayload, 'name'> & { name?: string }) {
  // Plots of an estate are counted by the registry (syncEstateStock): what is sent is ignored.
  const ofEstate = input.type === 'land' && !!input.estate_id
  const byQuantity = ofEstate || input.available_by_quantity
  const unitAvailable = ofEstate ? 0 : byQuantity ? (input.unit_available ?? 0) : null
  const common = {
    // An edit without a name keeps the product's name.
    ...(input.name === undefined ? {} : { name: input.name }),
    type: input.type,
    description: input.description,
    location: input.location ?? null,
    availableByQuantity: byQuantity,
    unitAvailable,
    // A product sold by quantity with no unit left cannot be bought.
    isAvailable: !ofEstate && byQuantity && unitAvailable === 0 ? false : input.is_available,
    updatedAt: new Date(),
  }
  if (input.type === 'land') {
    return {
      ...common,
      amount: nairaToKobo(input.amount ?? 0),
      initialDepositAmount: koboOrNull(input.initial_deposit_amount),
      landType: input.land_type ?? null,
      size: input.size ?? null,
      sizeInMeasurement: input.size_in_measurement ?? null,
      discountPercentage: input.discount_percentage ?? null,
      investmentReturn: null,
      landInvestmentType: null,
      interval: null,
      duration: null,
      frequencyPeriod: null,
    }
  }
  return {
    ...common,
    amount: nairaToKobo(minimumAmountOf(input) ?? 0),
    initialDepositAmount: null,
    landType: null,
    size: null,
    sizeInMeasurement: null,
    discountPercentage: null,
    investmentReturn: input.investment_return ?? null,
    landInvestmentType: input.land_investment_type ?? null,
    interval: input.interval ?? null,
    duration: input.land_investment_type === 'recurring' ? (input.duration ?? null) : null,
    frequencyPeriod: input.frequency_period ?? null,
  }
}

/** Checks that every image URL names an uploaded product image; answers its file ids in order. */
export async function resolveImages(db: Executor, urls: string[]) {
  const { ids, invalid } = await imageFileIds(db, urls, PRODUCT_IMAGE_FOLDER)
  if (invalid.length) {
    throw new ApiError(
      409,
      'conflict',
      'The image must be an uploaded product image',
      Object.fromEntries(
        invalid.map((index) => [
          `images.${index}`,
          ['The image must be an uploaded product image'],
        ]),
      ),
    )
  }
  return ids
}

/** Replaces a product's images; product images no product uses any more are deleted. */
export async function setProductImages(db: Executor, productId: number, fileIds: number[]) {
  const previous = await db
    .select({ fileId: productImages.fileId })
    .from(productImages)
    .where(eq(productImages.productId, productId))
  await db.delete(productImages).where(eq(productImages.productId, productId))
  if (fileIds.length) {
    await db
      .insert(productImages)
      .values(fileIds.map((fileId, position) => ({ productId, fileId, position })))
  }
  const detached = previous.map((image) => image.fileId).filter((id) => !fileIds.includes(id))
  if (!detached.length) return
  const stillUsed = db.select({ fileId: productImages.fileId }).from(productImages)
  await db
    .delete(files)
    .where(
      and(
        inArray(files.id, detached),
        eq(files.folder, PRODUCT_IMAGE_FOLDER),
        notInArray(files.id, stillUsed),
      ),
    )
}

/** Every instalment plan must cost more than the deposit paid first. */
export async function assertDepositBelowPlans(
  db: Executor,
  productId: number,
  depositKobo: number | null,
) {
  if (depositKobo === null) return
  const [{ smallest }] = await db
    .select({ smallest: min(paymentPlans.amount) })
    .from(paymentPlans)
    .where(livePlansOf(productId))
  if (smallest !== null && Number(smallest) <= depositKobo) {
    throw refusedField(
      'initial_deposit_amount',
      `Initial deposit must be less than every payment plan's amount (the smallest is ${formatKobo(Number(smallest))})`,
    )
  }
}

export async function insertProduct(
  db: Executor,
  values: ReturnType<typeof productValues> & { estateId?: number | null },
  extra: { reference: string; createdById: number | null },
) {
  const [created] = await db
    .insert(products)
    .values({ ...values, ...extra })
    .returning({ id: products.id, reference: products.reference })
  return created
}

/** A product as the audit trail keeps it: API field names, money in naira, its images by file name. */
export async function productSnapshot(db: Executor, productId: number) {
  const [row] = await db.select().from(products).where(eq(products.id, productId)).limit(1)
  const images = await db
    .select({ name: files.name })
    .from(productImages)
    .innerJoin(files, eq(files.id, productImages.fileId))
    .where(eq(productImages.productId, productId))
    .orderBy(productImages.position)
  const snapshot = {
    name: row.name,
    type: row.type,
    description: row.description,
    location: row.location,
    amount: koboToNaira(row.amount),
    initial_deposit_amount:
      row.initialDepositAmount === null ? null : koboToNaira(row.initialDepositAmount),
    available_by_quantity: row.availableByQuantity,
    unit_available: row.unitAvailable,
    is_available: row.isAvailable,
    land_type: row.landType,
    size: row.size,
    size_in_measurement: row.sizeInMeasurement,
    discount_percentage: row.discountPercentage,
    investment_return: row.investmentReturn,
    land_investment_type: row.landInvestmentType,
    interval: row.interval,
    duration: row.duration,
    frequency_period: row.frequencyPeriod,
    images: images.map((image) => image.name),
  }
  return {
    reference: row.reference,
    label: row.name ? `${row.name} (${row.reference})` : row.reference,
    snapshot,
  }
}
