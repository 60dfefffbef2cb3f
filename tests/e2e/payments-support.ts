import crypto from 'node:crypto'
import fs from 'node:fs'
import { expect, type APIRequestContext, type Download, type Page } from '@playwright/test'
import { encodePng } from '../../app/backend/files/png'
import { PAYMENT_PROOF_SENT, PAYMENT_RECORDED } from '../../app/contract/subscriptions'
import { ADMIN, apiCall, apiLogin, createVerifiedUser } from './support'

/** Helpers of payments.spec.ts: products and subscriptions made through the API, proofs, PDFs. */

export const tag = () => crypto.randomBytes(4).toString('hex')
export const toast = (page: Page) => page.getByTestId('toast')
export const card = (page: Page, reference: string) =>
  page.getByTestId('subscription-card').filter({ hasText: reference })
export const panel = (page: Page) => page.getByRole('dialog')

/** The slide-over once its slide-in has finished: what is measured is where the panel comes to rest. */
export async function settledPanel(page: Page) {
  const dialog = panel(page)
  await expect(dialog).toBeVisible()
  const atRest = () =>
    dialog.evaluate((element) => {
      const transform = getComputedStyle(element).transform
      return (
        element.getAnimations({ subtree: true }).length === 0 &&
        (transform === 'none' || transform === 'matrix(1, 0, 0, 1, 0, 0)')
      )
    })
  await expect.poll(atRest).toBe(true)
  return dialog
}

/** A small real PNG, as a phone screenshot of a transfer would be: a new one each time (one proof, one payment). */
export const proofPng = () =>
  Buffer.from(encodePng(8, 6, new Uint8Array(crypto.randomBytes(8 * 6 * 3))))

export async function expectOk(answer: { status: string; message: string }) {
  expect(answer.status, answer.message).toBe('200')
}

/** Land of ₦900,000 with a ₦250,000 deposit and a 4-month plan of ₦1,000,000: 250,000 now, then 3 × 250,000. */
export async function landWithPlan(
  request: APIRequestContext,
  admin: string,
  extra: Record<string, unknown> = {},
) {
  const location = `${tag()} Court, Ibeju-Lekki, Lagos`
  const product = await apiCall(request, 'POST', 'admin/product', {
    token: admin,
    body: {
      type: 'land',
      name: location,
      description: `Dry plots at ${location}`,
      location,
      amount: 900_000,
      initial_deposit_amount: 250_000,
      ...extra,
    },
  })
  await expectOk(product)
  const plan = await apiCall(
    request,
    'POST',
    `admin/product/${product.data.reference}/payment-plan`,
    {
      token: admin,
      body: { amount: 1_000_000, duration: 4, duration_type: 'months' },
    },
  )
  await expectOk(plan)
  return {
    reference: product.data.reference as string,
    location,
    planUuid: plan.data.uuid as string,
  }
}

export async function investmentProduct(request: APIRequestContext, admin: string) {
  const product = await apiCall(request, 'POST', 'admin/product', {
    token: admin,
    body: {
      type: 'land_investment',
      name: `Farmland income ${tag()}`,
      description: `Farmland income ${tag()}`,
      minimum_amount: 300_000,
      investment_return: 10,
      land_investment_type: 'recurring',
      frequency_period: 3,
      interval: 'months',
      duration: 12,
    },
  })
  await expectOk(product)
  return product.data.reference as string
}

export async function subscribe(
  request: APIRequestContext,
  token: string,
  body: Record<string, unknown>,
) {
  const answer = await apiCall(request, 'POST', 'product-subscription', { token, body })
  await expectOk(answer)
  return answer.data.reference as string
}

/** A new verified customer subscribed to land by its 4-month plan (see landWithPlan), nothing paid yet. */
export async function customerOnPlan(request: APIRequestContext, admin: string) {
  const land = await landWithPlan(request, admin)
  const customer = await createVerifiedUser(request)
  const reference = await subscribe(request, customer.token, {
    type: 'land',
    product_id: land.reference,
    payment_mode: 'installment',
    payment_id: land.planUuid,
  })
  return { land, customer, reference }
}

/**
 * A new verified customer's land purchase, paid in full through the API with a proof, the payment
 * waiting for staff to confirm it.
 */
export async function paymentAwaitingConfirmation(request: APIRequestContext) {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const land = await landWithPlan(request, admin)
  const customer = await createVerifiedUser(request)
  const reference = await subscribe(request, customer.token, {
    type: 'land',
    product_id: land.reference,
    payment_mode: 'full',
  })
  const trx = await payByApi(request, customer.token, reference, 900_000)
  return { admin, land, customer, reference, trx }
}

export async function subscription(request: APIRequestContext, token: string, reference: string) {
  const answer = await apiCall(request, 'GET', `product-subscription/${reference}`, { token })
  await expectOk(answer)
  return answer.data
}

/** A payment through the API: the proof uploaded by the payer, then the transaction; answers its reference. */
export async function payByApi(
  request: APIRequestContext,
  token: string,
  reference: string,
  amount: number,
) {
  const upload = await apiCall(request, 'POST', 'media/upload', {
    token,
    body: {
      file_name: 'transfer.png',
      file_in_base64: proofPng().toString('base64'),
      file_extension: 'png',
      folder_path: 'proofs',
    },
  })
  await expectOk(upload)
  const paid = await apiCall(request, 'POST', `product-subscription/${reference}/transaction`, {
    token,
    body: {
      amount,
      proof_of_payment: upload.data.file_url,
      paid_at: new Date(Date.now() - 3_600_000).toISOString(),
    },
  })
  await expectOk(paid)
  return paid.data.reference as string
}

export async function markByApi(
  request: APIRequestContext,
  token: string,
  reference: string,
  status: 'paid' | 'not_confirmed',
) {
  const reason = status === 'not_confirmed' ? { reason: 'The transfer is not in the account' } : {}
  await expectOk(
    await apiCall(request, 'POST', 'admin/mark-transaction', {
      token,
      body: { reference, status, ...reason },
    }),
  )
}

/** Fills the make/record payment panel with a proof and sends it; staff recording one are told another confirms it. */
export async function sendProof(page: Page, { recordedByStaff = false } = {}) {
  await panel(page)
    .getByLabel('Proof of payment')
    .setInputFiles({ name: 'transfer.png', mimeType: 'image/png', buffer: proofPng() })
  await panel(page).getByRole('button', { name: 'Send payment proof' }).click()
  await expect(toast(page)).toContainText(recordedByStaff ? PAYMENT_RECORDED : PAYMENT_PROOF_SENT)
}

/** Clicks a link that answers a file and reads what was saved. */
export async function downloadFrom(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()])
  return { download, bytes: fs.readFileSync((await (download as Download).path())!) }
}

/** The text a PDF shows (embedded fonts read through their ToUnicode maps). */
export { pdfText } from '../support/pdf-text'

/** DD/MM/YYYY for a calendar date (YYYY-MM-DD), as every screen shows it. */
export function shortDate(isoDate: string) {
  const [year, month, day] = isoDate.split('-')
  return `${day}/${month}/${year}`
}

/** Yesterday at 10:30 as the payment form's date (DD/MM/YYYY) and time boxes post them. */
export function yesterdayBoxes() {
  return {
    paid_on: shortDate(new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)),
    paid_time: '10:30',
  }
}

export { withSettingsLock } from './support'
