import { expect, test } from '@playwright/test'
import { landWithPlan, payByApi, subscribe } from './payments-support'
import { AGREE } from './subscribe-support'
import { ADMIN, apiCall, apiLogin, createVerifiedUser, signIn, withSettingsLock } from './support'

const toast = (page: import('@playwright/test').Page) => page.getByTestId('toast')

test('staff set how many days an unpaid subscription lives: 1 to 90, the error under the field', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  await signIn(page, ADMIN.email, ADMIN.password)
  await withSettingsLock(async () => {
    await page.goto('/settings?tab=settings')
    const card = page.getByRole('region', { name: 'Unpaid subscriptions' })
    const days = card.getByLabel('Expiry days')
    await expect(days).toHaveValue('7')
    await days.fill('91')
    await card.getByRole('button', { name: 'Save expiry days' }).click()
    await expect(card.getByText('Expiry days must be at most 90')).toBeVisible()
    await expect(days).toHaveValue('91')
    await days.fill('5')
    await card.getByRole('button', { name: 'Save expiry days' }).click()
    await expect(toast(page)).toContainText('Unpaid subscription expiry updated successfully')
    const saved = await apiCall(request, 'GET', 'admin/setting/unpaid_subscription_expiry_days', {
      token: admin,
    })
    expect(saved.data).toEqual({ value: 5 })
    await expect(
      page.getByRole('region', { name: 'Unpaid subscriptions' }).getByLabel('Expiry days'),
    ).toHaveValue('5')
    await apiCall(request, 'POST', 'admin/setting', {
      token: admin,
      body: { type: 'unpaid_subscription_expiry_days', value: 7 },
    })
  })
})

test('staff set how many days a payment waits for confirmation: 1 to 90, the error under the field', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  await signIn(page, ADMIN.email, ADMIN.password)
  await withSettingsLock(async () => {
    await page.goto('/settings?tab=settings')
    const card = page.getByRole('region', { name: 'Payments awaiting confirmation' })
    const days = card.getByLabel('Confirmation days')
    await expect(days).toHaveValue('7')
    await days.fill('0')
    await card.getByRole('button', { name: 'Save confirmation days' }).click()
    await expect(card.getByText('Confirmation days must be at least 1')).toBeVisible()
    await expect(days).toHaveValue('0')
    await days.fill('10')
    await card.getByRole('button', { name: 'Save confirmation days' }).click()
    await expect(toast(page)).toContainText('Unconfirmed payment expiry updated successfully')
    const saved = await apiCall(request, 'GET', 'admin/setting/unconfirmed_payment_expiry_days', {
      token: admin,
    })
    expect(saved.data).toEqual({ value: 10 })
    await expect(
      page
        .getByRole('region', { name: 'Payments awaiting confirmation' })
        .getByLabel('Confirmation days'),
    ).toHaveValue('10')
    await apiCall(request, 'POST', 'admin/setting', {
      token: admin,
      body: { type: 'unconfirmed_payment_expiry_days', value: 7 },
    })
  })
})

test('a customer holding 10 plots with proofs nobody has confirmed is told, on buying one more, why it is refused', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const land = await landWithPlan(request, admin, {
    available_by_quantity: true,
    unit_available: 20,
    land_type: 'plot',
  })
  const customer = await createVerifiedUser(request)
  const first = await subscribe(request, customer.token, {
    type: 'land',
    product_id: land.reference,
    payment_mode: 'full',
    quantity: 10,
  })
  await payByApi(request, customer.token, first, 9_000_000)

  await signIn(page, customer.email, customer.password)
  await page.goto(`/land-purchases/${land.reference}/subscribe`)
  const flow = page.getByRole('dialog', { name: land.location })
  await flow.getByLabel('How many plots?').selectOption('1')
  await flow.getByRole('radio', { name: 'Full payment' }).check()
  await flow.getByRole('button', { name: 'Continue' }).click()
  await flow.getByLabel(AGREE).check()
  await flow.getByRole('button', { name: 'Proceed', exact: true }).click()
  await expect(flow.getByRole('alert')).toContainText(
    'You already hold 10 plots of this product without a confirmed payment, the most one customer may hold until a payment is confirmed. Subscribe again once one is.',
  )
  const stock = await apiCall(request, 'GET', `product/${land.reference}`, { token: admin })
  expect(stock.data.unit_available).toBe(10)
})
