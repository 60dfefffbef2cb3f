import { expect, test } from '@playwright/test'
import { pdfQrCodes } from '../support/pdf-qr'
import {
  card,
  customerOnPlan,
  downloadFrom,
  markByApi,
  panel,
  payByApi,
  pdfText,
} from './payments-support'
import { ADMIN, apiLogin, signIn } from './support'

/**
 * Verifiable documents: the QR code on a receipt, read from the rendered page as a phone would,
 * opens the public verify page; a statement downloads from the subscription card.
 */

test("a receipt's QR code opens the verify page, signed out, with the receipt's amount and Valid", async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const { customer, reference } = await customerOnPlan(request, admin)
  const trx = await payByApi(request, customer.token, reference, 250_000)
  await markByApi(request, admin, trx, 'paid')

  await signIn(page, customer.email, customer.password)
  await page.goto(`/subscriptions/${reference}/transactions?page=1&type=land`)
  const { bytes } = await downloadFrom(page, () =>
    panel(page).getByRole('link', { name: 'Download receipt' }).click(),
  )
  const codes = pdfQrCodes(bytes)
  expect(codes).toHaveLength(1)
  const url = new URL(codes[0])
  expect(url.pathname).toMatch(/^\/verify\/[2-9A-HJ-NP-Z]{12}$/)
  const code = url.pathname.split('/').pop()!
  // The code is printed too, for someone typing it.
  expect(pdfText(bytes)).toContain(`Verification code: ${code}`)

  // Whoever holds the paper checks it without an account.
  await page.context().clearCookies()
  await page.goto(url.pathname)
  await expect(page).toHaveURL(url.pathname)
  await expect(page.getByRole('heading', { name: 'Document check' })).toBeVisible()
  await expect(page.getByRole('status')).toHaveText('Valid')
  await expect(page.getByText('Payment receipt')).toBeVisible()
  await expect(page.getByText('₦250,000.00')).toBeVisible()
  await expect(page.getByText(reference)).toBeVisible()
  await expect(page.getByText('Chidi O.')).toBeVisible()
  // The full name and e-mail stay private.
  await expect(page.locator('body')).not.toContainText('Okafor')
  await expect(page.locator('body')).not.toContainText(customer.email)

  // At a phone's width nothing is cut off or scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  await expect(page.getByRole('status')).toHaveText('Valid')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})

test('an unknown code shows a page saying the document could not be found (404)', async ({
  page,
}) => {
  const response = await page.goto('/verify/ZZZZZZZZZZZZ')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Document not found' })).toBeVisible()
  await expect(page.getByText('This document could not be found.')).toBeVisible()
})

test('"Download statement" on the card gives a statement whose totals are the payments', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const { customer, reference } = await customerOnPlan(request, admin)
  await markByApi(
    request,
    admin,
    await payByApi(request, customer.token, reference, 250_000),
    'paid',
  )
  await markByApi(
    request,
    admin,
    await payByApi(request, customer.token, reference, 250_000),
    'paid',
  )

  await signIn(page, customer.email, customer.password)
  await page.goto('/subscriptions?page=1&type=land')
  const { download, bytes } = await downloadFrom(page, () =>
    card(page, reference).getByRole('link', { name: 'Download statement' }).click(),
  )
  expect(download.suggestedFilename()).toBe(`statement-${reference}.pdf`)
  const lines = pdfText(bytes).split('\n')
  expect(lines).toContain('Statement of Account')
  expect(lines[lines.indexOf('Total paid') + 1]).toBe('₦500,000.00')
  expect(lines[lines.indexOf('Balance') + 1]).toBe('₦500,000.00')
  // It is verifiable like every other document.
  const [address] = pdfQrCodes(bytes)
  await page.goto(new URL(address).pathname)
  await expect(page.getByText('Statement of account', { exact: true })).toBeVisible()
  await expect(page.getByRole('status')).toHaveText('Valid')

  // The dashboard's "Download my statement" covers every subscription.
  await page.goto('/')
  const mine = await downloadFrom(page, () =>
    page.getByRole('link', { name: 'Download my statement' }).click(),
  )
  expect(pdfText(mine.bytes)).toContain(reference)
})
