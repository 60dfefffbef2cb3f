import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { seedDemoCatalogue } from '~/backend/db/demo-seed'
import { users } from '~/backend/db/schema'
import { detectImageType } from '~/backend/files/content'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApi,
  type DataOf,
  type TestApi,
} from '../support/api-harness'

let api: TestApi
let token: string

beforeAll(async () => {
  api = await createTestApi()
  const [admin] = await api.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, ADMIN_EMAIL))
  const started = performance.now()
  await seedDemoCatalogue(api.db, admin.id)
  console.info(`demo catalogue seeded in ${Math.round(performance.now() - started)} ms`)
  token = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).token
})
afterAll(async () => {
  await api?.close()
})

test('the demo catalogue has plots and acres, by quantity, discounted, with plans and images', async () => {
  const { data } = await api.call<DataOf<'productList'>>('GET', 'product?type=land', { token })
  const items = data.items
  expect(items.length).toBeGreaterThanOrEqual(6)
  expect(new Set(items.map((item) => item.land_type))).toEqual(new Set(['plot', 'acre']))
  expect(items.some((item) => item.available_by_quantity && (item.unit_available ?? 0) > 0)).toBe(
    true,
  )
  expect(items.some((item) => item.discount_percentage)).toBe(true)
  expect(items.some((item) => item.plan_count >= 2)).toBe(true)
  expect(items.some((item) => !item.is_available)).toBe(true)
  expect(items.every((item) => /(Lagos|Abuja|Ogun)/.test(item.location ?? ''))).toBe(true)
  // Each has a name of its own, not its location again, and no two share one.
  expect(items.every((item) => item.name && item.name !== item.location)).toBe(true)
  expect(new Set(items.map((item) => item.name)).size).toBe(items.length)

  const withImages = items.filter((item) => item.images.length)
  expect(withImages.length).toBeGreaterThanOrEqual(items.length - 1)
  const image = await api.call('GET', withImages[0].images[0].replace('/api/v1/', ''))
  expect(image.httpStatus).toBe(200)
  expect(detectImageType(new Uint8Array(await image.response.arrayBuffer()))?.contentType).toBe(
    'image/png',
  )

  const planned = items.find((item) => item.plan_count > 0)!
  const plans = await api.call<DataOf<'paymentPlanList'>>(
    'GET',
    `product/${planned.reference}/payment-plan`,
    { token },
  )
  expect(plans.data.items.every((plan) => plan.estimated_duration_payment > 0)).toBe(true)
})

test('the demo catalogue has recurring and one-time investments', async () => {
  const { data } = await api.call<DataOf<'productList'>>('GET', 'product?type=land_investment', {
    token,
  })
  const types = data.items.map((item) => item.land_investment_type)
  expect(types).toContain('recurring')
  expect(types).toContain('one_time')
  expect(
    data.items
      .filter((item) => item.land_investment_type === 'recurring')
      .every((item) => (item.duration ?? 0) > 0),
  ).toBe(true)
})
