import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { products, subscriptions, users } from '~/backend/db/schema'
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApi, type TestApi } from '../support/api-harness'

type Registered = Awaited<ReturnType<TestApi['registerUser']>>

let api: TestApi
let realtor: Registered
let idleRealtor: Registered
let referred1: Registered
let referred2: Registered
let walkIn: Registered
let productIds: number[]

async function idOf(email: string) {
  const [row] = await api.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  return row.id
}

let seq = 0
async function subscribe(email: string, productId: number) {
  seq += 1
  await api.db.insert(subscriptions).values({
    reference: `SUB-TEST${seq}`,
    userId: await idOf(email),
    productId,
    type: 'land',
    status: 'awaiting_payment',
    paymentMode: 'full',
    totalAmount: 100_000_00,
  })
}

const metrics = (token: string) => api.call('GET', 'dashboard-metrics', { token })

beforeAll(async () => {
  api = await createTestApi()
  // Products and subscriptions are rows here: their own endpoints belong to other modules.
  const rows = await api.db
    .insert(products)
    .values(
      [true, true, true, false].map((isAvailable, index) => ({
        reference: `PRD-TEST${index}`,
        type: 'land' as const,
        description: `Plot ${index}`,
        location: 'Lekki',
        amount: 100_000_00,
        isAvailable,
      })),
    )
    .returning({ id: products.id })
  productIds = rows.map((row) => row.id)
  realtor = await api.registerUser('realtor')
  idleRealtor = await api.registerUser('realtor')
  referred1 = await api.registerUser('customer', { referral: realtor.user.reference })
  referred2 = await api.registerUser('customer', { referral: realtor.user.reference })
  walkIn = await api.registerUser('customer')
  await subscribe(referred1.email, productIds[0])
  await subscribe(referred1.email, productIds[1])
  await subscribe(referred2.email, productIds[0])
  await subscribe(walkIn.email, productIds[2])
})
afterAll(async () => {
  await api?.close()
})

describe('GET dashboard-metrics', () => {
  test('the super admin sees the platform totals', async () => {
    const admin = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)
    const answer = await metrics(admin.token)
    expect(answer.httpStatus).toBe(200)
    expect(answer.data).toEqual({
      total_products: 4,
      total_customers: 3,
      total_subscriptions: 4,
      total_realtors: 2,
    })
  })

  test('an admin sees customers and realtors counted only with the permissions for them', async () => {
    const bare = await api.createStaff([])
    expect((await metrics(bare.token)).data).toEqual({
      total_products: 4,
      total_customers: 0,
      total_subscriptions: 4,
      total_realtors: 0,
    })
    const customers = await api.createStaff(['can_view_customer'])
    expect((await metrics(customers.token)).data).toMatchObject({
      total_customers: 3,
      total_realtors: 0,
    })
    const realtors = await api.createStaff(['can_modify_realtor'])
    expect((await metrics(realtors.token)).data).toMatchObject({
      total_customers: 0,
      total_realtors: 2,
    })
  })

  test('a realtor sees its own customers and their subscriptions, and the products on sale', async () => {
    expect((await metrics(realtor.token)).data).toEqual({
      total_products: 3,
      total_customers: 2,
      total_subscriptions: 3,
      total_realtors: 0,
    })
    expect((await metrics(idleRealtor.token)).data).toEqual({
      total_products: 3,
      total_customers: 0,
      total_subscriptions: 0,
      total_realtors: 0,
    })
  })

  test('a customer sees its own subscriptions and the products on sale', async () => {
    expect((await metrics(referred1.token)).data).toEqual({
      total_products: 3,
      total_customers: 0,
      total_subscriptions: 2,
      total_realtors: 0,
    })
    expect((await metrics(walkIn.token)).data).toMatchObject({ total_subscriptions: 1 })
  })

  test('needs a signed-in, verified user', async () => {
    expect((await api.call('GET', 'dashboard-metrics')).httpStatus).toBe(401)
    const unverified = await api.call('POST', 'auth/register', {
      body: {
        email: 'fresh@example.com',
        password: 'password-123',
        first_name: 'F',
        last_name: 'R',
      },
    })
    expect((await metrics(unverified.data.token)).httpStatus).toBe(403)
  })
})
