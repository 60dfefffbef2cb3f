import { expect, test } from '@playwright/test'
import {
  CREDIT_ALLOCATION_REQUESTED,
  CREDIT_CONFIRMED,
  OWN_CREDIT_REQUEST,
} from '../../app/contract/collections-labels'
import { customerOnPlan, panel, toast } from './payments-support'
import { addPhone, reloadUntil, sendTransfer, sidewaysOverflow } from './provider-support'
import { ADMIN, apiCall, apiLogin, createStaffUser, createVerifiedUser, signIn } from './support'

/**
 * Staff's side of the payment provider, with and without JavaScript: money that fits no payment is
 * kept as a credit (shown to the customer and on Collections), one member of staff allocates it
 * and another confirms (never the one who asked); and a payout account is saved under the name the
 * bank holds for it.
 */

/** The customer's own account number, once the provider opened it (after the phone number was given). */
async function accountNumberOf(
  request: Parameters<typeof apiCall>[0],
  token: string,
  reference: string,
) {
  let number = ''
  await expect(async () => {
    const details = await apiCall(
      request,
      'GET',
      `product-subscription/${reference}/payment-details`,
      { token },
    )
    number = details.data?.virtual_account?.account_number ?? ''
    expect(number).toMatch(/^\d{10}$/)
  }).toPass({ timeout: 30_000 })
  return number
}

test('a transfer between the amounts due is a credit: one member of staff allocates it, another confirms', async ({
  page,
  request,
}, testInfo) => {
  // Two members of staff, the customer and the four Collections pages at two widths.
  test.setTimeout(180_000)
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const { customer, reference } = await customerOnPlan(request, admin)
  await addPhone(request, customer.token)
  const accountNumber = await accountNumberOf(request, customer.token, reference)
  const [allocator, confirmer] = await Promise.all([
    createStaffUser(request, ['can_verify_transaction', 'can_view_customer']),
    createStaffUser(request, ['can_verify_transaction', 'can_view_customer']),
  ])

  // ₦300,000: more than the ₦250,000 deposit, less than the deposit and an instalment.
  await sendTransfer(request, accountNumber, 300_000)

  // The customer sees it kept for them, not lost.
  await signIn(page, customer.email, customer.password)
  const credit = page.getByTestId('own-credit')
  await reloadUntil(page, '/credits', async () => {
    await expect(credit).toHaveCount(1, { timeout: 1_000 })
  })
  await expect(credit).toContainText('₦300,000.00')
  await expect(credit).toContainText('Unallocated')
  await expect(credit).toContainText('Not one of the amounts a payment may be')
  await expect(page.getByTestId('own-credits-open')).toContainText('₦300,000.00')
  await page.goto(`/subscriptions/${reference}/transactions?page=1&type=land`)
  await expect(panel(page).getByTestId('own-credits')).toContainText('₦300,000.00')

  // The first member of staff finds it from the dashboard and asks to allocate the deposit.
  await page.context().clearCookies()
  await signIn(page, allocator.email, allocator.password)
  const waiting = page.getByTestId('attention-card').filter({ hasText: 'Collections to look at' })
  await waiting.getByRole('link', { name: /^\d+ unallocated credits?/ }).click()
  await expect(page).toHaveURL('/collections/credits?page=1&state=open')
  await page.getByRole('searchbox', { name: /Search by customer/ }).fill(customer.email)
  await page.getByRole('searchbox', { name: /Search by customer/ }).press('Enter')
  const row = page.getByTestId('credit-row').filter({ hasText: customer.email })
  await expect(row).toHaveCount(1)
  await row.getByRole('link', { name: /Open credit/ }).click()
  const creditPanel = panel(page)
  await expect(creditPanel).toContainText('₦300,000.00')
  await expect(creditPanel.getByLabel('Subscription')).toHaveValue(reference)
  await creditPanel.getByLabel(/^Amount/).fill('250,000')
  await creditPanel.getByRole('button', { name: 'Allocate' }).click()
  await expect(toast(page)).toContainText(CREDIT_ALLOCATION_REQUESTED)
  await expect(panel(page).getByTestId('credit-pending')).toContainText('₦250,000.00')
  // Four eyes: the one who asked cannot confirm.
  await expect(panel(page).getByTestId('cannot-confirm')).toHaveText(OWN_CREDIT_REQUEST)
  await expect(panel(page).getByRole('button', { name: 'Confirm' })).toHaveCount(0)
  const creditAddress = new URL(page.url()).pathname

  // The second confirms: the payment is made and paid, and what is left stays a credit.
  await page.context().clearCookies()
  await signIn(page, confirmer.email, confirmer.password)
  await page.goto(creditAddress)
  await expect(panel(page).getByTestId('credit-pending')).toContainText(
    'Bola Staff asked to allocate ₦250,000.00',
  )
  await panel(page).getByRole('button', { name: 'Confirm' }).click()
  await expect(toast(page)).toContainText(CREDIT_CONFIRMED)
  await expect(panel(page).getByTestId('credit-state')).toHaveText('Allocated')
  await expect(panel(page)).toContainText(reference)

  const transactions = await apiCall(
    request,
    'GET',
    `product-subscription/${reference}/transaction`,
    { token: customer.token },
  )
  expect(
    transactions.data.items.map((t: { status: string; amount: number }) => [t.status, t.amount]),
  ).toEqual([['paid', 250_000]])
  await page.goto(`/collections/credits?page=1&search=${encodeURIComponent(customer.email)}`)
  const rows = page.getByTestId('credit-row')
  // Newest first: what is left, then the credit that paid the deposit.
  await expect(rows.getByTestId('credit-state')).toHaveText(['Unallocated', 'Allocated'])
  await expect(rows.first()).toContainText('₦50,000.00')
  await expect(rows.first()).toContainText('Left over from an allocation')
  await expect(rows.last()).toContainText('₦250,000.00')

  // Money received shows the day's payments through Paystack.
  await page
    .getByRole('navigation', { name: 'Collections sections' })
    .getByRole('link', { name: 'Money received' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Collections' })).toBeVisible()
  await expect(page.getByTestId('collections-day').first()).toContainText('Paystack')

  // Each Collections page at phone and desktop widths: nothing scrolls sideways.
  for (const [name, address] of [
    ['collections', '/collections'],
    ['credits', `/collections/credits?page=1&search=${encodeURIComponent(customer.email)}`],
    ['credit', creditAddress],
    ['deliveries', '/collections/deliveries'],
  ] as const) {
    for (const { width, height } of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize({ width, height })
      await page.goto(address)
      await expect(page.getByRole('heading', { level: 1, name: 'Collections' })).toBeVisible()
      expect(await sidewaysOverflow(page), `${address} at ${width}px`).toBeLessThanOrEqual(0)
      await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true })
    }
  }
})

test('a payout account is saved under the name the bank holds for it', async ({
  page,
  request,
}) => {
  const customer = await createVerifiedUser(request)
  await signIn(page, customer.email, customer.password)
  await page.goto('/settings')
  const form = page.getByRole('region', { name: 'Profile' })
  await form.getByLabel('Bank').selectOption({ label: 'Guaranty Trust Bank (GTBank)' })
  await form.getByLabel('Account number').fill('0123456789')
  await form.getByLabel('Account name').fill('Ada Okafor')
  await form.getByRole('button', { name: 'Check account' }).click()
  const check = page.getByTestId('account-check')
  await expect(check).toContainText('ADAEZE NNEKA OKAFOR')
  await expect(
    page.getByRole('region', { name: 'Profile' }).getByLabel('Account name'),
  ).toHaveValue('ADAEZE NNEKA OKAFOR')
  await expect(
    page.getByRole('region', { name: 'Profile' }).getByLabel('Account number'),
  ).toHaveValue('0123456789')

  // A number the bank does not hold is said by its box.
  await page
    .getByRole('region', { name: 'Profile' })
    .getByLabel('Account number')
    .fill('0123456780')
  await page
    .getByRole('region', { name: 'Profile' })
    .getByRole('button', { name: 'Check account' })
    .click()
  await expect(page.getByRole('region', { name: 'Profile' })).toContainText(
    'has no account 0123456780',
  )

  // Saved with a name that is not the bank's: refused, with the bank's name put in to confirm.
  const profile = page.getByRole('region', { name: 'Profile' })
  await profile.getByLabel('Bank').selectOption({ label: 'United Bank for Africa (UBA)' })
  await profile.getByLabel('Account number').fill('2034567891')
  await profile.getByLabel('Account name').fill('Someone Else')
  await profile.getByLabel('Current password').fill(customer.password)
  await profile.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByRole('region', { name: 'Profile' })).toContainText(
    'The bank holds this account as MUSA IBRAHIM BELLO',
  )
  const again = page.getByRole('region', { name: 'Profile' })
  await expect(again.getByLabel('Account name')).toHaveValue('MUSA IBRAHIM BELLO')
  await again.getByLabel('Current password').fill(customer.password)
  await again.getByRole('button', { name: 'Save profile' }).click()
  await expect(toast(page)).toContainText('Profile saved')
  const saved = await apiCall(request, 'GET', 'account/profile', { token: customer.token })
  expect([saved.data.bank, saved.data.account_number, saved.data.account_name]).toEqual([
    'uba',
    '2034567891',
    'MUSA IBRAHIM BELLO',
  ])
})
