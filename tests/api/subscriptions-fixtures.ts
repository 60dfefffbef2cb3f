/**
 * Products, plans, uploads and customers for the subscription tests, inserted straight through the
 * harness's database (the catalogue and media APIs are another module's), money given in naira.
 */
import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { createAccount, issueSession } from '~/backend/auth/service'
import { files, paymentPlans, products, settings, users } from '~/backend/db/schema'
import { fileUrl } from '~/backend/subscriptions/access'
import { addInterval, todayIn } from '~/backend/dates/calendar'
import type { DataOf, TestApi } from '../support/api-harness'

const kobo = (naira: number) => Math.round(naira * 100)
const code = () => crypto.randomBytes(4).toString('hex').toUpperCase()

export const lagosToday = (now = new Date()) => todayIn('Africa/Lagos', now)
/** Yesterday at 10:30 in Lagos, typed as the date-time picker sends it: always in the past. */
export const yesterdayMorning = () => `${addInterval(lagosToday(), -1, 'days')} 10:30`

type LandOptions = {
  amount?: number
  initialDeposit?: number | null
  discount?: number | null
  units?: number | null
  isAvailable?: boolean
  location?: string
}

export async function createLandProduct(api: TestApi, options: LandOptions = {}) {
  const byQuantity = options.units !== undefined && options.units !== null
  const [product] = await api.db
    .insert(products)
    .values({
      reference: `PRD-${code()}`,
      type: 'land',
      description: 'A dry, fenced plot with a C of O, ten minutes from the expressway.',
      location: options.location ?? 'Lekki, Lagos',
      amount: kobo(options.amount ?? 5_000_000),
      initialDepositAmount: options.initialDeposit == null ? null : kobo(options.initialDeposit),
      landType: 'plot',
      size: 500,
      sizeInMeasurement: 'sqm',
      availableByQuantity: byQuantity,
      unitAvailable: byQuantity ? options.units : null,
      isAvailable: options.isAvailable ?? true,
      discountPercentage: options.discount ?? null,
    })
    .returning()
  return product
}

export async function createPlan(
  api: TestApi,
  productId: number,
  plan: { amount: number; duration: number; durationType?: 'days' | 'weeks' | 'months' | 'years' },
) {
  const [created] = await api.db
    .insert(paymentPlans)
    .values({
      productId,
      amount: kobo(plan.amount),
      duration: plan.duration,
      durationType: plan.durationType ?? 'months',
    })
    .returning()
  return created
}

type InvestmentOptions = {
  minimum?: number
  returnPercent?: number
  type?: 'recurring' | 'one_time'
  interval?: 'days' | 'weeks' | 'months' | 'years'
  frequencyPeriod?: number
  duration?: number | null
  units?: number | null
}

export async function createInvestmentProduct(api: TestApi, options: InvestmentOptions = {}) {
  const byQuantity = options.units !== undefined && options.units !== null
  const type = options.type ?? 'recurring'
  const [product] = await api.db
    .insert(products)
    .values({
      reference: `PRD-${code()}`,
      type: 'land_investment',
      description: 'Farmland that pays a return on a schedule.',
      amount: kobo(options.minimum ?? 500_000),
      investmentReturn: options.returnPercent ?? 10,
      landInvestmentType: type,
      interval: options.interval ?? 'months',
      frequencyPeriod: options.frequencyPeriod ?? 3,
      duration:
        type === 'recurring' ? (options.duration === undefined ? 12 : options.duration) : null,
      availableByQuantity: byQuantity,
      unitAvailable: byQuantity ? options.units : null,
    })
    .returning()
  return product
}

// The smallest valid PNG: what media/upload would have stored for a screenshot of a transfer.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

/** A proof image owned by a user, as media/upload leaves it; answers the URL the client would send. */
export async function uploadProof(api: TestApi, ownerId: number) {
  const name = `${crypto.randomUUID()}.png`
  await api.db.insert(files).values({
    name,
    folder: 'proofs',
    contentType: 'image/png',
    size: PNG.length,
    content: new Uint8Array(PNG),
    ownerId,
  })
  const [file] = await api.db.select({ id: files.id }).from(files).where(eq(files.name, name))
  return { url: fileUrl(name), id: file.id, name }
}

export async function userIdOf(api: TestApi, email: string) {
  const [user] = await api.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
  return user.id
}

let counter = 0
/** A verified customer made directly in the database and signed in: fast enough for a hundred at once. */
export async function createCustomer(
  api: TestApi,
  extra: { realtorId?: number | null; firstName?: string } = {},
) {
  counter += 1
  const email = `buyer-${counter}-${code().toLowerCase()}@example.com`
  const user = await createAccount(api.db, {
    email,
    firstName: extra.firstName ?? 'Chidi',
    lastName: `Buyer${counter}`,
    role: 'customer',
    realtorId: extra.realtorId ?? null,
    emailVerified: true,
  })
  const session = await issueSession(api.db, user.id)
  return {
    id: user.id,
    email,
    reference: user.reference,
    token: session.token,
    firstName: user.firstName,
    lastName: user.lastName,
  }
}

export async function setBankDetails(api: TestApi) {
  const value = {
    account_number: '0123456789',
    account_name: 'Land Banking Ltd',
    bank_name: 'Zenith Bank',
  }
  await api.db.update(settings).set({ value }).where(eq(settings.key, 'bank_details'))
  return value
}

/** Subscribes through the API and fails loudly when that does not work. */
export async function subscribe(api: TestApi, token: string, body: Record<string, unknown>) {
  const answer = await api.call<DataOf<'subscriptionCreate'>>('POST', 'product-subscription', {
    token,
    body,
  })
  if (answer.status !== '200')
    throw new Error(
      `Subscribing failed: ${answer.httpStatus} ${answer.message} ${JSON.stringify(answer.data)}`,
    )
  return answer.data
}

/** Sends a payment with a fresh proof uploaded by the payer. */
export async function pay(
  api: TestApi,
  payer: { id: number; token: string },
  reference: string,
  amount: number | string,
  extra: Record<string, unknown> = {},
) {
  const proof = await uploadProof(api, payer.id)
  return api.call('POST', `product-subscription/${reference}/transaction`, {
    token: payer.token,
    body: { amount, proof_of_payment: proof.url, paid_at: yesterdayMorning(), ...extra },
  })
}
