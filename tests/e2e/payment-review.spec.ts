import { expect, test, type Page } from '@playwright/test'
import { tinyPdf } from '../support/images'
import {
  card,
  landWithPlan,
  panel,
  paymentAwaitingConfirmation,
  proofPng,
  settledPanel,
  subscribe,
  toast,
} from './payments-support'
import {
  ADMIN,
  apiCall,
  apiLogin,
  createStaffUser,
  createVerifiedUser,
  signIn,
  waitForMail,
} from './support'

/** Staff review of payments: who recorded what, the confirmation step, the reason, links from notifications. */

const transactionsOf = async (
  request: Parameters<typeof apiLogin>[0],
  token: string,
  reference: string,
) =>
  (await apiCall(request, 'GET', `product-subscription/${reference}/transaction`, { token })).data
    .items as {
    reference: string
    status: string
  }[]

/** Opens the notifications panel and follows the link of the notification that names `text`. */
async function openNotificationSubject(page: Page, text: string, label: RegExp) {
  await page.goto('/?notifications=1')
  const notifications = page.getByRole('dialog', { name: 'Your notifications' })
  const item = notifications.getByRole('listitem').filter({ hasText: text })
  await expect(item).toHaveCount(1)
  await item.getByRole('link', { name: label }).click()
}

test('staff record a payment and are told another staff member will confirm it; a second one opens it from the notification and confirms it after the step', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const land = await landWithPlan(request, admin)
  const customer = await createVerifiedUser(request)
  const reference = await subscribe(request, customer.token, {
    type: 'land',
    product_id: land.reference,
    payment_mode: 'full',
  })
  const recorder = await createStaffUser(request, ['can_record_transaction'])
  const verifier = await createStaffUser(request, ['can_verify_transaction'])

  await signIn(page, recorder.email, recorder.password)
  await page.goto(`/subscriptions/${reference}/pay?page=1&type=land`)
  await expect(panel(page).getByRole('heading', { name: 'Record payment' })).toBeVisible()
  // The advice to type the narration is the customer's; staff are told what it is.
  await expect(panel(page).getByTestId('narration-hint')).toHaveText(
    'The narration the customer was asked to type on the transfer.',
  )
  await panel(page)
    .getByLabel('Proof of payment')
    .setInputFiles({ name: 'transfer.png', mimeType: 'image/png', buffer: proofPng() })
  await panel(page).getByRole('button', { name: 'Send payment proof' }).click()
  await expect(toast(page)).toContainText('Payment recorded; another staff member will confirm it')
  await expect(toast(page)).not.toContainText('Payment proof sent successfully')
  await expect(card(page, reference)).toContainText('Latest paymentAwaiting confirmation')
  await expect(card(page, reference)).not.toContainText('Last paid')
  const [recorded] = await transactionsOf(request, admin, reference)
  expect(recorded.status).toBe('awaiting_confirmation')

  await page.context().clearCookies()
  await signIn(page, verifier.email, verifier.password)
  await page.goto('/?notifications=1')
  const note = page
    .getByRole('dialog', { name: 'Your notifications' })
    .getByRole('listitem')
    .filter({ hasText: recorded.reference })
  await expect(note).toContainText('Payment recorded by staff')
  await expect(note).toContainText('Bola Staff recorded a payment of ₦900,000.00 for Chidi Okafor')
  await expect(note).not.toContainText('sent a payment')
  await note.getByRole('link', { name: /Open the transaction/ }).click()
  await expect(page).toHaveURL(
    `/subscriptions/${reference}/transactions?page=1&type=land#transaction-${recorded.reference}`,
  )
  const item = panel(page).getByTestId('transaction').filter({ hasText: recorded.reference })
  await expect(item).toContainText('Recorded byBola Staff')
  await expect(
    item.getByRole('img', { name: `Proof of payment for ${recorded.reference}` }),
  ).toBeVisible()

  // Step one opens the confirmation; nothing is marked yet.
  await item.getByRole('link', { name: /Mark as paid/ }).click()
  await expect(item.getByText('Confirm this payment?')).toBeVisible()
  expect((await transactionsOf(request, admin, reference))[0].status).toBe('awaiting_confirmation')
  await item.getByRole('link', { name: 'Cancel' }).click()
  await expect(item.getByText('Confirm this payment?')).toHaveCount(0)
  await item.getByRole('link', { name: /Mark as paid/ }).click()
  await item.getByRole('button', { name: 'Yes, mark as paid' }).click()
  await expect(toast(page)).toContainText('Payment marked as paid; the payer has been told')
  await expect(
    panel(page).getByTestId('transaction').filter({ hasText: recorded.reference }),
  ).toContainText('Paid')
  expect((await transactionsOf(request, admin, reference))[0].status).toBe('paid')

  // The customer's notification leads to the receipt; the e-mail carries the same link.
  const mail = await waitForMail(customer.email, { contains: /Payment confirmed/ })
  expect(mail).toContain(
    `/subscriptions/${reference}/transactions/${recorded.reference}/receipt?page=1&type=land`,
  )
})

test('"Mark as not confirmed" asks for the reason; the customer reads it from the notification link and the e-mail', async ({
  page,
  request,
}) => {
  const { admin, customer, reference, trx } = await paymentAwaitingConfirmation(request)

  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto(`/subscriptions/${reference}/transactions?page=1&type=land`)
  const item = panel(page).getByTestId('transaction').filter({ hasText: trx })
  await item.getByRole('link', { name: /Mark as not confirmed/ }).click()
  const reasonField = item.getByLabel('Reason the payment is not confirmed')
  await expect(reasonField).toBeVisible()
  await item.getByRole('button', { name: 'Mark as not confirmed' }).click()
  await expect(item.getByText('Enter the reason the payment is not confirmed')).toBeVisible()
  expect((await transactionsOf(request, admin, reference))[0].status).toBe('awaiting_confirmation')
  const reason =
    'The transfer is not on our Zenith statement; send the bank receipt with the session ID'
  await panel(page)
    .getByTestId('transaction')
    .filter({ hasText: trx })
    .getByLabel('Reason the payment is not confirmed')
    .fill(reason)
  await panel(page)
    .getByTestId('transaction')
    .filter({ hasText: trx })
    .getByRole('button', { name: 'Mark as not confirmed' })
    .click()
  await expect(toast(page)).toContainText(
    'Payment marked as not confirmed; the payer has been told why',
  )
  await expect(panel(page).getByTestId('transaction').filter({ hasText: trx })).toContainText(
    `Reason not confirmed${reason}`,
  )

  await page.context().clearCookies()
  await signIn(page, customer.email, customer.password)
  await openNotificationSubject(page, trx, /Open the transaction/)
  await expect(page).toHaveURL(
    `/subscriptions/${reference}/transactions?page=1&type=land#transaction-${trx}`,
  )
  const mine = panel(page).getByTestId('transaction').filter({ hasText: trx })
  await expect(mine).toContainText('Not confirmed')
  await expect(mine).toContainText(`Reason not confirmed${reason}`)
  const mail = await waitForMail(customer.email, { contains: /Payment not confirmed/ })
  expect(mail).toContain(`The reason given: ${reason}`)
})

test('a PDF proof is accepted from the payment form; staff get an "Open PDF" download, never an inline view', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const land = await landWithPlan(request, admin)
  const customer = await createVerifiedUser(request)
  const reference = await subscribe(request, customer.token, {
    type: 'land',
    product_id: land.reference,
    payment_mode: 'full',
  })

  await signIn(page, customer.email, customer.password)
  await page.goto(`/subscriptions/${reference}/pay?page=1&type=land`)
  await panel(page)
    .getByLabel('Proof of payment')
    .setInputFiles({
      name: 'statement.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(tinyPdf()),
    })
  await panel(page).getByRole('button', { name: 'Send payment proof' }).click()
  await expect(toast(page)).toContainText('Payment proof sent successfully')

  await page.context().clearCookies()
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto(`/subscriptions/${reference}/transactions?page=1&type=land`)
  const item = panel(page).getByTestId('transaction')
  const open = item.getByRole('link', { name: /Open PDF/ })
  await expect(open).toBeVisible()
  await expect(item.getByRole('img')).toHaveCount(0)
  const file = await page.request.get((await open.getAttribute('href'))!)
  expect(file.status()).toBe(200)
  expect(file.headers()['content-type']).toBe('application/pdf')
  expect(file.headers()['content-disposition']).toMatch(/^attachment;/)
  expect((await file.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-')
})

test('the proof keeps its place while it downloads: the buttons under it do not move when it arrives', async ({
  page,
  request,
}) => {
  const { reference, trx } = await paymentAwaitingConfirmation(request)

  // The proof's download is held until the buttons' place has been read.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/media\//, async (route) => {
    if (route.request().resourceType() !== 'image') return route.continue()
    await held
    await route.continue()
  })
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto(`/subscriptions/${reference}/transactions?page=1&type=land`, {
    waitUntil: 'domcontentloaded',
  })
  const item = panel(page).getByTestId('transaction').filter({ hasText: trx })
  const markPaid = item.getByRole('link', { name: /Mark as paid/ })
  await expect(markPaid).toBeVisible()
  const proof = item.getByRole('img', { name: `Proof of payment for ${trx}` })
  await settledPanel(page)
  expect(await proof.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(0)
  const before = await markPaid.boundingBox()

  release()
  await expect
    .poll(() =>
      proof.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
    )
    .toBe(true)
  expect(await markPaid.boundingBox()).toEqual(before)
})

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the proof preview and the confirmation step fit the screen', async ({ page, request }) => {
    const { reference, trx } = await paymentAwaitingConfirmation(request)

    await signIn(page, ADMIN.email, ADMIN.password)
    await page.goto(`/subscriptions/${reference}/transactions?page=1&type=land&mark=${trx}&as=paid`)
    const item = panel(page).getByTestId('transaction').filter({ hasText: trx })
    const proof = item.getByRole('img', { name: `Proof of payment for ${trx}` })
    await expect(proof).toBeVisible()
    const confirm = item.getByRole('button', { name: 'Yes, mark as paid' })
    await expect(confirm).toBeVisible()
    await settledPanel(page)
    for (const box of [await proof.boundingBox(), await confirm.boundingBox()]) {
      expect(box!.x).toBeGreaterThanOrEqual(0)
      expect(box!.x + box!.width).toBeLessThanOrEqual(390)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.screenshot({ path: test.info().outputPath('transactions-panel-phone.png') })
  })
})
