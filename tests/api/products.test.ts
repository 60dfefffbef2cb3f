import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { products, subscriptions, users } from '~/backend/db/schema'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApi,
  type DataOf,
  type TestApi,
} from '../support/api-harness'

let api: TestApi
let admin: string
let customer: { token: string; email: string }
let otherCustomer: { token: string; email: string }
let staffWithout: string
let staffWith: string

const land = (extra: Record<string, unknown> = {}) => ({
  type: 'land',
  name: 'Palm Grove Estate, Lekki',
  description: 'Serviced plots with a gatehouse',
  location: 'Ibeju-Lekki, Lagos',
  amount: 5_000_000,
  land_type: 'plot',
  size: 600,
  size_in_measurement: 'sqm',
  ...extra,
})

const investment = (extra: Record<string, unknown> = {}) => ({
  type: 'land_investment',
  name: 'Epe Farmland Quarterly Income',
  description: 'Quarterly farmland income',
  minimum_amount: 500_000,
  investment_return: 8,
  land_investment_type: 'recurring',
  frequency_period: 3,
  interval: 'months',
  duration: 24,
  ...extra,
})

async function create(body: Record<string, unknown>, token = admin) {
  const answer = await api.call('POST', 'admin/product', { token, body })
  expect(answer.status, JSON.stringify(answer.data)).toBe('200')
  return answer.data
}

async function userId(email: string) {
  const [row] = await api.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  return row.id
}

beforeAll(async () => {
  api = await createTestApi()
  admin = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).token
  customer = await api.registerUser('customer')
  otherCustomer = await api.registerUser('customer')
  staffWithout = (await api.createStaff(['can_view_customer'])).token
  staffWith = (await api.createStaff(['can_modify_product'])).token
})
afterAll(async () => {
  await api?.close()
})

describe('POST admin/product', () => {
  test('only can_modify_product (or the super admin) may create', async () => {
    expect((await api.call('POST', 'admin/product', { body: land() })).httpStatus).toBe(401)
    for (const token of [customer.token, staffWithout]) {
      const answer = await api.call('POST', 'admin/product', { token, body: land() })
      expect(answer.httpStatus).toBe(403)
      expect(answer.status).toBe('forbidden')
    }
    const byStaff = await api.call('POST', 'admin/product', { token: staffWith, body: land() })
    expect(byStaff.status).toBe('200')
    expect(byStaff.message).toBe('Product created successfully')
    const byAdmin = await api.call('POST', 'admin/product', { token: admin, body: land() })
    expect(byAdmin.status).toBe('200')
  })

  test('a land product answers every field, in naira, and is stored in kobo', async () => {
    const product = await create(
      land({
        amount: '1,250,000.50',
        initial_deposit_amount: 250_000,
        discount_percentage: 10,
        available_by_quantity: true,
        unit_available: 4,
      }),
    )
    expect(product).toMatchObject({
      reference: expect.stringMatching(/^PRD-[A-Z2-9]{8}$/),
      type: 'land',
      description: 'Serviced plots with a gatehouse',
      location: 'Ibeju-Lekki, Lagos',
      amount: 1_250_000.5,
      initial_deposit_amount: 250_000,
      land_type: 'plot',
      size: 600,
      size_in_measurement: 'sqm',
      available_by_quantity: true,
      unit_available: 4,
      is_available: true,
      discount_percentage: 10,
      images: [],
      subscription_count: 0,
      plan_count: 0,
      has_subscribed: false,
      minimum_amount: null,
      investment_return: null,
      land_investment_type: null,
      interval: null,
      duration: null,
      frequency_period: null,
    })
    const [row] = await api.db
      .select()
      .from(products)
      .where(eq(products.reference, product.reference))
    expect(row.amount).toBe(125_000_050)
    expect(row.initialDepositAmount).toBe(25_000_000)
  })

  test('an investment answers minimum_amount, also as amount; a one-time one has no duration', async () => {
    const recurring = await create(investment())
    expect(recurring).toMatchObject({
      type: 'land_investment',
      amount: 500_000,
      minimum_amount: 500_000,
      investment_return: 8,
      land_investment_type: 'recurring',
      frequency_period: 3,
      interval: 'months',
      duration: 24,
      land_type: null,
      initial_deposit_amount: null,
    })
    const oneTime = await create(
      investment({
        land_investment_type: 'one_time',
        duration: undefined,
        minimum_amount: undefined,
        amount: 750_000,
      }),
    )
    expect(oneTime).toMatchObject({ minimum_amount: 750_000, amount: 750_000, duration: null })
  })

  test('land: name, description, location and amount are required, per field', async () => {
    const answer = await api.call('POST', 'admin/product', { token: admin, body: { type: 'land' } })
    expect(answer.httpStatus).toBe(422)
    expect(answer.status).toBe('payloadValidationError')
    expect(answer.data).toEqual({
      name: ["Enter the product's name"],
      description: ['Enter the description'],
      location: ['Enter the location'],
      amount: ['Enter the amount'],
    })
  })

  test('investment: description, minimum amount, return, type, ROI period and interval; duration for recurring', async () => {
    const answer = await api.call('POST', 'admin/product', {
      token: admin,
      body: { type: 'land_investment', description: '' },
    })
    expect(answer.data).toEqual({
      name: ["Enter the product's name"],
      description: ['Enter the description'],
      minimum_amount: ['Enter the minimum amount'],
      investment_return: ['Enter the investment return'],
      land_investment_type: ['Choose the investment type'],
      frequency_period: ['Enter the ROI period'],
      interval: ['Choose the interval'],
    })
    const recurring = await api.call('POST', 'admin/product', {
      token: admin,
      body: investment({ duration: null }),
    })
    expect(recurring.data).toEqual({ duration: ['Enter the duration'] })
  })

  test('the type is required; unit available is required when sold by quantity', async () => {
    const noType = await api.call('POST', 'admin/product', {
      token: admin,
      body: { description: 'x' },
    })
    expect(noType.data.type).toEqual(['Choose the type'])
    const byQuantity = await api.call('POST', 'admin/product', {
      token: admin,
      body: land({ available_by_quantity: true }),
    })
    expect(byQuantity.data).toEqual({ unit_available: ['Enter the units available'] })
  })

  test('discount percentage and initial deposit are nullable; bad values are refused per field', async () => {
    const product = await create(land({ discount_percentage: null, initial_deposit_amount: null }))
    expect(product).toMatchObject({ discount_percentage: null, initial_deposit_amount: null })
    const bad = await api.call('POST', 'admin/product', {
      token: admin,
      body: land({
        amount: 'lots',
        discount_percentage: 150,
        land_type: 'hectare',
        initial_deposit_amount: 10,
      }),
    })
    expect(bad.data.amount).toEqual(['Amount must be a number'])
    expect(bad.data.discount_percentage).toEqual(['Discount percentage must be at most 100'])
    expect(bad.data.land_type).toEqual(['The selected land type is invalid'])
  })

  test('a new product needs its name: stored trimmed, answered, listed and found by the search', async () => {
    for (const name of [undefined, '', '   ']) {
      const answer = await api.call('POST', 'admin/product', { token: admin, body: land({ name }) })
      expect(answer.httpStatus).toBe(422)
      expect(answer.data).toEqual({ name: ["Enter the product's name"] })
    }
    const tooLong = await api.call('POST', 'admin/product', {
      token: admin,
      body: land({ name: 'x'.repeat(121) }),
    })
    expect(tooLong.data).toEqual({ name: ['Name must be at most 120 characters'] })

    const product = await create(
      land({ name: '  Okoya Gardens, Ajah  ', description: 'Quiet plots' }),
    )
    expect(product.name).toBe('Okoya Gardens, Ajah')
    const [row] = await api.db
      .select({ name: products.name })
      .from(products)
      .where(eq(products.reference, product.reference))
    expect(row.name).toBe('Okoya Gardens, Ajah')
    expect(
      (await api.call('GET', `product/${product.reference}`, { token: admin })).data.name,
    ).toBe('Okoya Gardens, Ajah')
    // The search box finds it by a word of its name alone (not in its location or description).
    const found = await api.call('GET', 'product?search=okoya', { token: admin })
    expect(
      found.data.items.map((item: { reference: string; name: string }) => [
        item.reference,
        item.name,
      ]),
    ).toEqual([[product.reference, 'Okoya Gardens, Ajah']])
  })

  test('an edit may rename a product; an edit without a name keeps it; a blank one is refused', async () => {
    const product = await create(land({ name: 'Adiva Plainfields, Epe' }))
    const withoutName = land({ amount: 6_000_000 }) as Record<string, unknown>
    delete withoutName.name
    const kept = await api.call('POST', `admin/product/${product.reference}`, {
      token: admin,
      body: withoutName,
    })
    expect(kept.data).toMatchObject({ name: 'Adiva Plainfields, Epe', amount: 6_000_000 })
    const renamed = await api.call('POST', `admin/product/${product.reference}`, {
      token: admin,
      body: land({ name: 'Adiva Royal Plainfields, Epe' }),
    })
    expect(renamed.data.name).toBe('Adiva Royal Plainfields, Epe')
    const blank = await api.call('POST', `admin/product/${product.reference}`, {
      token: admin,
      body: land({ name: ' ' }),
    })
    expect(blank.httpStatus).toBe(422)
    expect(blank.data).toEqual({ name: ["Enter the product's name"] })
  })

  test('a product sold by quantity with no unit left is unavailable', async () => {
    const product = await create(
      land({ available_by_quantity: true, unit_available: 0, is_available: true }),
    )
    expect(product).toMatchObject({ unit_available: 0, is_available: false })
  })

  test('a plain form post (urlencoded) is understood too', async () => {
    const answer = await api.call('POST', 'admin/product', {
      token: admin,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      raw: new URLSearchParams({
        type: 'land',
        name: 'Form Plots, Epe',
        description: 'Form plots',
        location: 'Epe, Lagos',
        amount: '2,000,000',
        available_by_quantity: 'on',
        unit_available: '3',
      }).toString(),
    })
    expect(answer.status).toBe('200')
    expect(answer.data).toMatchObject({
      amount: 2_000_000,
      available_by_quantity: true,
      unit_available: 3,
      is_available: true,
    })
  })
})

describe('POST admin/product/{reference}', () => {
  test('edits a product with the same rules and permissions', async () => {
    const product = await create(land())
    const path = `admin/product/${product.reference}`
    expect((await api.call('POST', path, { token: customer.token, body: land() })).httpStatus).toBe(
      403,
    )
    expect((await api.call('POST', path, { token: staffWithout, body: land() })).httpStatus).toBe(
      403,
    )
    const edited = await api.call('POST', path, {
      token: staffWith,
      body: land({ description: 'Now with a tarred road', amount: 6_000_000, is_available: false }),
    })
    expect(edited.status).toBe('200')
    expect(edited.message).toBe('Product updated successfully')
    expect(edited.data).toMatchObject({
      reference: product.reference,
      description: 'Now with a tarred road',
      amount: 6_000_000,
      is_available: false,
    })
    const invalid = await api.call('POST', path, {
      token: admin,
      body: { type: 'land', description: '' },
    })
    expect(invalid.data).toEqual({
      description: ['Enter the description'],
      location: ['Enter the location'],
      amount: ['Enter the amount'],
    })
  })

  test('the type stays; the type may be left out; unknown references answer 404', async () => {
    const product = await create(land())
    const changed = await api.call('POST', `admin/product/${product.reference}`, {
      token: admin,
      body: investment(),
    })
    expect(changed.data).toEqual({ type: ['The type of a product cannot be changed'] })
    const { type: _type, ...withoutType } = land({ description: 'No type sent' })
    const kept = await api.call('POST', `admin/product/${product.reference}`, {
      token: admin,
      body: withoutType,
    })
    expect(kept.data).toMatchObject({ type: 'land', description: 'No type sent' })
    const missing = await api.call('POST', 'admin/product/PRD-NOSUCH00', {
      token: admin,
      body: land(),
    })
    expect(missing.httpStatus).toBe(404)
  })
})

describe('GET product and product/{reference}', () => {
  let needle: string
  let references: string[]

  beforeAll(async () => {
    needle = `zebra${Date.now()}`
    references = []
    // 12 land products (newest last created), some unavailable, some acres; 2 investments.
    for (let index = 0; index < 12; index++) {
      const product = await create(
        land({
          description: `Plots ${needle} number ${index}`,
          land_type: index % 3 === 0 ? 'acre' : 'plot',
          is_available: index % 4 !== 0,
        }),
      )
      references.push(product.reference)
    }
    await create(investment({ description: `Income ${needle} recurring` }))
    await create(
      investment({
        description: `Income ${needle} once`,
        land_investment_type: 'one_time',
        duration: undefined,
      }),
    )
  })

  const list = async (query: string, token = customer.token) =>
    api.call<DataOf<'productList'>>('GET', `product?${query}`, { token })

  test('needs a verified sign-in', async () => {
    expect((await api.call('GET', 'product')).httpStatus).toBe(401)
    expect((await api.call('GET', `product/${references[0]}`)).httpStatus).toBe(401)
  })

  test('pages of 10, newest first, each saying its page, the page size, the total and the pages', async () => {
    const first = await list(`type=land&search=${needle}`)
    expect(first.status).toBe('200')
    const { items: _, ...page } = first.data
    expect(page).toEqual({ page: 1, page_size: 10, total: 12, total_pages: 2, totalPages: 2 })
    expect(first.data.items).toHaveLength(10)
    expect(first.data.items.map((item) => item.reference)).toEqual(references.slice(2).reverse())
    const second = await list(`type=land&search=${needle}&page=2`)
    expect(second.data.page).toBe(2)
    expect(second.data.items.map((item) => item.reference)).toEqual(
      references.slice(0, 2).reverse(),
    )
    const beyond = await list(`type=land&search=${needle}&page=9`)
    expect(beyond.data.items).toEqual([])
  })

  test('filters by type, availability, land type and investment type', async () => {
    const investments = await list(`type=land_investment&search=${needle}`)
    expect(investments.data.items).toHaveLength(2)
    expect(investments.data.items.every((item) => item.type === 'land_investment')).toBe(true)
    const unavailable = await list(`type=land&available_status=unavailable&search=${needle}`)
    expect(unavailable.data.items).toHaveLength(3)
    expect(unavailable.data.items.every((item) => item.is_available === false)).toBe(true)
    const available = await list(`type=land&available_status=available&search=${needle}`)
    expect(available.data.items).toHaveLength(9)
    const acres = await list(`type=land&land_type=acre&search=${needle}`)
    expect(acres.data.items).toHaveLength(4)
    expect(acres.data.items.every((item) => item.land_type === 'acre')).toBe(true)
    const oneTime = await list(`land_investment_type=one_time&search=${needle}`)
    expect(oneTime.data.items.map((item) => item.description)).toEqual([`Income ${needle} once`])
  })

  test('searches reference, location and description, ignoring case, with wildcards taken literally', async () => {
    const byReference = await list(`search=${references[5].toLowerCase()}`)
    expect(byReference.data.items.map((item) => item.reference)).toEqual([references[5]])
    const byDescription = await list(`search=${needle.toUpperCase()}%20NUMBER%2011`)
    expect(byDescription.data.items.map((item) => item.reference)).toEqual([references[11]])
    const located = await create(land({ location: `Kuje ${needle}Town, Abuja` }))
    const byLocation = await list(`search=${needle}town`)
    expect(byLocation.data.items.map((item) => item.reference)).toEqual([located.reference])
    const wildcard = await list('search=%25')
    expect(wildcard.data.items).toEqual([])
  })

  test('invalid filter values answer payloadValidationError', async () => {
    const answer = await api.call('GET', 'product?type=house&available_status=maybe', {
      token: customer.token,
    })
    expect(answer.httpStatus).toBe(422)
    expect(answer.data).toEqual({
      type: ['The selected type is invalid'],
      available_status: ['The selected available status is invalid'],
    })
  })

  test('has_subscribed is per caller and subscription_count counts live subscribers', async () => {
    const reference = references[11]
    const [product] = await api.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.reference, reference))
    const subscribe = async (
      email: string,
      status: 'awaiting_payment' | 'cancelled',
      suffix: string,
    ) =>
      api.db.insert(subscriptions).values({
        reference: `SUB-TEST${suffix}`,
        userId: await userId(email),
        productId: product.id,
        type: 'land',
        status,
        paymentMode: 'full',
        totalAmount: 500_000_000,
      })
    await subscribe(customer.email, 'awaiting_payment', 'A1')
    await subscribe(customer.email, 'awaiting_payment', 'A2')
    await subscribe(otherCustomer.email, 'cancelled', 'B1')

    const mine = await api.call('GET', `product/${reference}`, { token: customer.token })
    expect(mine.data).toMatchObject({ has_subscribed: true, subscription_count: 1 })
    const theirs = await api.call('GET', `product/${reference}`, { token: otherCustomer.token })
    expect(theirs.data).toMatchObject({ has_subscribed: false, subscription_count: 1 })
    const listed = await list(`search=${reference}`)
    expect(listed.data.items[0]).toMatchObject({ has_subscribed: true, subscription_count: 1 })
  })

  test('one product by reference, in any letter case; unknown ones answer 404', async () => {
    const answer = await api.call('GET', `product/${references[3].toLowerCase()}`, {
      token: customer.token,
    })
    expect(answer.status).toBe('200')
    expect(answer.data.reference).toBe(references[3])
    const missing = await api.call('GET', 'product/PRD-NOSUCH00', { token: customer.token })
    expect(missing.httpStatus).toBe(404)
    expect(missing.status).toBe('notFound')
  })
})
