import { expect, test } from '@playwright/test'
import { addInterval, todayIn } from '../../app/backend/subscriptions/plans'
import { formatDate } from '../../app/contract/format'
import { ADMIN, apiCall, apiLogin, createStaffUser, createVerifiedUser, signIn } from './support'
import { expectOk, tag } from './payments-support'

test('the breakdown shows what happens if a payment is late, with the customer\'s own amounts and dates', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const location = `${tag()} Arrears Court, Epe, Lagos`
  const product = await apiCall(request, 'POST', 'admin/product', {
    token: admin,
    body: { type: 'land', name: location, description: `Plots at ${location}`, location, amount: 900_000, initial_deposit_amount: 250_000 },
  })
  await expectOk(product)
  const plan = await apiCall(request, 'POST', `admin/product/${product.data.reference}/payment-plan`, {
    token: admin,
    body: { amount: 1_000_000, duration: 4, duration_type: 'months', grace_days: 7, late_fee_percent: 2, default_after_days: 90, default_action: 'reprice' },
  })
  await expectOk(plan)
  const customer = await createVerifiedUser(request)
  await signIn(page, customer.email, customer.password)
  await page.goto(`/land-purchases/${product.data.reference}/subscribe?plan=${plan.data.uuid}&step=breakdown`)
  const due = addInterval(todayIn('Africa/Lagos'), 1, 'months')
  const timeline = page.getByTestId('arrears-timeline')
  await expect(timeline).toContainText(
    `If your payment of ₦250,000.00 due on ${formatDate(due)} is not received by ${formatDate(addInterval(due, 7, 'days'))}, a late fee of ₦5,000.00 is added.`,
  )
  await expect(timeline).toContainText(`After ${formatDate(addInterval(due, 90, 'days'))} the balance is repriced at the current price.`)
  // Shown before Proceed, in the agreement the customer accepts.
  await expect(page.getByTestId('acknowledgement')).toContainText('If a payment is late')
  await expect(page.getByRole('button', { name: 'Proceed' })).toBeVisible()
})

test('/arrears: staff who record payments see the buckets and filter by URL, fitting a 390px screen', async ({ page, request }) => {
  const staff = await createStaffUser(request, ['can_record_transaction'])
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, staff.email, staff.password)
  await page.goto('/arrears')
  await expect(page.getByRole('heading', { name: 'Arrears' })).toBeVisible()
  for (const bucket of ['1-30', '31-60', '61-90', '90+']) await expect(page.getByTestId(`bucket-${bucket}`)).toBeVisible()
  await page.getByRole('combobox', { name: 'Bucket', exact: true }).selectOption('31-60')
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('nobody-matches-this')
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/bucket=31-60/)
  await expect(page).toHaveURL(/search=nobody-matches-this/)
  await expect(page.getByText('No subscriptions in arrears match.')).toBeVisible()
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(390)
})
