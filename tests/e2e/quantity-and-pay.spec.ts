import { expect, test, type Page } from '@playwright/test'
import {
  card,
  customerOnPlan,
  landWithPlan,
  markByApi,
  panel,
  payByApi,
  proofPng,
  sendProof,
  settledPanel,
  subscribe,
  subscription,
  toast,
  yesterdayBoxes,
} from './payments-support'
import { ADMIN, apiCall, apiLogin, createStaffUser, createVerifiedUser, signIn } from './support'
import type { ItemOf } from '../support/api-harness'
import { AGREE } from './subscribe-support'

/** The plan rows' statuses as the plan panel shows them. */
async function planStatuses(page: Page, reference: string) {
  await page.goto(`/subscriptions/${reference}/plan?page=1&type=land`)
  const rows = panel(page).getByTestId('plan-row')
  await expect(rows).toHaveCount(4)
  return (await rows.allTextContents()).map((text) => (text.endsWith('Paid') ? 'paid' : 'not paid'))
}

test('a customer who already owns a plot buys 2 more: the price doubles and 2 units leave stock', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const land = await landWithPlan(request, admin, {
    available_by_quantity: true,
    unit_available: 5,
    land_type: 'plot',
    discount_percentage: 10,
  })
  const customer = await createVerifiedUser(request)
  // The first plot, paid for and confirmed.
  const first = await subscribe(request, customer.token, {
    type: 'land',
    product_id: land.reference,
    payment_mode: 'full',
  })
  await markByApi(request, admin, await payByApi(request, customer.token, first, 810_000), 'paid')

  await signIn(page, customer.email, customer.password)
  await page.goto(`/land-purchases?page=1&search=${land.location.split(' ')[0]}`)
  const product = page.getByTestId('product-card').filter({ hasText: land.reference })
  await expect(
    product.getByRole('link', { name: "You've subscribed to this product" }),
  ).toBeVisible()
  await product.getByRole('link', { name: 'Buy now' }).click()
  const flow = page.getByRole('dialog', { name: land.location })
  const howMany = flow.getByLabel('How many plots?')
  // 4 units are left: 1 to 4 may be bought.
  await expect(howMany.locator('option')).toHaveText(['1 plot', '2 plots', '3 plots', '4 plots'])
  await howMany.selectOption('2')
  await flow.getByRole('radio', { name: 'Full payment' }).check()
  await flow.getByRole('button', { name: 'Continue' }).click()

  const quantity = flow.getByTestId('breakdown-quantity')
  await expect(quantity).toContainText('Quantity2 plots')
  await expect(quantity).toContainText('Price per plot₦810,000.00')
  await expect(flow.getByRole('table')).toContainText('₦1,620,000.00')
  await expect(flow.getByTestId('acknowledgement')).toContainText('agree to buy 2 plots, each a')
  await expect(flow.getByTestId('acknowledgement')).toContainText('₦1,620,000.00')
  await flow.getByLabel(AGREE).check()
  await flow.getByRole('button', { name: 'Proceed', exact: true }).click()
  await expect(toast(page)).toBeVisible()

  const list = await apiCall(request, 'GET', 'product-subscription?type=land', {
    token: customer.token,
  })
  const second = (list.data.items as ItemOf<'subscriptionList'>[]).find(
    (item) => item.reference !== first,
  )!
  expect(second).toMatchObject({
    quantity: 2,
    total_amount: 1_620_000,
    next_payment_amount: 1_620_000,
    status: 'awaiting_payment',
  })
  const stock = await apiCall(request, 'GET', `product/${land.reference}`, { token: admin })
  expect(stock.data.unit_available).toBe(2)

  await page.goto('/subscriptions')
  await expect(card(page, second.reference)).toContainText('Quantity2 plots')
  await expect(card(page, second.reference)).toContainText('Amount₦1,620,000.00')
  await expect(card(page, first)).toContainText('Quantity1 plot')
})

test('a customer pays the whole balance of a plan at once: every instalment is paid once confirmed', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const { customer, reference } = await customerOnPlan(request, admin)
  await signIn(page, customer.email, customer.password)
  await page.goto(`/subscriptions/${reference}/pay?page=1&type=land`)
  const choices = panel(page).getByTestId('amount-choices')
  await expect(choices.getByRole('radio')).toHaveCount(4)
  await expect(
    choices.getByRole('radio', { name: 'Initial deposit ₦250,000.00', exact: true }),
  ).toBeChecked()
  await expect(
    choices.getByRole('radio', { name: 'Initial deposit and 1 instalment ₦500,000.00' }),
  ).toBeVisible()
  await expect(
    choices.getByRole('radio', { name: 'Initial deposit and 2 instalments ₦750,000.00' }),
  ).toBeVisible()
  const whole = choices.getByRole('radio', { name: 'Whole balance ₦1,000,000.00' })
  await expect(whole).toHaveAccessibleDescription(
    'Initial deposit and 3 instalments: pays off the balance',
  )
  await whole.check()
  await sendProof(page)

  const [waiting] = (
    await apiCall(request, 'GET', `product-subscription/${reference}/transaction`, {
      token: customer.token,
    })
  ).data.items
  expect(waiting).toMatchObject({ amount: 1_000_000, status: 'awaiting_confirmation' })
  // Nothing is marked paid before staff confirm it.
  expect(await planStatuses(page, reference)).toEqual([
    'not paid',
    'not paid',
    'not paid',
    'not paid',
  ])
  await markByApi(request, admin, waiting.reference, 'paid')
  expect(await planStatuses(page, reference)).toEqual(['paid', 'paid', 'paid', 'paid'])
  expect(await subscription(request, customer.token, reference)).toMatchObject({
    status: 'completed',
    amount_left: 0,
  })
})

test('an amount that is not one of the choices, posted by hand, is refused under the amount', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const { customer, reference } = await customerOnPlan(request, admin)
  await signIn(page, customer.email, customer.password)
  const paidAt = yesterdayBoxes()
  const odd = await page.request.post(`/subscriptions/${reference}/pay?page=1&type=land`, {
    multipart: {
      amount: '300000.00',
      ...paidAt,
      proof_of_payment: { name: 'transfer.png', mimeType: 'image/png', buffer: proofPng() },
    },
    maxRedirects: 0,
  })
  expect(odd.status()).toBe(400)
  expect(await odd.text()).toContain(
    'Amount must be the next instalment or several instalments: one of ₦250,000.00, ₦500,000.00, ₦750,000.00 or ₦1,000,000.00',
  )
  expect((await subscription(request, customer.token, reference)).status).toBe('awaiting_payment')
})

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('staff record two instalments for a customer; another confirms; the next due date moves on', async ({
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
    const before = await subscription(request, customer.token, reference)

    await signIn(page, ADMIN.email, ADMIN.password)
    await page.goto(`/subscriptions?page=1&type=land&search=${reference}`)
    await card(page, reference).getByRole('link', { name: 'Record payment' }).click()
    const choices = panel(page).getByTestId('amount-choices')
    await expect(choices.getByRole('radio')).toHaveCount(3)
    const two = choices.getByRole('radio', { name: 'Next 2 instalments ₦500,000.00' })
    await expect(choices.getByRole('radio', { name: 'Next instalment ₦250,000.00' })).toBeChecked()
    await expect(choices.getByRole('radio', { name: 'Whole balance ₦750,000.00' })).toBeVisible()
    await settledPanel(page)
    // Each choice fits the screen, with its amount on the same row, and is big enough to tap.
    for (const label of await choices.locator('label').all()) {
      const box = (await label.boundingBox())!
      expect(box.x + box.width).toBeLessThanOrEqual(390)
      expect(box.height).toBeGreaterThanOrEqual(44)
    }
    await two.check()
    await sendProof(page, { recordedByStaff: true })

    const verifier = await createStaffUser(request, ['can_verify_transaction'])
    const verifierToken = await apiLogin(request, verifier.email, verifier.password)
    const [recorded] = (
      await apiCall(request, 'GET', `product-subscription/${reference}/transaction`, {
        token: admin,
      })
    ).data.items
    expect(recorded).toMatchObject({ amount: 500_000, recorded_by_staff: true })
    await markByApi(request, verifierToken, recorded.reference, 'paid')

    const after = await subscription(request, customer.token, reference)
    expect(after).toMatchObject({
      status: 'ongoing',
      total_amount_paid: 750_000,
      next_payment_amount: 250_000,
      duration_left: 1,
    })
    expect(after.next_payment_date > before.next_payment_date).toBe(true)
    expect(await planStatuses(page, reference)).toEqual(['paid', 'paid', 'paid', 'not paid'])
  })
})
