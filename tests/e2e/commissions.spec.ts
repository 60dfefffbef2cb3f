import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { PASSWORD } from './auth-support'
import {
  downloadFrom,
  landWithPlan,
  markByApi,
  payByApi,
  pdfText,
  shortDate,
  subscribe,
  toast,
} from './payments-support'
import {
  ADMIN,
  apiCall,
  apiLogin,
  codeFrom,
  createStaffUser,
  createVerifiedUser,
  signIn,
  uniqueEmail,
  waitForMail,
} from './support'

/**
 * Realtor commissions through the screens: a realtor signs up through another's link, their
 * customer's payment is confirmed, staff pay the commission, the realtor sees the totals move.
 */

const lagosToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Lagos',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date())

async function signOut(page: Page) {
  await page.context().clearCookies()
}

/** Realtor B signs up through A's link on the realtor sign-up screen and enters the mailed code. */
async function realtorThroughLink(page: Page, uplineReference: string) {
  const email = uniqueEmail('downline')
  await page.goto(`/realtor/register?ref=${uplineReference}`)
  await expect(page.locator('input[name="referral"]')).toHaveValue(uplineReference)
  await page.getByLabel('First name').fill('Bisi')
  await page.getByLabel('Last name').fill('Downline')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByLabel('Business name').fill('Bisi Homes')
  await page.getByRole('button', { name: 'Create an account' }).click()
  await expect(page).toHaveURL(/\/verify-email$/)
  await page.getByLabel('Verification code').fill(codeFrom(await waitForMail(email)))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/$/)
  const token = await apiLogin(page.request, email, PASSWORD)
  const me = await apiCall(page.request, 'GET', 'auth/me', { token })
  return { email, token, reference: me.data.reference as string }
}

const total = (page: Page, name: 'earned' | 'paid' | 'balance') =>
  page.getByTestId(`commission-total-${name}`)

test('the chain: a realtor joins through a link, a customer through theirs; staff pay the commission and the realtor sees it move', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const upline = await createVerifiedUser(request, 'realtor')
  const b = await realtorThroughLink(page, upline.user.reference)

  // B's own page offers the link that brings realtors under it.
  await page.goto('/commissions')
  await expect(page.getByLabel('Invite realtors')).toHaveValue(
    new RegExp(`/realtor/register\\?ref=${b.reference}$`),
  )
  await expect(total(page, 'earned')).toContainText('₦0.00')

  // A customer through B's link pays the ₦250,000 deposit; staff confirm it.
  const { customer, reference } = await customerOnPlanThrough(request, admin, b.reference)
  const trx = await payByApi(request, customer.token, reference, 250_000)
  await markByApi(request, admin, trx, 'paid')

  // B earns 5 % (₦12,500 less 5 % WHT = ₦11,875.00); A, its upline, 3 % (₦7,500 less ₦375 = ₦7,125.00).
  await page.goto('/commissions')
  await expect(total(page, 'earned')).toContainText('₦11,875.00')
  await expect(total(page, 'paid')).toContainText('₦0.00')
  await expect(total(page, 'balance')).toContainText('₦11,875.00')
  const entry = page.getByTestId('commission-entry')
  await expect(entry).toHaveCount(1)
  await expect(entry).toContainText(`${customer.user.first_name} ${customer.user.last_name}`)
  await expect(entry).toContainText(reference)
  await expect(entry).toContainText('Level 1')
  await expect(entry).toContainText('₦12,500.00')
  await expect(entry).toContainText('₦625.00')
  await expect(entry).toContainText('Earned')
  await page.goto('/')
  await expect(page.getByTestId('figure-commissions')).toContainText('₦11,875.00')
  const uplineList = await apiCall(request, 'GET', 'commission', { token: upline.token })
  expect(uplineList.data.totals.earned).toBe(7_125)

  // Staff who pay commissions find B's entry, tick it and mark it paid.
  await signOut(page)
  const payer = await createStaffUser(request, ['can_pay_commissions'])
  await signIn(page, payer.email, payer.password)
  await expect(
    page.getByRole('link', { name: 'Commissions', exact: true }).first(),
  ).toHaveAttribute('href', '/commissions')
  await page.goto('/commissions')
  await page.getByLabel('Realtor', { exact: true }).fill(b.reference)
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(new RegExp(`realtor=${b.reference}`))
  await expect(page.getByTestId('net-by-realtor')).toContainText('₦11,875.00')
  await page.getByRole('checkbox', { name: /Select ₦11,875\.00/ }).check()
  // A date in the future is refused under its field, keeping what was typed.
  await page.getByLabel('Date paid').fill('01/01/2999')
  await page.getByLabel('Bank reference').fill('NIP/E2E/1')
  await page.getByRole('button', { name: 'Mark paid' }).click()
  await expect(page.getByLabel('Date paid')).toHaveAccessibleDescription(
    'Date paid cannot be in the future',
  )
  await expect(page.getByLabel('Bank reference')).toHaveValue('NIP/E2E/1')
  await page.getByRole('checkbox', { name: /Select ₦11,875\.00/ }).check()
  await page.getByLabel('Date paid').fill(shortDate(lagosToday()))
  await page.getByRole('button', { name: 'Mark paid' }).click()
  await expect(toast(page)).toContainText('1 commission marked paid')
  await expect(page.getByTestId('commission-entry').filter({ hasText: b.reference })).toContainText(
    'Paid',
  )

  // B sees the totals move and is told.
  await signOut(page)
  await signIn(page, b.email, PASSWORD)
  await page.goto('/commissions')
  await expect(total(page, 'paid')).toContainText('₦11,875.00')
  await expect(total(page, 'balance')).toContainText('₦0.00')
  await expect(page.getByTestId('commission-entry')).toContainText('NIP/E2E/1')
  await page.goto('/?notifications=1')
  const note = page
    .getByRole('dialog', { name: 'Your notifications' })
    .getByRole('listitem')
    .filter({ hasText: 'Commissions paid' })
  await expect(note).toHaveCount(1)
  await expect(note).toContainText('₦11,875.00')

  // The month's statement, as a PDF and as CSV.
  await page.goto('/commissions')
  const pdf = await downloadFrom(page, () =>
    page.getByRole('button', { name: 'Download PDF' }).click(),
  )
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  const text = pdfText(pdf.bytes)
  expect(text).toContain('Commission Statement')
  expect(text).toContain('₦11,875.00')
  const csv = await downloadFrom(page, () =>
    page.getByRole('button', { name: 'Download CSV' }).click(),
  )
  expect(csv.bytes.toString('utf8')).toContain(',1,5,12500.00,625.00,11875.00,paid,')
})

/** A customer signed up through the realtor's link, on land by its 4-month plan (₦250,000 deposit). */
async function customerOnPlanThrough(
  request: APIRequestContext,
  admin: string,
  realtorReference: string,
) {
  const land = await landWithPlan(request, admin)
  const customer = await createVerifiedUser(request, 'customer', { referral: realtorReference })
  const reference = await subscribe(request, customer.token, {
    type: 'land',
    product_id: land.reference,
    payment_mode: 'installment',
    payment_id: land.planUuid,
  })
  return { customer, reference }
}

test('who sees /commissions: a customer is refused, and the menu shows it only to realtors and those who pay', async ({
  page,
  request,
}) => {
  const customer = await createVerifiedUser(request)
  await signIn(page, customer.email, customer.password)
  await expect(page.getByRole('link', { name: 'Commissions' })).toHaveCount(0)
  await page.goto('/commissions')
  await expect(page.getByText('Access denied')).toBeVisible()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('/commissions fits 390 px for a realtor and for staff', async ({ page, request }) => {
    const realtor = await createVerifiedUser(request, 'realtor')
    await signIn(page, realtor.email, realtor.password)
    await page.goto('/commissions')
    await expect(total(page, 'balance')).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await signOut(page)
    await signIn(page, ADMIN.email, ADMIN.password)
    await page.goto('/commissions')
    await expect(page.getByRole('heading', { name: 'Commissions', level: 1 })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })
})
