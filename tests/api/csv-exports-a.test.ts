import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createAccount } from '~/backend/auth/service'
import { getConfig } from '~/backend/config'
import { todayIn } from '~/backend/dates/calendar'
import { createTestApi, type ItemOf, type TestApi } from '../support/api-harness'
import {
  createCustomer,
  createInvestmentProduct,
  createLandProduct,
  pay,
  subscribe,
  userIdOf,
} from './subscriptions-fixtures'

/**
 * CSV exports of the product, subscription, transaction and people lists: every row the list shows
 * under the same filters (across its pages), with a byte order mark, a header row, a dated file
 * name, plain decimal amounts, formula cells defused; refused to whoever the list refuses, and
 * scoped as the list is (a realtor's customers, a customer's own subscriptions).
 */

let api: TestApi
const marker = () => `Q${crypto.randomBytes(4).toString('hex')}`
const today = () => todayIn(getConfig().APP_TIME_ZONE)

beforeAll(async () => {
  api = await createTestApi()
})
afterAll(async () => {
  await api?.close()
})

type Csv = {
  status: number
  bytes: Buffer
  filename: string | null
  header: string[]
  rows: string[][]
}

/** Splits the file into cells (quoted cells may hold commas and doubled quotes; none here holds a line break). */
function cellsOf(line: string) {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const char = line[i]
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"'
        i++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      cells.push(cell)
      cell = ''
    } else cell += char
  }
  cells.push(cell)
  return cells
}

async function exportOf(path: string, token: string): Promise<Csv> {
  const answer = await api.call('GET', path, { token })
  const bytes = Buffer.from(await answer.response.arrayBuffer())
  const disposition = answer.response.headers.get('content-disposition') ?? ''
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null
  if (answer.httpStatus !== 200)
    return { status: answer.httpStatus, bytes, filename, header: [], rows: [] }
  const [header, ...rows] = bytes
    .subarray(3)
    .toString('utf8')
    .split('\r\n')
    .filter(Boolean)
    .map(cellsOf)
  return { status: answer.httpStatus, bytes, filename, header, rows }
}

/** Every item of a JSON list under a query, page after page. */
async function listAll<Item = Record<string, unknown>>(path: string, token: string) {
  const items: Item[] = []
  for (let page = 1; ; page++) {
    const answer = await api.call('GET', `${path}${path.includes('?') ? '&' : '?'}page=${page}`, {
      token,
    })
    expect(answer.httpStatus, answer.message).toBe(200)
    items.push(...answer.data.items)
    if (page >= answer.data.totalPages) return items
  }
}

const column = (csv: Csv, name: string) => {
  const index = csv.header.indexOf(name)
  expect(index, `column ${name}`).toBeGreaterThanOrEqual(0)
  return csv.rows.map((row) => row[index])
}

async function customerNamed(firstName: string, lastName: string, realtorId: number | null = null) {
  const email = `csv-${crypto.randomBytes(5).toString('hex')}@example.com`
  return createAccount(api.db, {
    email,
    firstName,
    lastName,
    role: 'customer',
    realtorId,
    emailVerified: true,
  })
}

describe('customers', () => {
  test('the export holds exactly the rows the filtered list shows over its pages, with the BOM, header and a dated name', async () => {
    const tag = marker()
    for (let i = 0; i < 11; i++) await customerNamed('Amaka', `${tag}${i}`)
    const hyperlink = await customerNamed('=HYPERLINK("http://x")', tag)
    await customerNamed('Amaka', marker()) // outside the filter
    const staff = await api.createStaff(['can_view_customer'])

    const listed = await listAll(`admin/customer?search=${tag}`, staff.token)
    expect(listed).toHaveLength(12)
    const csv = await exportOf(`admin/customer?search=${tag}&format=csv`, staff.token)
    expect(csv.status).toBe(200)
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(csv.filename).toBe(`customers-${today()}.csv`)
    expect(csv.header).toEqual([
      'reference',
      'first_name',
      'last_name',
      'email',
      'registered_at',
      'suspended',
    ])
    expect(column(csv, 'reference')).toEqual(listed.map((item) => item.reference))
    expect(
      column(csv, 'registered_at').every((value) =>
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value),
      ),
    ).toBe(true)

    // The formula is written as text: an apostrophe first, inside quotes, its own quotes doubled.
    const text = csv.bytes.toString('utf8')
    expect(text).toContain(`${hyperlink.reference},"'=HYPERLINK(""http://x"")",${tag},`)
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m)
  })

  test("a realtor's export holds only its own customers, as its list does", async () => {
    const tag = marker()
    const realtor = await api.registerUser('realtor')
    const other = await api.registerUser('realtor')
    for (let i = 0; i < 3; i++)
      await customerNamed('Bisi', `${tag}${i}`, await userIdOf(api, realtor.email))
    const theirs = await customerNamed('Bisi', `${tag}x`, await userIdOf(api, other.email))
    const unowned = await customerNamed('Bisi', `${tag}y`)

    const listed = await listAll(`admin/customer?search=${tag}`, realtor.token)
    const csv = await exportOf(`admin/customer?search=${tag}&format=csv`, realtor.token)
    expect(csv.status).toBe(200)
    expect(column(csv, 'reference')).toEqual(listed.map((item) => item.reference))
    expect(csv.rows).toHaveLength(3)
    expect(column(csv, 'reference')).not.toContain(theirs.reference)
    expect(column(csv, 'reference')).not.toContain(unowned.reference)
  })

  test('whoever the list refuses is refused the export, with the same status', async () => {
    const customer = await createCustomer(api)
    const plainStaff = await api.createStaff(['can_modify_product'])
    for (const token of [customer.token, plainStaff.token]) {
      for (const path of ['admin/customer', 'admin/realtor', 'admin/user']) {
        const list = await api.call('GET', path, { token })
        const csv = await api.call('GET', `${path}?format=csv`, { token })
        expect(list.httpStatus).toBeGreaterThanOrEqual(400)
        expect(csv.httpStatus, path).toBe(list.httpStatus)
        expect(csv.response.headers.get('content-type')).not.toContain('text/csv')
      }
    }
  })
})

describe('realtors and users', () => {
  test('each export matches its list under a search', async () => {
    const tag = marker()
    for (let i = 0; i < 2; i++)
      await createAccount(api.db, {
        email: `r-${tag}-${i}@example.com`,
        firstName: 'Kemi',
        lastName: tag,
        role: 'realtor',
        businessName: `${tag} Homes`,
        emailVerified: true,
      })
    for (let i = 0; i < 2; i++)
      await createAccount(api.db, {
        email: `u-${tag}-${i}@example.com`,
        firstName: 'Tobi',
        lastName: tag,
        role: 'admin',
        permissions: ['can_view_customer'],
        emailVerified: true,
      })
    const staff = await api.createStaff([
      'can_view_realtor',
      'can_modify_user',
      'can_view_customer',
    ])

    const realtors = await exportOf(`admin/realtor?search=${tag}&format=csv`, staff.token)
    expect(realtors.filename).toBe(`realtors-${today()}.csv`)
    expect(column(realtors, 'reference')).toEqual(
      (await listAll(`admin/realtor?search=${tag}`, staff.token)).map((item) => item.reference),
    )
    expect(column(realtors, 'business_name')).toEqual([`${tag} Homes`, `${tag} Homes`])

    const users = await exportOf(`admin/user?search=${tag}&format=csv`, staff.token)
    expect(users.filename).toBe(`users-${today()}.csv`)
    expect(column(users, 'reference')).toEqual(
      (await listAll(`admin/user?search=${tag}`, staff.token)).map((item) => item.reference),
    )
    expect(column(users, 'permissions')).toEqual(['can_view_customer', 'can_view_customer'])
    expect(users.rows).toHaveLength(2)
  })
})

describe('products', () => {
  test('the land export matches the filtered list, amounts as plain decimals', async () => {
    const tag = marker()
    for (let i = 0; i < 11; i++)
      await createLandProduct(api, { amount: 1_250_000, location: `${tag} Estate ${i}` })
    await createLandProduct(api, { amount: 1_250_000, location: `${tag} Sold`, isAvailable: false })
    await createInvestmentProduct(api) // another type
    const customer = await createCustomer(api)

    const query = `type=land&available_status=available&search=${tag}`
    const listed = await listAll(`product?${query}`, customer.token)
    expect(listed).toHaveLength(11)
    const csv = await exportOf(`product?${query}&format=csv`, customer.token)
    expect(csv.filename).toBe(`land-purchases-${today()}.csv`)
    expect(column(csv, 'reference')).toEqual(listed.map((item) => item.reference))
    expect(new Set(column(csv, 'amount'))).toEqual(new Set(['1250000.00']))
    expect(new Set(column(csv, 'is_available'))).toEqual(new Set(['yes']))

    const investments = await exportOf('product?type=land_investment&format=csv', customer.token)
    expect(investments.filename).toBe(`land-investments-${today()}.csv`)
    expect(column(investments, 'reference')).toEqual(
      (await listAll('product?type=land_investment', customer.token)).map((item) => item.reference),
    )
  })
})

describe('subscriptions and transactions', () => {
  test("staff export every subscription the filtered list shows; a customer's export holds only their own", async () => {
    const product = await createLandProduct(api, { amount: 2_000_000 })
    const elsewhere = await createLandProduct(api, { amount: 2_000_000 })
    const customers = []
    for (let i = 0; i < 11; i++) {
      const customer = await createCustomer(api)
      customers.push(customer)
      await subscribe(api, customer.token, {
        type: 'land',
        product_id: product.reference,
        payment_mode: 'full',
      })
    }
    const [first, second] = customers
    await subscribe(api, first.token, {
      type: 'land',
      product_id: elsewhere.reference,
      payment_mode: 'full',
    })
    const staff = await api.createStaff(['can_modify_subscription'])

    const query = `type=land&search=${product.reference}`
    const listed = await listAll<ItemOf<'subscriptionList'>>(
      `product-subscription?${query}`,
      staff.token,
    )
    expect(listed).toHaveLength(11)
    const csv = await exportOf(`product-subscription?${query}&format=csv`, staff.token)
    expect(csv.status).toBe(200)
    expect(csv.filename).toBe(`subscriptions-${today()}.csv`)
    expect(column(csv, 'reference')).toEqual(listed.map((item) => item.reference))
    expect(column(csv, 'customer_email')).toEqual(listed.map((item) => item.user.email))
    expect(column(csv, 'customer_reference')).toEqual(listed.map((item) => item.user.reference))
    expect(column(csv, 'customer_name')).toEqual(listed.map((item) => item.user.full_name))
    expect(new Set(column(csv, 'product_reference'))).toEqual(new Set([product.reference]))
    expect(new Set(column(csv, 'total_amount'))).toEqual(new Set(['2000000.00']))
    expect(new Set(column(csv, 'total_amount_paid'))).toEqual(new Set(['0.00']))
    expect(
      column(csv, 'created_at').every((value) => /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(value)),
    ).toBe(true)

    // A customer, with no filter at all, gets their own two and nobody else's.
    const own = await exportOf('product-subscription?format=csv', first.token)
    expect(own.status).toBe(200)
    expect(new Set(column(own, 'customer_email'))).toEqual(new Set([first.email]))
    expect(own.rows).toHaveLength(2)
    expect(column(own, 'reference').sort()).toEqual(
      (await listAll('product-subscription', first.token)).map((item) => item.reference).sort(),
    )
    expect(column(own, 'reference')).not.toContain(
      listed.find((item) => item.user.email === second.email)!.reference,
    )
  })

  test("a subscription's transactions export matches its list; another customer is refused as the list refuses", async () => {
    const product = await createLandProduct(api, { amount: 500_000 })
    const owner = await createCustomer(api)
    const stranger = await createCustomer(api)
    const { reference } = await subscribe(api, owner.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
    const paid = await pay(api, owner, reference, 500_000)
    expect(paid.httpStatus, paid.message).toBe(200)
    const staff = await api.createStaff(['can_verify_transaction'])

    const listed = await listAll(`product-subscription/${reference}/transaction`, staff.token)
    expect(listed).toHaveLength(1)
    const csv = await exportOf(
      `product-subscription/${reference}/transaction?format=csv`,
      staff.token,
    )
    expect(csv.status).toBe(200)
    expect(csv.filename).toBe(`transactions-${reference}-${today()}.csv`)
    expect(column(csv, 'reference')).toEqual(listed.map((item) => item.reference))
    expect(column(csv, 'amount')).toEqual(['500000.00'])
    expect(column(csv, 'status')).toEqual(['awaiting_confirmation'])

    const list = await api.call('GET', `product-subscription/${reference}/transaction`, {
      token: stranger.token,
    })
    const refused = await exportOf(
      `product-subscription/${reference}/transaction?format=csv`,
      stranger.token,
    )
    expect(list.httpStatus).toBe(404)
    expect(refused.status).toBe(404)
    expect(refused.bytes.toString('utf8')).not.toContain(listed[0].reference)
  })
})
