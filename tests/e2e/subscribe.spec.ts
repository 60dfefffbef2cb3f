import { expect, test, type Page } from '@playwright/test'
import { todayIn } from '../../app/backend/dates/calendar'
import { formatNaira } from '../../app/contract/format'
import { SUBSCRIBED_MESSAGES } from '../../app/contract/subscription-labels'
import { ADMIN, apiCall, createVerifiedUser, signIn } from './support'
import {
  ACCEPT_TERMS,
  AGREE,
  adminToken,
  agreementFields,
  createPlan,
  createProduct,
  submitUnticked,
  subscriptionsTo,
  tagFor,
} from './subscribe-support'

const today = () => todayIn('Africa/Lagos').split('-').reverse().join('/')

async function openSubscribe(page: Page, tag: string, reference: string) {
  await page.goto(`/land-purchases?page=1&search=${tag}`)
  await page
    .getByTestId('product-card')
    .filter({ hasText: reference })
    .getByRole('link', { name: 'Buy now' })
    .click()
  await expect(page).toHaveURL(`/land-purchases/${reference}/subscribe?page=1&search=${tag}`)
  // The panel is headed by the product's name, with its reference beneath.
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(reference)
  return dialog
}

test('a customer buys land by instalments: a plan, its breakdown, the terms, then subscribed', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const admin = await adminToken(request)
  const tag = tagFor('plan')
  const reference = await createProduct(request, admin, {
    type: 'land',
    description: `Plots ${tag}`,
    location: `${tag} Gardens, Epe, Lagos`,
    amount: 1_000_000,
    initial_deposit_amount: 200_000,
    discount_percentage: 10,
    land_type: 'plot',
    size: 500,
    size_in_measurement: 'sqm',
  })
  const yearly = await createPlan(request, admin, reference, {
    amount: 1_300_000,
    duration: 12,
    duration_type: 'months',
  })
  await createPlan(request, admin, reference, {
    amount: 1_100_000,
    duration: 3,
    duration_type: 'months',
  })
  const customer = await createVerifiedUser(request)
  await signIn(page, customer.email, customer.password)
  const panel = await openSubscribe(page, tag, reference)

  // Full payment (discounted) or either plan, with its total, duration and instalment count.
  const full = panel.getByRole('radio', { name: 'Full payment' })
  await expect(full).toBeVisible()
  const twelve = panel.getByRole('radio', { name: '12 months plan' })
  await expect(twelve).toHaveAccessibleDescription(
    /Total ₦1,300,000\.00 Duration 12 months Instalments 11 \+ initial deposit/,
  )
  await expect(panel.getByRole('radio', { name: '3 months plan' })).toHaveAccessibleDescription(
    /Instalments 2 \+ initial deposit/,
  )
  await panel.getByRole('button', { name: 'Continue' }).click()
  await expect(panel.getByText('Choose full payment or a payment plan')).toBeVisible()

  await twelve.check()
  await panel.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(
    `/land-purchases/${reference}/subscribe?plan=${yearly}&step=breakdown&page=1&search=${tag}`,
  )

  // The deposit today, then 11 monthly instalments of (1,300,000 − 200,000) / 11; plans are not discounted.
  const table = panel.getByRole('table')
  await expect(table.getByRole('row', { name: 'Total amount ₦1,300,000.00' })).toBeVisible()
  const rows = table.getByTestId('breakdown-row')
  await expect(rows).toHaveCount(5)
  await expect(rows.first()).toContainText(`${today()}₦200,000.00`)
  await expect(rows.nth(1)).toContainText('₦100,000.00')
  await table.getByRole('link', { name: 'Show all' }).click()
  await expect(rows).toHaveCount(12)
  await expect(rows.filter({ hasText: '₦100,000.00' })).toHaveCount(11)

  const acknowledgement = panel.getByTestId('acknowledgement')
  await expect(acknowledgement).toContainText(
    `I, Chidi Okafor, agree to buy the 500 sqm plot at ${tag} Gardens, Epe, Lagos`,
  )
  await expect(acknowledgement).toContainText(
    'a total of ₦1,300,000.00: an initial deposit of ₦200,000.00 to be paid today, then 11 instalments',
  )
  await expect(acknowledgement).toContainText('no payment has been made yet')
  await expect(acknowledgement).toContainText('approved by both parties')

  await submitUnticked(page, javaScriptEnabled)
  await expect(panel.getByText(ACCEPT_TERMS)).toBeVisible()

  // Cancel keeps the chosen plan.
  await panel.getByRole('link', { name: 'Cancel' }).click()
  await expect(twelve).toBeChecked()
  await panel.getByRole('button', { name: 'Continue' }).click()
  await panel.getByLabel(AGREE).check()
  await panel.getByRole('button', { name: 'Proceed', exact: true }).click()

  // On to paying: the new subscription's pay panel, with the toast.
  await expect(page).toHaveURL(/\/subscriptions\/[A-Z]+-[A-Z0-9]+\/pay\?page=1&type=land$/)
  await expect(page.getByText(SUBSCRIBED_MESSAGES.land)).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Make payment' })).toBeVisible()
  await expect(page.getByRole('dialog')).toContainText('Initial deposit')
  await page.goto(`/land-purchases?page=1&search=${tag}`)
  const card = page.getByTestId('product-card').filter({ hasText: reference })
  await expect(card.getByRole('link', { name: "You've subscribed to this product" })).toBeVisible()
  // Still on sale: the customer may buy another.
  await expect(card.getByRole('link', { name: 'Buy now' })).toBeVisible()

  const subscriptions = await subscriptionsTo(request, customer.token, 'land', reference)
  expect(subscriptions).toHaveLength(1)
  expect(subscriptions[0]).toMatchObject({
    status: 'awaiting_payment',
    payment_mode: 'installment',
    payment_plan: { uuid: yearly, amount: 1_300_000, duration: 12 },
    next_payment_amount: 200_000,
  })
})

test('a customer buys land in full at the discounted price, and a double submit makes one subscription', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request)
  const tag = tagFor('full')
  const reference = await createProduct(request, admin, {
    type: 'land',
    name: `${tag} Acres Estate`,
    description: `Acres ${tag}`,
    location: `${tag} Farm, Mowe, Ogun State`,
    amount: 2_000_000,
    discount_percentage: 10,
    land_type: 'acre',
    size: 1,
    size_in_measurement: 'acre',
  })
  await createPlan(request, admin, reference, {
    amount: 2_400_000,
    duration: 6,
    duration_type: 'months',
  })
  const customer = await createVerifiedUser(request)
  await signIn(page, customer.email, customer.password)
  const panel = await openSubscribe(page, tag, reference)

  const full = panel.getByRole('radio', { name: 'Full payment' })
  await expect(full).toHaveAccessibleDescription(
    /Total ₦1,800,000\.00 Discount 10% off ₦2,000,000\.00 Payments One payment, due today/,
  )
  await full.check()
  await panel.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(
    `/land-purchases/${reference}/subscribe?plan=full&step=breakdown&page=1&search=${tag}`,
  )

  // One row due today at the discounted price.
  const table = panel.getByRole('table')
  await expect(table.getByRole('row', { name: 'Total amount ₦1,800,000.00' })).toBeVisible()
  await expect(
    panel.getByRole('table', { name: `Payment breakdown of ${tag} Acres Estate` }),
  ).toBeVisible()
  await expect(table.getByTestId('breakdown-row')).toHaveCount(1)
  await expect(table.getByTestId('breakdown-row')).toContainText(`${today()}₦1,800,000.00`)
  await expect(table.getByRole('link', { name: 'Show all' })).toHaveCount(0)
  await expect(panel.getByTestId('acknowledgement')).toContainText(
    `I, Chidi Okafor, agree to buy the 1 acre at ${tag} Farm, Mowe, Ogun State (${tag} Acres Estate) and accept a full payment requirement of ₦1,800,000.00, to be paid today.`,
  )

  // The same form posted twice (a double click): the idempotency key makes it one subscription.
  await panel.getByLabel(AGREE).check()
  const fields = await agreementFields(page, ['plan', 'idempotency_key'])
  expect(fields).toMatchObject({ plan: 'full', accept_terms: 'on' })
  expect(fields.idempotency_key).toMatch(/^[0-9a-f-]{36}$/)
  const first = await page.request.post(page.url(), { form: fields, maxRedirects: 0 })
  expect(first.status()).toBe(302)
  await panel.getByRole('button', { name: 'Proceed', exact: true }).click()
  await expect(page).toHaveURL(/\/subscriptions\/[A-Z]+-[A-Z0-9]+\/pay\?page=1&type=land$/)
  await expect(page.getByText(SUBSCRIBED_MESSAGES.land).first()).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Make payment' })).toContainText('₦1,800,000.00')
  await page.goto(`/land-purchases?page=1&search=${tag}`)
  await expect(
    page
      .getByTestId('product-card')
      .filter({ hasText: reference })
      .getByRole('link', { name: "You've subscribed to this product" }),
  ).toBeVisible()

  const subscriptions = await subscriptionsTo(request, customer.token, 'land', reference)
  expect(subscriptions).toHaveLength(1)
  expect(subscriptions[0]).toMatchObject({
    payment_mode: 'full',
    payment_plan: null,
    next_payment_amount: 1_800_000,
  })
})

test('land sold out meanwhile: Proceed closes the panel with the API message', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request)
  const tag = tagFor('last')
  const reference = await createProduct(request, admin, {
    type: 'land',
    description: `Last plot ${tag}`,
    location: `${tag} Court, Lugbe, Abuja`,
    amount: 3_000_000,
    available_by_quantity: true,
    unit_available: 1,
  })
  const customer = await createVerifiedUser(request)
  const rival = await createVerifiedUser(request)
  await signIn(page, customer.email, customer.password)
  const panel = await openSubscribe(page, tag, reference)
  await panel.getByRole('radio', { name: 'Full payment' }).check()
  await panel.getByRole('button', { name: 'Continue' }).click()
  await panel.getByLabel(AGREE).check()

  const taken = await apiCall(request, 'POST', 'product-subscription', {
    token: rival.token,
    body: { type: 'land', product_id: reference, payment_mode: 'full' },
  })
  expect(taken.status, taken.message).toBe('200')

  await panel.getByRole('button', { name: 'Proceed', exact: true }).click()
  await expect(page).toHaveURL(`/land-purchases?page=1&search=${tag}`)
  await expect(page.getByText('This product is no longer available')).toBeVisible()
  const card = page.getByTestId('product-card').filter({ hasText: reference })
  await expect(card.getByText('Sold out', { exact: true })).toBeVisible()
  await expect(card.getByRole('link', { name: 'Buy now' })).toHaveCount(0)
  expect(await subscriptionsTo(request, customer.token, 'land', reference)).toHaveLength(0)
})

test('the discounted price every screen shows is the amount the API charges for paying in full', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request)
  const tag = tagFor('price')
  // ₦1,000,000.01 at 50 %: the discount of 50,000,000.5 kobo rounds up, so the price is ₦500,000.00.
  const reference = await createProduct(request, admin, {
    type: 'land',
    description: `Plots ${tag}`,
    location: `${tag} Estate, Ikorodu, Lagos`,
    amount: 1_000_000.01,
    discount_percentage: 50,
    land_type: 'plot',
    size: 300,
    size_in_measurement: 'sqm',
  })
  const customer = await createVerifiedUser(request)
  const bought = await apiCall(request, 'POST', 'product-subscription', {
    token: customer.token,
    body: { type: 'land', product_id: reference, payment_mode: 'full' },
  })
  expect(bought.status, bought.message).toBe('200')
  const [charged] = await subscriptionsTo(request, customer.token, 'land', reference)
  expect(charged.next_payment_amount).toBe(500_000)
  const price = formatNaira(charged.next_payment_amount)

  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto(`/land-purchases?page=1&search=${tag}`)
  const card = page.getByTestId('product-card').filter({ hasText: reference })
  await expect(card.getByTestId('product-price')).toContainText(price)
  await page
    .getByRole('heading', { name: `${tag} Estate, Ikorodu, Lagos` })
    .getByRole('link')
    .click()
  await expect(page.getByRole('dialog').getByTestId('product-price')).toContainText(price)

  // Staff adding a subscription see the same figure beside the land and as the full payment.
  await page.goto(
    `/subscriptions/new?page=1&type=land&customer_search=${customer.email}&customer=${customer.user.reference}&product_search=${tag}&product=${reference}`,
  )
  const form = page.getByRole('dialog')
  await expect(
    form.getByRole('radio', { name: `${tag} Estate, Ikorodu, Lagos ${price} · ${reference}` }),
  ).toBeVisible()
  await expect(form.getByRole('radio', { name: `Full payment: ${price}` })).toBeVisible()
})

test('a plan the price has overtaken is not offered to buyers, and staff see it flagged', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request)
  const tag = tagFor('raised')
  const body = {
    type: 'land',
    description: `Plots ${tag}`,
    location: `${tag} Court, Epe, Lagos`,
    amount: 1_000_000,
    land_type: 'plot',
    size: 500,
    size_in_measurement: 'sqm',
  }
  const reference = await createProduct(request, admin, body)
  await createPlan(request, admin, reference, {
    amount: 1_100_000,
    duration: 3,
    duration_type: 'months',
  })
  await createPlan(request, admin, reference, {
    amount: 1_500_000,
    duration: 6,
    duration_type: 'months',
  })
  // Raising the price above a plan is allowed.
  const raised = await apiCall(request, 'POST', `admin/product/${reference}`, {
    token: admin,
    body: { ...body, amount: 1_200_000 },
  })
  expect(raised.status).toBe('200')

  const customer = await createVerifiedUser(request)
  await signIn(page, customer.email, customer.password)
  const panel = await openSubscribe(page, tag, reference)
  await expect(panel.getByRole('radio', { name: 'Full payment' })).toBeVisible()
  await expect(panel.getByRole('radio', { name: '6 months plan' })).toBeVisible()
  await expect(panel.getByRole('radio', { name: '3 months plan' })).toHaveCount(0)

  await page.context().clearCookies()
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto(`/land-purchases/${reference}/plans`)
  const plans = page.getByRole('dialog', { name: 'Payment plans' })
  const rows = plans.getByTestId('plan-row')
  await expect(rows).toHaveCount(2)
  const flag = plans.getByTestId('plan-below-price')
  await expect(flag).toHaveCount(1)
  await expect(flag).toContainText(
    "Costs less than the product's price (₦1,200,000.00): not offered to new buyers.",
  )
  await expect(rows.filter({ has: page.getByTestId('plan-below-price') })).toContainText(
    '₦1,100,000.00',
  )
})
