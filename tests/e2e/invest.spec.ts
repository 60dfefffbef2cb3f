import { expect, test } from '@playwright/test'
import { SUBSCRIBED_MESSAGES } from '../../app/contract/subscription-labels'
import { apiCall, createVerifiedUser, signIn } from './support'
import {
  ACCEPT_TERMS,
  AGREE,
  adminToken,
  createProduct,
  submitUnticked,
  subscriptionsTo,
  tagFor,
} from './subscribe-support'

test('a customer invests: below the minimum refused, every payout shown, terms required, then subscribed', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const tag = tagFor('inv')
  const reference = await createProduct(request, await adminToken(request), {
    type: 'land_investment',
    name: `Monthly income ${tag}`,
    description: `Monthly income ${tag}: rent from leased farmland.`,
    minimum_amount: 500_000,
    investment_return: 2,
    land_investment_type: 'recurring',
    frequency_period: 1,
    interval: 'months',
    duration: 12,
  })
  const customer = await createVerifiedUser(request)
  await signIn(page, customer.email, customer.password)
  const list = `/land-investments?page=1&search=${tag}`
  await page.goto(list)
  const card = page.getByTestId('product-card').filter({ hasText: reference })
  await card.getByRole('link', { name: 'Invest now' }).click()

  // Step 1: the terms, titled with the product's name, over the list (whose query is kept).
  await expect(page).toHaveURL(`/land-investments/${reference}/invest?page=1&search=${tag}`)
  const panel = page.getByRole('dialog', { name: `Monthly income ${tag}`, exact: true })
  for (const [label, value] of [
    ['Return on investment', '2% every month (about 24% a year)'],
    ['Investment type', 'Recurring'],
    ['Returns paid', 'Paid every month'],
    ['Maturity period', '12 months'],
    ['Minimum amount', '₦500,000.00'],
  ]) {
    await expect(panel.locator('dl')).toContainText(`${label}${value}`)
  }
  await expect(panel.getByText(`Monthly income ${tag}: rent from leased farmland.`)).toBeVisible()

  const amount = panel.getByLabel('Amount')
  const toPlan = panel.getByRole('button', { name: 'Proceed to investments plan' })
  const belowMinimum = panel.getByText('Amount must be at least ₦500,000.00')
  if (javaScriptEnabled) {
    // No message while typing; leaving the field with too little says why, next to the field.
    await amount.pressSequentially('499999')
    await expect(amount).toHaveValue('499,999')
    await expect(belowMinimum).toHaveCount(0)
    await amount.blur()
    await expect(belowMinimum).toBeVisible()
    await expect(amount).toHaveAttribute('aria-invalid', 'true')
    // Sending it anyway keeps the panel on the amount, with the same words.
    await toPlan.click()
    await expect(belowMinimum).toBeVisible()
    await expect(page).toHaveURL(`/land-investments/${reference}/invest?page=1&search=${tag}`)
    // Enough clears it.
    await amount.fill('500,000')
    await expect(belowMinimum).toHaveCount(0)
    await expect(amount).not.toHaveAttribute('aria-invalid', 'true')
    // The server refuses a low amount sent anyway (here from the address bar).
    await page.goto(
      `/land-investments/${reference}/invest?step=breakdown&amount=1000&page=1&search=${tag}`,
    )
  } else {
    await amount.fill('1,000')
    await toPlan.click()
  }
  await expect(belowMinimum).toBeVisible()
  await expect(panel.getByRole('heading', { name: 'ROI Breakdown' })).toHaveCount(0)

  await amount.fill('600,000')
  await toPlan.click()
  await expect(page).toHaveURL(
    `/land-investments/${reference}/invest?amount=600000&step=breakdown&page=1&search=${tag}`,
  )

  // Step 2: the investment amount, then 12 monthly payouts of 2%, the last returning the capital.
  await expect(panel.getByRole('heading', { name: 'ROI Breakdown' })).toBeVisible()
  const table = panel.getByRole('table')
  await expect(table.getByRole('row', { name: 'Investment amount ₦600,000.00' })).toBeVisible()
  const rows = table.getByTestId('breakdown-row')
  await expect(rows).toHaveCount(5)
  await expect(table.getByText('...', { exact: true })).toBeVisible()
  await expect(rows.first()).toContainText('₦12,000.00')
  await expect(rows.first()).toContainText(/^\d{2}\/\d{2}\/\d{4}/)
  await expect(rows.last()).toContainText('₦612,000.00')
  await table.getByRole('link', { name: 'Show all' }).click()
  await expect(page).toHaveURL(/[?&]all=1(&|$)/)
  await expect(rows).toHaveCount(12)
  await expect(table.getByRole('link', { name: 'Show all' })).toHaveCount(0)
  await expect(rows.filter({ hasText: '₦12,000.00' })).toHaveCount(11)

  const acknowledgement = panel.getByTestId('acknowledgement')
  await expect(acknowledgement).toContainText(
    'I, Chidi Okafor, accept a full payment requirement of ₦600,000.00',
  )
  // The product by its name, not its code.
  await expect(acknowledgement).toContainText(
    `this investment in Monthly income ${tag}, to be paid`,
  )
  await expect(acknowledgement).toContainText('to be paid today')
  await expect(acknowledgement).toContainText('no payment has been made yet')
  await expect(acknowledgement).toContainText('approved by both parties')
  await expect(panel.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute(
    'href',
    '/terms',
  )

  // Cancel goes back to step 1 with the amount kept.
  await panel.getByRole('link', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(
    `/land-investments/${reference}/invest?amount=600000&page=1&search=${tag}`,
  )
  await expect(amount).toHaveValue('600,000')
  await toPlan.click()
  await expect(panel.getByRole('heading', { name: 'ROI Breakdown' })).toBeVisible()

  await submitUnticked(page, javaScriptEnabled)
  await expect(panel.getByText(ACCEPT_TERMS)).toBeVisible()
  expect(await subscriptionsTo(request, customer.token, 'land_investment', reference)).toHaveLength(
    0,
  )

  await panel.getByLabel(AGREE).check()
  await panel.getByRole('button', { name: 'Proceed', exact: true }).click()

  // On to paying: the new investment's pay panel, with the toast; the card changed on the list.
  await expect(page).toHaveURL(/\/investment-portfolio\/[A-Z]+-[A-Z0-9]+\/pay$/)
  await expect(page.getByText(SUBSCRIBED_MESSAGES.land_investment)).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Make payment' })).toContainText('₦600,000.00')
  await page.goto(list)
  await expect(card.getByRole('link', { name: "You've invested to this product" })).toBeVisible()
  // Still open: the customer may invest again.
  await expect(card.getByRole('link', { name: 'Invest now' })).toBeVisible()
  await expect(card).toContainText(/Number of investors\s*1/)

  const [subscription] = await subscriptionsTo(
    request,
    customer.token,
    'land_investment',
    reference,
  )
  expect(subscription).toMatchObject({
    status: 'awaiting_payment',
    payment_mode: 'full',
    meta: { amount_invested: 600_000 },
  })
  const detail = await apiCall(request, 'GET', `product-subscription/${subscription.reference}`, {
    token: customer.token,
  })
  expect(detail.data.next_payment_amount).toBe(600_000)
})

test('the terms page is there signed out and signed in', async ({ page, request }) => {
  await page.goto('/terms')
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible()
  const customer = await createVerifiedUser(request)
  await signIn(page, customer.email, customer.password)
  await page.goto('/terms')
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to your dashboard' })).toBeVisible()
})
