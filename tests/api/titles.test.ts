import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { subscriptions, titleSteps } from '~/backend/db/schema'
import { DOCUMENT_IS_A_PROOF, DOCUMENT_OF_ANOTHER_PURCHASE } from '~/backend/titles/service'
import { addDays, showDay } from '~/contract/title-rules'
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApi, type TestApi } from '../support/api-harness'
import { noisyPng, refusedFiles, tinyPdf, uniquePng } from '../support/images'
import { pdfText } from '../support/pdf-text'
import {
  createCustomer,
  createLandProduct,
  lagosToday,
  pay,
  subscribe,
  uploadProof,
  userIdOf,
  yesterdayMorning,
} from './subscriptions-fixtures'

type Staff = Awaited<ReturnType<TestApi['createStaff']>>
type Customer = Awaited<ReturnType<typeof createCustomer>>

let api: TestApi
let superAdmin: string
let verifier: Staff
let titles: Staff
let subscriptionStaff: Staff
let realtor: string
let otherRealtor: string
let owner: Customer
let stranger: Customer
let realtorId: number

beforeAll(async () => {
  api = await createTestApi()
  superAdmin = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).token
  verifier = await api.createStaff(['can_verify_transaction'])
  titles = await api.createStaff(['can_manage_titles'])
  subscriptionStaff = await api.createStaff([
    'can_modify_subscription',
    'can_record_transaction',
    'can_verify_transaction',
    'can_modify_setting',
  ])
  const registered = await api.registerUser('realtor')
  realtor = registered.token
  otherRealtor = (await api.registerUser('realtor')).token
  realtorId = await userIdOf(api, registered.email)
  owner = await createCustomer(api, { realtorId, firstName: 'Amaka' })
  stranger = await createCustomer(api)
})
afterAll(async () => {
  await api?.close()
})

/** A land purchase paid in full and confirmed; `daysAgo` moves the day it completed back. */
async function completedPurchase(daysAgo = 0, buyer = owner) {
  const product = await createLandProduct(api, { amount: 2_000_000, location: 'Epe, Lagos' })
  const sub = await subscribe(api, buyer.token, {
    type: 'land',
    product_id: product.reference,
    payment_mode: 'full',
  })
  const payment = await pay(api, buyer, sub.reference, 2_000_000)
  const marked = await api.call('POST', 'admin/mark-transaction', {
    token: verifier.token,
    body: { reference: payment.data.reference, status: 'paid' },
  })
  expect(marked.status, marked.message).toBe('200')
  if (daysAgo) {
    await api.db
      .update(subscriptions)
      .set({ completedAt: new Date(Date.now() - daysAgo * 86_400_000) })
      .where(eq(subscriptions.reference, sub.reference))
  }
  return sub.reference as string
}

/** A plot of the registry (its estate made once), free: its id, for the plot allocated step. */
async function registryPlot(estate = 'Palm Grove', block = '4', number = String(++plotCount)) {
  let estateId = estateIds.get(estate)
  if (!estateId) {
    const made = await api.call('POST', 'admin/estate', {
      token: superAdmin,
      body: { name: estate, address: 'Epe, Lagos', utm_zone: '31N' },
    })
    expect(made.status, made.message).toBe('200')
    estateId = made.data.id as string
    estateIds.set(estate, estateId)
  }
  const plot = await api.call('POST', `admin/estate/${estateId}/plot`, {
    token: superAdmin,
    body: { block, number, size_sqm: 500 },
  })
  expect(plot.status, plot.message).toBe('200')
  return plot.data.id as string
}
const estateIds = new Map<string, string>()
let plotCount = 100

const record = (reference: string, body: Record<string, unknown>, token = titles.token) =>
  api.call('POST', `admin/product-subscription/${reference}/title`, { token, body })

const show = (reference: string, token: string) =>
  api.call('GET', `product-subscription/${reference}/title`, { token })

async function uploadDocument(token: string, content: Uint8Array, name: string, extension: string) {
  return api.call('POST', 'media/upload', {
    token,
    body: {
      file_name: name,
      file_in_base64: Buffer.from(content).toString('base64'),
      file_extension: extension,
      folder_path: 'titles',
    },
  })
}

describe('the title timeline', () => {
  test('a completed purchase starts with payment completed on the day it completed, every other step pending with its due date', async () => {
    const reference = await completedPurchase()
    const answer = await show(reference, owner.token)
    expect(answer.status, answer.message).toBe('200')
    const today = lagosToday()
    expect(answer.data.payment_completed_on).toBe(today)
    expect(answer.data.next_step).toBe('allocation_letter')
    expect(answer.data.next_due_date).toBe(addDays(today, 14))
    expect(answer.data.can_record).toBe(false)
    expect(
      answer.data.steps.map((step: { step: string; status: string; due_date: string }) => [
        step.step,
        step.status,
        step.due_date,
      ]),
    ).toEqual([
      ['payment_completed', 'done', today],
      ['allocation_letter', 'pending', addDays(today, 14)],
      ['plot_allocated', 'pending', addDays(today, 30)],
      ['survey_plan', 'pending', addDays(today, 90)],
      ['deed', 'pending', addDays(today, 120)],
      ['certificate_of_occupancy', 'pending', addDays(today, 365)],
    ])
  })

  test('a subscription not yet fully paid, or an investment, has no title timeline (409)', async () => {
    const product = await createLandProduct(api, { amount: 500_000 })
    const unpaid = await subscribe(api, owner.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
    expect((await show(unpaid.reference, owner.token)).httpStatus).toBe(409)
    const refused = await record(unpaid.reference, {
      step: 'allocation_letter',
      date: lagosToday(),
    })
    expect(refused.httpStatus).toBe(409)
    expect(refused.message).toBe('The title timeline starts once a land purchase is fully paid')
  })

  test('staff record every step in order with notes, a document and the plot; the customer is notified and e-mailed each time', async () => {
    // A buyer of its own: e-mails to one address are capped at 10 an hour.
    const owner = await createCustomer(api, { realtorId, firstName: 'Amaka' })
    const reference = await completedPurchase(200, owner)
    const paidOn = addDays(lagosToday(), -200)
    const pdf = await uploadDocument(titles.token, tinyPdf(), 'letter.pdf', 'pdf')
    expect(pdf.status, pdf.message).toBe('200')

    const letter = await record(reference, {
      step: 'allocation_letter',
      date: addDays(paidOn, 10),
      note: 'Collect the original at our Lekki office',
      document_url: pdf.data.file_url,
    })
    expect(letter.status, JSON.stringify(letter.data)).toBe('200')
    const mail = api.latestMail(owner.email) ?? ''
    expect(mail).toContain(`Title update for ${reference}: Allocation letter issued`)
    expect(mail).toContain(
      `Your allocation letter for ${reference} was issued on ${showDay(addDays(paidOn, 10))}.`,
    )
    expect(mail).toContain('Note: Collect the original at our Lekki office')
    // Plot allocated was due 30 days after payment, long gone: the words say so plainly.
    expect(mail).toContain(`It was expected by ${showDay(addDays(paidOn, 30))}`)
    expect(mail).toContain(`/subscriptions/${reference}/title`)

    const missingPlot = await record(reference, {
      step: 'plot_allocated',
      date: addDays(paidOn, 20),
    })
    expect(missingPlot.httpStatus).toBe(422)
    expect(missingPlot.data).toMatchObject({ plot_ids: ['Choose the plot to allocate'] })

    expect(
      (
        await record(reference, {
          step: 'plot_allocated',
          date: addDays(paidOn, 20),
          plot_ids: [await registryPlot('Palm Grove', '4', '12')],
        })
      ).status,
    ).toBe('200')
    expect(
      (await record(reference, { step: 'survey_plan', date: addDays(paidOn, 60) })).status,
    ).toBe('200')
    expect((await record(reference, { step: 'deed', date: addDays(paidOn, 100) })).status).toBe(
      '200',
    )
    const last = await record(reference, {
      step: 'certificate_of_occupancy',
      status: 'not_applicable',
      date: addDays(paidOn, 150),
    })
    expect(last.status, last.message).toBe('200')
    expect(last.data.next_step).toBeNull()
    expect(last.data.steps.map((step: { status: string }) => step.status)).toEqual([
      'done',
      'done',
      'done',
      'done',
      'done',
      'not_applicable',
    ])
    expect(api.latestMail(owner.email)).toContain('your title documents are complete')

    const notes = await api.call('GET', 'notification', { token: owner.token })
    const titleNotes = notes.data.items.filter((item: { link: string | null }) =>
      item.link?.includes(`/subscriptions/${reference}/title`),
    )
    expect(titleNotes).toHaveLength(5)
    expect(titleNotes.map((item: { body: string }) => item.body).join('\n')).toContain(
      'Estate Palm Grove, Block 4, Plot 12',
    )

    // The customer, its realtor and staff who see subscriptions read the same timeline, with the document.
    for (const token of [owner.token, realtor, subscriptionStaff.token, superAdmin]) {
      const seen = await show(reference, token)
      expect(seen.status).toBe('200')
      const allocation = seen.data.steps[1]
      expect(allocation).toMatchObject({
        status: 'done',
        date: addDays(paidOn, 10),
        note: 'Collect the original at our Lekki office',
      })
      expect(seen.data.steps[2]).toMatchObject({ estate: 'Palm Grove', block: '4', plot: '12' })
      const file = await api.call('GET', allocation.document_url.replace(/^\/api\/v1\//, ''), {
        token,
      })
      expect(file.httpStatus).toBe(200)
      expect(file.response.headers.get('content-type')).toBe('application/pdf')
    }
    // Another customer and a realtor who did not bring the customer: neither the timeline nor its document.
    const documentPath = (await show(reference, owner.token)).data.steps[1].document_url.replace(
      /^\/api\/v1\//,
      '',
    )
    const productStaff = await api.createStaff(['can_modify_product'])
    for (const token of [stranger.token, otherRealtor, productStaff.token]) {
      expect((await api.call('GET', documentPath, { token })).httpStatus).toBe(404)
    }

    // The allocation letter names the estate, block and plot.
    const letterPdf = await api.call('GET', `product-subscription/${reference}/land-document`, {
      token: owner.token,
    })
    const text = pdfText(Buffer.from(await letterPdf.response.arrayBuffer()))
    expect(text).toContain('Palm Grove')
    expect(text).toContain('Plot number')
  })

  test('recording a step again corrects it and keeps the history; the earlier document stays when none is sent', async () => {
    const owner = await createCustomer(api, { firstName: 'Bisi' })
    const reference = await completedPurchase(40, owner)
    const paidOn = addDays(lagosToday(), -40)
    const png = await uploadDocument(titles.token, uniquePng(), 'letter.png', 'png')
    expect(
      (
        await record(reference, {
          step: 'allocation_letter',
          date: addDays(paidOn, 3),
          document_url: png.data.file_url,
        })
      ).status,
    ).toBe('200')
    const corrected = await record(reference, {
      step: 'allocation_letter',
      date: addDays(paidOn, 5),
      note: 'Date corrected',
    })
    expect(corrected.status).toBe('200')
    const step = corrected.data.steps[1]
    expect(step).toMatchObject({
      date: addDays(paidOn, 5),
      note: 'Date corrected',
      document_url: png.data.file_url,
    })
    expect(step.history.map((entry: { date: string }) => entry.date)).toEqual([
      addDays(paidOn, 5),
      addDays(paidOn, 3),
    ])
    expect(api.latestMail(owner.email)).toContain('Correction: Your allocation letter')
  })
})

describe('refusals', () => {
  test("another customer, a realtor who is not the customer's, and staff without a subscription or title permission are told it does not exist", async () => {
    const reference = await completedPurchase()
    const staffWithoutPermission = await api.createStaff(['can_modify_product'])
    for (const token of [stranger.token, otherRealtor, staffWithoutPermission.token]) {
      expect((await show(reference, token)).httpStatus).toBe(404)
    }
    // The verifier sees subscriptions, so it reads the timeline, but cannot record.
    expect((await show(reference, verifier.token)).status).toBe('200')
  })

  test('only staff holding can_manage_titles record a step (403), and only on a purchase that exists (404)', async () => {
    const reference = await completedPurchase()
    const body = { step: 'allocation_letter', date: lagosToday() }
    for (const token of [owner.token, realtor, stranger.token, subscriptionStaff.token]) {
      expect((await record(reference, body, token)).httpStatus).toBe(403)
    }
    expect((await record('SUB-NOSUCHONE', body)).httpStatus).toBe(404)
    expect((await show(reference, owner.token)).data.steps[1].status).toBe('pending')
    expect((await record(reference, body, superAdmin)).status).toBe('200')
  })

  test('a date in the future, before the step before it, or a step out of order is refused under its field', async () => {
    const reference = await completedPurchase(30)
    const paidOn = addDays(lagosToday(), -30)
    const future = await record(reference, {
      step: 'allocation_letter',
      date: addDays(lagosToday(), 1),
    })
    expect(future.httpStatus).toBe(409)
    expect(future.data).toEqual({ date: ['The date cannot be in the future'] })

    const beforePayment = await record(reference, {
      step: 'allocation_letter',
      date: addDays(paidOn, -1),
    })
    expect(beforePayment.data).toEqual({
      date: [`The date cannot be before Payment completed (${showDay(paidOn)})`],
    })

    const skipped = await record(reference, { step: 'survey_plan', date: addDays(paidOn, 2) })
    expect(skipped.httpStatus).toBe(409)
    expect(skipped.data).toEqual({
      step: ['Record "Allocation letter issued" first: the steps go in order'],
    })

    expect(
      (await record(reference, { step: 'allocation_letter', date: addDays(paidOn, 10) })).status,
    ).toBe('200')
    const outOfOrder = await record(reference, {
      step: 'plot_allocated',
      date: addDays(paidOn, 9),
      plot_ids: [await registryPlot()],
    })
    expect(outOfOrder.data).toEqual({
      date: [
        `The date cannot be before Allocation letter issued (${showDay(addDays(paidOn, 10))})`,
      ],
    })

    const notApplicable = await record(reference, {
      step: 'plot_allocated',
      status: 'not_applicable',
      date: addDays(paidOn, 12),
    })
    expect(notApplicable.httpStatus).toBe(422)
    expect(notApplicable.data).toMatchObject({
      status: ['Plot allocated cannot be marked not applicable'],
    })

    const badDate = await record(reference, {
      step: 'plot_allocated',
      date: '2026-02-31',
      plot_ids: [await registryPlot()],
    })
    expect(badDate.httpStatus).toBe(422)
  })

  test('a bad file is refused on upload; a file the recorder did not upload is refused as the document', async () => {
    // A complete PDF is a fine document; every other refused file, and one over 2 MB, is not.
    const bad = [
      ...refusedFiles().filter(({ what }) => what !== 'a PDF'),
      { what: 'a PNG over 2 MB', content: noisyPng() },
    ]
    for (const { what, content } of bad) {
      const refused = await uploadDocument(titles.token, content, 'letter.pdf', 'pdf')
      expect(refused.httpStatus, what).toBe(422)
    }
    const reference = await completedPurchase()
    const customersProof = await uploadProof(api, owner.id)
    const answer = await record(reference, {
      step: 'allocation_letter',
      date: lagosToday(),
      document_url: customersProof.url,
    })
    expect(answer.httpStatus).toBe(409)
    expect(answer.data).toEqual({
      document_url: ['Upload the document (PDF, PNG or JPEG, at most 2 MB) first'],
    })
  })

  test("a document belongs to one purchase: another customer's step refuses it, in the API and in the database, and that customer cannot read it", async () => {
    const first = await createCustomer(api, { firstName: 'Ngozi' })
    const second = await createCustomer(api, { firstName: 'Tunde' })
    const firstPurchase = await completedPurchase(0, first)
    const secondPurchase = await completedPurchase(0, second)
    const today = lagosToday()
    const letter = await uploadDocument(titles.token, tinyPdf(), 'letter.pdf', 'pdf')
    expect(
      (
        await record(firstPurchase, {
          step: 'allocation_letter',
          date: today,
          document_url: letter.data.file_url,
        })
      ).status,
    ).toBe('200')
    const documentPath = letter.data.file_url.replace(/^\/api\/v1\//, '')

    const reused = await record(secondPurchase, {
      step: 'allocation_letter',
      date: today,
      document_url: letter.data.file_url,
    })
    expect(reused.httpStatus).toBe(409)
    expect(reused.data).toEqual({ document_url: [DOCUMENT_OF_ANOTHER_PURCHASE] })
    expect((await show(secondPurchase, second.token)).data.steps[1]).toMatchObject({
      status: 'pending',
      document_url: null,
    })
    expect((await api.call('GET', documentPath, { token: second.token })).httpStatus).toBe(404)

    // The database holds the rule too: a step row cannot be pointed at another purchase's document.
    const [firstStep] = await api.db
      .select({ fileId: titleSteps.documentFileId })
      .from(titleSteps)
      .innerJoin(subscriptions, eq(subscriptions.id, titleSteps.subscriptionId))
      .where(
        and(eq(subscriptions.reference, firstPurchase), eq(titleSteps.step, 'allocation_letter')),
      )
    const [secondRow] = await api.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.reference, secondPurchase))
    await expect(
      api.db.insert(titleSteps).values({
        subscriptionId: secondRow.id,
        step: 'allocation_letter',
        status: 'done',
        date: today,
        documentFileId: firstStep.fileId,
      }),
    ).rejects.toThrow()
    expect((await api.call('GET', documentPath, { token: second.token })).httpStatus).toBe(404)

    // The same letter uploaded again is a file of its own, which the second purchase may carry; each customer reads only its own.
    const again = await uploadDocument(titles.token, tinyPdf(), 'letter.pdf', 'pdf')
    expect(again.data.file_url).not.toBe(letter.data.file_url)
    const recorded = await record(secondPurchase, {
      step: 'allocation_letter',
      date: today,
      document_url: again.data.file_url,
    })
    expect(recorded.status, JSON.stringify(recorded.data)).toBe('200')
    expect(
      (
        await api.call('GET', again.data.file_url.replace(/^\/api\/v1\//, ''), {
          token: second.token,
        })
      ).httpStatus,
    ).toBe(200)
    expect(
      (
        await api.call('GET', again.data.file_url.replace(/^\/api\/v1\//, ''), {
          token: first.token,
        })
      ).httpStatus,
    ).toBe(404)
    expect((await api.call('GET', documentPath, { token: first.token })).httpStatus).toBe(200)
    // The first purchase's next step may carry its own document again.
    expect(
      (
        await record(firstPurchase, {
          step: 'plot_allocated',
          date: today,
          plot_ids: [await registryPlot()],
          document_url: letter.data.file_url,
        })
      ).status,
    ).toBe('200')
  })

  test('a proof of payment is not a title document, even one the recorder uploaded', async () => {
    const recorder = await api.createStaff(['can_manage_titles', 'can_record_transaction'])
    const buyer = await createCustomer(api)
    const unpaid = await subscribe(api, buyer.token, {
      type: 'land',
      product_id: (await createLandProduct(api, { amount: 5_000 })).reference,
    })
    const proof = await uploadProof(api, await userIdOf(api, recorder.email))
    const payment = await api.call('POST', `product-subscription/${unpaid.reference}/transaction`, {
      token: recorder.token,
      body: { amount: 5_000, proof_of_payment: proof.url, paid_at: yesterdayMorning() },
    })
    expect(payment.status, payment.message).toBe('200')
    const purchase = await completedPurchase()
    const answer = await record(
      purchase,
      { step: 'allocation_letter', date: lagosToday(), document_url: proof.url },
      recorder.token,
    )
    expect(answer.httpStatus).toBe(409)
    expect(answer.data).toEqual({ document_url: [DOCUMENT_IS_A_PROOF] })
  })
})

describe('the staff list of titles', () => {
  test('lists purchases by the step they wait for, overdue first, filtered by step, overdue and search', async () => {
    const fresh = await completedPurchase()
    const late = await completedPurchase(20)
    const waitingPlot = await completedPurchase(50)
    expect(
      (await record(waitingPlot, { step: 'allocation_letter', date: addDays(lagosToday(), -45) }))
        .status,
    ).toBe('200')

    const all = await api.call('GET', 'admin/title?search=' + encodeURIComponent(owner.email), {
      token: titles.token,
    })
    expect(all.status, all.message).toBe('200')
    const rows = all.data.items as {
      reference: string
      next_step: string
      overdue: boolean
      days_waiting: number
    }[]
    const mine = rows.filter((row) => [fresh, late, waitingPlot].includes(row.reference))
    // Overdue first (plot allocated due 30 days after day -50; allocation letter due 14 after day -20), then the rest.
    expect(
      mine
        .slice(0, 2)
        .map((row) => row.reference)
        .sort(),
    ).toEqual([late, waitingPlot].sort())
    expect(mine.find((row) => row.reference === waitingPlot)).toMatchObject({
      next_step: 'plot_allocated',
      overdue: true,
      days_waiting: 45,
    })
    expect(mine.find((row) => row.reference === fresh)).toMatchObject({
      next_step: 'allocation_letter',
      overdue: false,
      days_waiting: 0,
    })
    expect(rows.findIndex((row) => row.reference === fresh)).toBeGreaterThan(
      rows.findIndex((row) => row.reference === late),
    )

    const overdue = await api.call('GET', 'admin/title?overdue=true&step=plot_allocated', {
      token: titles.token,
    })
    expect(overdue.data.items.map((row: { reference: string }) => row.reference)).toContain(
      waitingPlot,
    )
    expect(overdue.data.items.map((row: { reference: string }) => row.reference)).not.toContain(
      late,
    )

    const search = await api.call('GET', `admin/title?search=${fresh}`, { token: titles.token })
    expect(search.data.items.map((row: { reference: string }) => row.reference)).toEqual([fresh])

    expect(
      (await api.call('GET', 'admin/title', { token: subscriptionStaff.token })).httpStatus,
    ).toBe(403)
    expect((await api.call('GET', 'admin/title', { token: owner.token })).httpStatus).toBe(403)
  })

  test('the target days are a setting: changing them moves the due dates', async () => {
    const before = await api.call('GET', 'admin/setting/title_step_days', {
      token: subscriptionStaff.token,
    })
    expect(before.data).toEqual({
      allocation_letter: 14,
      plot_allocated: 30,
      survey_plan: 90,
      deed: 120,
      certificate_of_occupancy: 365,
    })
    const saved = await api.call('POST', 'admin/setting', {
      token: subscriptionStaff.token,
      body: {
        type: 'title_step_days',
        allocation_letter: 7,
        plot_allocated: 30,
        survey_plan: 90,
        deed: 120,
        certificate_of_occupancy: 365,
      },
    })
    expect(saved.status, saved.message).toBe('200')
    const reference = await completedPurchase()
    expect((await show(reference, owner.token)).data.next_due_date).toBe(addDays(lagosToday(), 7))
    const refused = await api.call('POST', 'admin/setting', {
      token: subscriptionStaff.token,
      body: {
        type: 'title_step_days',
        allocation_letter: -1,
        plot_allocated: 30,
        survey_plan: 90,
        deed: 120,
        certificate_of_occupancy: 365,
      },
    })
    expect(refused.httpStatus).toBe(422)
    await api.call('POST', 'admin/setting', {
      token: subscriptionStaff.token,
      body: {
        type: 'title_step_days',
        allocation_letter: 14,
        plot_allocated: 30,
        survey_plan: 90,
        deed: 120,
        certificate_of_occupancy: 365,
      },
    })
  })
})
