import { and, eq, inArray } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { plotAllocations, plots, products, subscriptions, users } from '~/backend/db/schema'
import type { Database } from '~/backend/db/client'
import * as schema from '~/backend/db/schema'
import { createSubscription } from '~/backend/subscriptions/service'
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApi, type TestApi } from '../support/api-harness'
import { pdfText } from '../support/pdf-text'
import { createCustomer, lagosToday, pay } from './subscriptions-fixtures'

/**
 * The plot registry's stock and allocations under concurrency. Runs on PGlite and, in the test
 * command's PostgreSQL pass (TEST_DATABASE_URL), on a real server where the requests race on
 * separate connections; there half the buyers come through a second, independent pool, as a
 * second instance of the API would.
 */

let api: TestApi
let superAdmin: string
let titles: string
let verifier: string
let second: { db: Database; end: () => Promise<void> } | null = null

beforeAll(async () => {
  api = await createTestApi()
  superAdmin = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).token
  titles = (await api.createStaff(['can_manage_titles'])).token
  verifier = (await api.createStaff(['can_verify_transaction'])).token
  if (api.databaseUrls) {
    const pool = new pg.Pool({ connectionString: api.databaseUrls.app, max: 10 })
    second = { db: drizzle(pool, { schema }) as unknown as Database, end: () => pool.end() }
  }
})
afterAll(async () => {
  await second?.end()
  await api?.close()
})

let estateCount = 0
/** An estate with `count` plots of 648 m² (block A, numbers 1…) and one of 500 m²: its id and the plots' ids. */
async function estateWithPlots(count: number) {
  const estate = await api.call('POST', 'admin/estate', {
    token: superAdmin,
    body: { name: `Race Gardens ${++estateCount}`, address: 'Epe, Lagos', utm_zone: '31N' },
  })
  expect(estate.status, estate.message).toBe('200')
  const ids: string[] = []
  for (let number = 1; number <= count; number++) {
    const plot = await api.call('POST', `admin/estate/${estate.data.id}/plot`, {
      token: superAdmin,
      body: { block: 'A', number: String(number), size_sqm: 648 },
    })
    expect(plot.status, plot.message).toBe('200')
    ids.push(plot.data.id)
  }
  await api.call('POST', `admin/estate/${estate.data.id}/plot`, {
    token: superAdmin,
    body: { block: 'B', number: '1', size_sqm: 500 },
  })
  return { id: estate.data.id as string, plotIds: ids }
}

async function estateProduct(estateId: string, body: Record<string, unknown> = {}) {
  const answer = await api.call('POST', 'admin/product', {
    token: superAdmin,
    body: {
      type: 'land',
      name: `Plots of ${estateId.slice(0, 8)}`,
      description: 'Dry, fenced 648 m² plots',
      location: 'Epe, Lagos',
      amount: 1_000_000,
      land_type: 'plot',
      size: 648,
      size_in_measurement: 'sqm',
      estate_id: estateId,
      // Ignored: the estate's free plots are the stock.
      available_by_quantity: true,
      unit_available: 500,
      ...body,
    },
  })
  expect(answer.status, JSON.stringify(answer.data ?? answer.message)).toBe('200')
  return answer.data as { reference: string; unit_available: number; is_available: boolean }
}

const product = async (reference: string) =>
  (await api.call('GET', `product/${reference}`, { token: superAdmin })).data

const liveAllocations = (plotIds: string[]) =>
  api.db
    .select({ plot: plots.uuid, subscription: plotAllocations.subscriptionId })
    .from(plotAllocations)
    .innerJoin(plots, eq(plots.id, plotAllocations.plotId))
    .where(
      and(inArray(plots.uuid, plotIds), inArray(plotAllocations.status, ['reserved', 'allocated'])),
    )

describe('a land product sells the plots of its estate', () => {
  test('its units are the free plots of its size, whatever is sent; a purchase reserves its plots and a cancellation frees them', async () => {
    const estate = await estateWithPlots(3)
    const created = await estateProduct(estate.id)
    expect(created).toMatchObject({ unit_available: 3, is_available: true })
    const edited = await api.call('POST', `admin/product/${created.reference}`, {
      token: superAdmin,
      body: {
        ...{ type: 'land', description: 'Edited', location: 'Epe', amount: 1_000_000 },
        size: 648,
        unit_available: 40,
      },
    })
    expect(edited.status, edited.message).toBe('200')
    expect(edited.data.unit_available).toBe(3)

    const buyer = await createCustomer(api)
    const bought = await api.call('POST', 'product-subscription', {
      token: buyer.token,
      body: { type: 'land', product_id: created.reference, payment_mode: 'full', quantity: 2 },
    })
    expect(bought.status, bought.message).toBe('200')
    expect((await product(created.reference)).unit_available).toBe(1)
    const held = await liveAllocations(estate.plotIds)
    expect(held.map((row) => row.plot).sort()).toEqual(estate.plotIds.slice(0, 2).sort())
    const shown = await api.call('GET', `estate/${estate.id}`, { token: superAdmin })
    expect(shown.data.counts).toEqual({ free: 2, reserved: 2, sold: 0, allocated: 0 })

    // Adding a plot of the size adds a unit; one of another size does not.
    await api.call('POST', `admin/estate/${estate.id}/plot`, {
      token: superAdmin,
      body: { block: 'A', number: '99', size_sqm: 648 },
    })
    expect((await product(created.reference)).unit_available).toBe(2)

    const staff = (await api.createStaff(['can_modify_subscription'])).token
    const cancelled = await api.call(
      'POST',
      `admin/product-subscription/${bought.data.reference}/cancel`,
      { token: staff },
    )
    expect(cancelled.status, cancelled.message).toBe('200')
    expect(await liveAllocations(estate.plotIds)).toEqual([])
    expect((await product(created.reference)).unit_available).toBe(4)
  })

  test('40 buyers racing for the last 10 plots (half through a second pool on PostgreSQL): exactly 10 get one, no plot is sold twice, the product is sold out', async () => {
    const estate = await estateWithPlots(10)
    const created = await estateProduct(estate.id)
    const buyers = await Promise.all(Array.from({ length: 40 }, () => createCustomer(api)))
    const [productRow] = await api.db
      .select()
      .from(products)
      .where(eq(products.reference, created.reference))
    const owners = await api.db
      .select()
      .from(users)
      .where(
        inArray(
          users.id,
          buyers.map((b) => b.id),
        ),
      )
    const viaSecond = async (index: number) => {
      const owner = owners.find((row) => row.id === buyers[index].id)!
      try {
        await createSubscription(second!.db, {
          owner,
          product: productRow,
          plan: null,
          amountInvested: null,
          quantity: 1,
          createdById: owner.id,
          idempotencyKey: null,
        })
        return 200
      } catch (error) {
        return (error as { httpStatus?: number }).httpStatus ?? 500
      }
    }
    const statuses = await Promise.all(
      buyers.map(async (buyer, index) =>
        second && index % 2
          ? viaSecond(index)
          : (
              await api.call('POST', 'product-subscription', {
                token: buyer.token,
                body: { type: 'land', product_id: created.reference, payment_mode: 'full' },
              })
            ).httpStatus,
      ),
    )
    expect(statuses.filter((status) => status >= 500)).toEqual([])
    expect(statuses.filter((status) => status === 200)).toHaveLength(10)
    expect(statuses.filter((status) => status === 409)).toHaveLength(30)
    const held = await liveAllocations(estate.plotIds)
    expect(held).toHaveLength(10)
    expect(new Set(held.map((row) => row.plot)).size).toBe(10)
    expect(new Set(held.map((row) => row.subscription)).size).toBe(10)
    expect(await product(created.reference)).toMatchObject({
      unit_available: 0,
      is_available: false,
    })
  })
})

/** A purchase of one plot of the product, paid in full and confirmed: its reference. */
async function completedPurchase(productReference: string) {
  const buyer = await createCustomer(api)
  const sub = await api.call('POST', 'product-subscription', {
    token: buyer.token,
    body: { type: 'land', product_id: productReference, payment_mode: 'full' },
  })
  expect(sub.status, sub.message).toBe('200')
  const payment = await pay(api, buyer, sub.data.reference, 1_000_000)
  const marked = await api.call('POST', 'admin/mark-transaction', {
    token: verifier,
    body: { reference: payment.data.reference, status: 'paid' },
  })
  expect(marked.status, marked.message).toBe('200')
  for (const step of ['allocation_letter']) {
    const done = await api.call('POST', `admin/product-subscription/${sub.data.reference}/title`, {
      token: titles,
      body: { step, date: lagosToday() },
    })
    expect(done.status, done.message).toBe('200')
  }
  return { reference: sub.data.reference as string, buyer }
}

const allocate = (reference: string, plotIds: string[], reason?: string) =>
  api.call('POST', `admin/product-subscription/${reference}/title`, {
    token: titles,
    body: { step: 'plot_allocated', date: lagosToday(), plot_ids: plotIds, reason },
  })

describe('allocating plots on the title tracker', () => {
  test('a plot held by another live purchase is refused with 409; reallocating needs a reason and frees the old plot', async () => {
    const estate = await estateWithPlots(4)
    const sold = await estateProduct(estate.id)
    const first = await completedPurchase(sold.reference)
    const secondBuyer = await completedPurchase(sold.reference)
    const [plot1, plot2, plot3, plot4] = estate.plotIds
    // Each purchase reserved the next free plot when bought: the first A1, the second A2.
    const allocated = await allocate(first.reference, [plot3])
    expect(allocated.status, allocated.message).toBe('200')
    expect(allocated.data.steps[2].plots.map((p: { number: string }) => p.number)).toEqual(['3'])

    const taken = await allocate(secondBuyer.reference, [plot3])
    expect(taken.httpStatus).toBe(409)
    expect(taken.message).toBe(
      'Block A plot 3 is already held by another purchase: choose a free plot',
    )

    const noReason = await allocate(first.reference, [plot4])
    expect(noReason.httpStatus).toBe(409)
    expect(noReason.data.reason).toEqual([
      'Say why the plot is reallocated: the customer and the records keep the reason',
    ])
    const moved = await allocate(first.reference, [plot4], 'Plot 3 sits on the drainage line')
    expect(moved.status, moved.message).toBe('200')
    const [freed] = await api.db
      .select({ status: plotAllocations.status, reason: plotAllocations.releaseReason })
      .from(plotAllocations)
      .innerJoin(plots, eq(plots.id, plotAllocations.plotId))
      .where(and(eq(plots.uuid, plot3), eq(plotAllocations.status, 'released')))
    expect(freed).toEqual({ status: 'released', reason: 'Plot 3 sits on the drainage line' })
    // Plot 3 is free again: the second purchase may have it (its reserved A2 is let go).
    expect((await allocate(secondBuyer.reference, [plot3])).status).toBe('200')
    const live = await liveAllocations([plot1, plot2, plot3, plot4])
    expect(live.map((row) => row.plot).sort()).toEqual([plot3, plot4].sort())
  })

  test('two staff allocating one plot to two purchases at once: one wins, the other is refused with 409', async () => {
    const estate = await estateWithPlots(3)
    const sold = await estateProduct(estate.id)
    const a = await completedPurchase(sold.reference)
    const b = await completedPurchase(sold.reference)
    const contested = estate.plotIds[2]
    const answers = await Promise.all([
      allocate(a.reference, [contested]),
      allocate(b.reference, [contested]),
    ])
    expect(answers.map((answer) => answer.httpStatus).sort()).toEqual([200, 409])
    expect(await liveAllocations([contested])).toHaveLength(1)
  })

  test('the database itself refuses a second live allocation of a plot, whatever the code does', async () => {
    const estate = await estateWithPlots(1)
    const sold = await estateProduct(estate.id)
    const holder = await completedPurchase(sold.reference)
    const other = await completedPurchase(
      (await estateProduct((await estateWithPlots(1)).id)).reference,
    )
    const [plot] = await api.db
      .select({ id: plots.id })
      .from(plots)
      .where(eq(plots.uuid, estate.plotIds[0]))
    const [otherId] = await api.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.reference, other.reference))
    expect(holder.reference).not.toBe(other.reference)
    await expect(
      api.db
        .insert(plotAllocations)
        .values({ plotId: plot.id, subscriptionId: otherId.id, status: 'allocated' }),
    ).rejects.toThrow()
    // A released row beside the live one is history, and allowed.
    await api.db
      .insert(plotAllocations)
      .values({ plotId: plot.id, subscriptionId: otherId.id, status: 'released' })
    expect(await liveAllocations(estate.plotIds)).toHaveLength(1)
  })
})

describe('the public plot check', () => {
  test('anyone learns whether a plot is free, reserved or allocated, and nothing about who holds it', async () => {
    const estate = await estateWithPlots(2)
    const sold = await estateProduct(estate.id)
    const estateName = `Race Gardens ${estateCount}`
    const check = (block: string, plot: string, token: string | null = null) =>
      api.call(
        'GET',
        `verify/plot?estate=${encodeURIComponent(estateName.toLowerCase())}&block=${encodeURIComponent(block)}&plot=${plot}`,
        { token },
      )
    const free = await check('Block A', '2')
    expect(free.status, free.message).toBe('200')
    expect(free.data).toEqual({
      estate: estateName,
      block: 'A',
      plot: '2',
      size_sqm: 648,
      status: 'free',
    })

    const { reference, buyer } = await completedPurchase(sold.reference)
    expect((await check('a', '1')).data.status).toBe('reserved')
    expect((await allocate(reference, [estate.plotIds[0]])).status).toBe('200')
    const allocated = await check('A', '1')
    expect(allocated.data.status).toBe('allocated')
    const body = await allocated.response.text()
    for (const secret of [buyer.email, buyer.lastName, buyer.reference, reference]) {
      expect(body).not.toContain(secret)
    }
    expect((await check('A', '77')).httpStatus).toBe(404)
    const missing = await api.call('GET', 'verify/plot?estate=X&block=A', {})
    expect(missing.httpStatus).toBe(422)
    expect(missing.data.plot).toEqual(['Enter the plot'])
  })
})

describe('the allocation letter', () => {
  test('prints the estate, block, plot, size, beacons and the site map; its public check says since when the plot is allocated', async () => {
    const estate = await api.call('POST', 'admin/estate', {
      token: superAdmin,
      body: { name: 'Letter Gardens', address: 'Epe, Lagos', utm_zone: '31N' },
    })
    const surveyed: string[] = []
    for (const [number, easting] of [
      ['14', 543_000],
      ['15', 543_018],
    ] as const) {
      const plot = await api.call('POST', `admin/estate/${estate.data.id}/plot`, {
        token: superAdmin,
        body: {
          block: 'C',
          number,
          size_sqm: 648,
          beacons: [
            [easting, 713_000],
            [easting + 18, 713_000],
            [easting + 18, 713_036],
            [easting, 713_036],
          ],
        },
      })
      expect(plot.status, plot.message).toBe('200')
      surveyed.push(plot.data.id)
    }
    const sold = await estateProduct(estate.data.id)
    const { reference, buyer } = await completedPurchase(sold.reference)
    expect((await allocate(reference, [surveyed[1]])).status).toBe('200')

    const letter = await api.call('GET', `product-subscription/${reference}/land-document`, {
      token: buyer.token,
    })
    expect(letter.httpStatus).toBe(200)
    const text = pdfText(Buffer.from(await letter.response.arrayBuffer()))
    for (const words of [
      'Letter Gardens',
      'Plot number',
      '648 m²',
      'E 543,018 N 713,000; E 543,036 N 713,000',
      'Minna / UTM zone 31N',
      'Site map of Letter Gardens',
      'Shaded: Block C plot 15, allocated to you.',
    ])
      expect(text).toContain(words)
    const code = /verify\/([A-Z0-9]{12})/.exec(text)?.[1]
    expect(code).toBeTruthy()
    const checked = await api.call('GET', `verify/${code}`, { token: null })
    expect(checked.status, checked.message).toBe('200')
    expect(checked.data.allocation).toEqual({
      since: lagosToday(),
      plots: [{ estate: 'Letter Gardens', block: 'C', plot: '15' }],
    })
  })
})

describe('papers of a purchase of several plots', () => {
  test('the receipt, the allocation letter and the statement say how many plots, and once allocated list every plot', async () => {
    const estate = await estateWithPlots(3)
    const sold = await estateProduct(estate.id, { size: 600, amount: 1_000_000 })
    // The product sells plots of 600 m²: give the estate two of them.
    const sixHundred: string[] = []
    for (const number of ['7', '8']) {
      const plot = await api.call('POST', `admin/estate/${estate.id}/plot`, {
        token: superAdmin,
        body: { block: 'D', number, size_sqm: 600 },
      })
      expect(plot.status, plot.message).toBe('200')
      sixHundred.push(plot.data.id)
    }
    const buyer = await createCustomer(api)
    const sub = await api.call('POST', 'product-subscription', {
      token: buyer.token,
      body: { type: 'land', product_id: sold.reference, payment_mode: 'full', quantity: 2 },
    })
    expect(sub.status, sub.message).toBe('200')
    const reference = sub.data.reference as string
    const payment = await pay(api, buyer, reference, 2_000_000)
    const marked = await api.call('POST', 'admin/mark-transaction', {
      token: verifier,
      body: { reference: payment.data.reference, status: 'paid' },
    })
    expect(marked.status, marked.message).toBe('200')
    const download = async (path: string) => {
      const answer = await api.call('GET', path, { token: buyer.token })
      expect(answer.httpStatus, path).toBe(200)
      return pdfText(Buffer.from(await answer.response.arrayBuffer()))
    }
    const receiptPath = `product-subscription/${reference}/transaction/${payment.data.uuid}/download-receipt`

    const receiptBefore = await download(receiptPath)
    expect(receiptBefore).toContain('Land\n2 plots of 600 sqm at Epe, Lagos')
    expect(receiptBefore).toContain('Plot allocated\n2 plots of 600 sqm at Epe, Lagos')
    const letterBefore = await download(`product-subscription/${reference}/land-document`)
    expect(letterBefore).toContain('Land\n2 plots of 600 sqm at Epe, Lagos')
    // The product by its name, not its code alone.
    expect(letterBefore).toMatch(/Product\nPlots of \w+ \(PRD-\w+\)/)
    // The letter's justified body is drawn word by word: compare it without spaces.
    expect(letterBefore.replace(/\s/g, '')).toContain('allocatedtoyou2plotsof600sqmatEpe,Lagos')
    const statement = await download(`product-subscription/${reference}/statement`)
    expect(statement.replace(/\s+/g, ' ')).toMatch(
      /SUB-\w+: Plots of \w+ \(PRD-\w+\) · 2 plots of 600 sqm/,
    )

    for (const step of ['allocation_letter']) {
      const done = await api.call('POST', `admin/product-subscription/${reference}/title`, {
        token: titles,
        body: { step, date: lagosToday() },
      })
      expect(done.status, done.message).toBe('200')
    }
    const allocated = await allocate(reference, sixHundred)
    expect(allocated.status, allocated.message).toBe('200')

    const estateName = `Race Gardens ${estateCount}`
    const letter = await download(`product-subscription/${reference}/land-document`)
    expect(letter).toContain('Plot 1 of 2')
    expect(letter).toContain('Plot 2 of 2')
    expect(letter.match(new RegExp(`Estate\\n${estateName}`, 'g'))).toHaveLength(2)
    expect(letter).toContain('Plot number\n7')
    expect(letter).toContain('Plot number\n8')
    expect(letter.match(/Beacons\nNot surveyed yet/g)).toHaveLength(2)
    const receipt = await download(receiptPath)
    expect(receipt).toContain(
      `Plots allocated\n${estateName}, Block D plot 7, 600 m², beacons Not surveyed yet\n${estateName}, Block D plot 8, 600 m², beacons Not surveyed yet`,
    )
  })
})

describe('picking a plot on the site map', () => {
  test('staff get each free plot as a link to the path asked for; taken plots and customers get none; a link off the site is refused', async () => {
    const estate = await estateWithPlots(2)
    const sold = await estateProduct(estate.id)
    const { buyer } = await completedPurchase(sold.reference)
    const link = encodeURIComponent('/titles/SUB-X?page=1&plot={id}#plot-choice')
    const staffMap = await api.call('GET', `estate/${estate.id}/map?link=${link}`, {
      token: titles,
    })
    expect(staffMap.httpStatus).toBe(200)
    const svg = await staffMap.response.text()
    // Plot A1 is reserved by the purchase: only A2 (and B1) are free, and links.
    expect(svg).toContain(`href="/titles/SUB-X?page=1&amp;plot=${estate.plotIds[1]}#plot-choice"`)
    expect(svg).not.toContain(`plot=${estate.plotIds[0]}`)
    const customerMap = await api.call('GET', `estate/${estate.id}/map?link=${link}`, {
      token: buyer.token,
    })
    expect(await customerMap.response.text()).not.toContain('<a ')
    const offSite = await api.call(
      'GET',
      `estate/${estate.id}/map?link=${encodeURIComponent('https://evil.example/{id}')}`,
      { token: titles },
    )
    expect(offSite.httpStatus).toBe(422)
  })
})
