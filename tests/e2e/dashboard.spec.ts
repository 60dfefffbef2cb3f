import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import {
  landWithPlan,
  markByApi,
  payByApi,
  shortDate,
  subscribe,
  subscription,
} from './payments-support'
import { ADMIN, apiLogin, createVerifiedUser, signIn } from './support'

/** A customer who bought one plot by instalments (₦1,000,000 over 4 months) and paid the ₦250,000 deposit. */
async function customerWithOnePlotPartPaid(request: APIRequestContext) {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const land = await landWithPlan(request, admin)
  const customer = await createVerifiedUser(request, 'customer')
  const reference = await subscribe(request, customer.token, {
    type: 'land',
    product_id: land.reference,
    payment_mode: 'installment',
    payment_id: land.planUuid,
  })
  const payment = await payByApi(request, customer.token, reference, 250_000)
  await markByApi(request, admin, payment, 'paid')
  const next = (await subscription(request, customer.token, reference)).next_payment_date as string
  return { customer, reference, land, next }
}

/** The page is no wider than the window: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
}

/**
 * Every headline figure reads on one line: it may not wrap ("₦19,738,181.⏎84"), its box is one
 * line tall, and it fits inside its card.
 */
async function expectFiguresOnOneLine(page: Page) {
  const figures = page.getByRole('main').getByTestId('figure-value')
  expect(await figures.count()).toBeGreaterThan(0)
  const measured = await figures.evaluateAll((elements) =>
    elements.map((element) => {
      const style = getComputedStyle(element)
      const card = element.closest('.card') ?? element.parentElement!
      return {
        text: element.textContent,
        whiteSpace: style.whiteSpace,
        height: element.getBoundingClientRect().height,
        lineHeight: parseFloat(style.lineHeight),
        fits: element.getBoundingClientRect().right <= card.getBoundingClientRect().right + 0.5,
      }
    }),
  )
  for (const figure of measured) {
    expect(figure.whiteSpace, String(figure.text)).toBe('nowrap')
    expect(figure.height, String(figure.text)).toBeLessThanOrEqual(figure.lineHeight + 1)
    expect(figure.fits, String(figure.text)).toBe(true)
  }
}

async function customerSeesPartPaidPlot(page: Page, request: APIRequestContext) {
  const { customer, reference, land, next } = await customerWithOnePlotPartPaid(request)
  await signIn(page, customer.email, customer.password)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()

  await expect(main.getByTestId('figure-paid')).toContainText('₦250,000.00')
  await expect(main.getByTestId('figure-paid')).toContainText('On 1 plot')
  await expect(main.getByTestId('figure-balance')).toContainText('₦750,000.00')
  await expectFiguresOnOneLine(page)
  const nextPayment = main.getByTestId('next-payment')
  await expect(nextPayment).toContainText('Next payment due')
  await expect(nextPayment).toContainText('₦250,000.00')
  await expect(nextPayment).toContainText(`Due ${shortDate(next)}`)
  await expect(nextPayment).toContainText(land.location)

  const plot = main.getByTestId('plot-progress')
  await expect(plot).toHaveCount(1)
  await expect(plot).toContainText(land.location)
  await expect(plot).toContainText(reference)
  await expect(plot.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25')
  await expect(plot.getByTestId('paid-percent')).toHaveText('25% paid')
  await expect(plot).toContainText('₦250,000.00 of ₦1,000,000.00 paid · balance ₦750,000.00')
  await expect(main.getByTestId('figure-portfolio')).toContainText('₦0.00')
  await expect(main.getByTestId('figure-next-payout')).toContainText('None yet')
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: test.info().outputPath('customer-dashboard.png'), fullPage: true })

  await nextPayment.getByRole('link', { name: 'Pay now' }).click()
  await expect(page).toHaveURL(new RegExp(`/subscriptions/${reference}/pay\\?page=1&type=land$`))
  await expect(page.getByRole('dialog', { name: 'Make payment' })).toBeVisible()
}

async function staffCountOpensItsList(page: Page, request: APIRequestContext) {
  // A payment sent and not yet confirmed.
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const land = await landWithPlan(request, admin)
  const customer = await createVerifiedUser(request, 'customer')
  const reference = await subscribe(request, customer.token, {
    type: 'land',
    product_id: land.reference,
    payment_mode: 'installment',
    payment_id: land.planUuid,
  })
  await payByApi(request, customer.token, reference, 250_000)

  await signIn(page, ADMIN.email, ADMIN.password)
  const main = page.getByRole('main')
  const cards = main.getByTestId('attention-card')
  await expect(cards.getByRole('heading')).toHaveText([
    'Payments awaiting confirmation',
    'Payouts due',
    'Subscriptions in arrears',
    'New customers this week',
  ])
  // The totals stay below, as before.
  await expect(main.getByTestId('metric-card').getByRole('heading')).toHaveText([
    'Products',
    'Customers',
    'Subscriptions',
    'Realtors',
  ])
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: test.info().outputPath('staff-dashboard.png'), fullPage: true })

  const awaiting = cards.filter({ hasText: 'Payments awaiting confirmation' })
  await awaiting.getByRole('link', { name: /^\d+ land payments?$/ }).click()
  await expect(page).toHaveURL(
    /\/subscriptions\?page=1&type=land&status=awaiting_payment_confirmation$/,
  )
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue(
    'awaiting_payment_confirmation',
  )
  await expect(page.getByTestId('subscription-card').filter({ hasText: reference })).toBeVisible()
  const statuses = await page.getByTestId('subscription-status').allTextContents()
  expect(statuses.length).toBeGreaterThan(0)
  expect(new Set(statuses)).toEqual(new Set(['Confirming payment']))

  // In arrears: the list opens with its Payments filter chosen.
  await page.goto('/')
  await cards.filter({ hasText: 'Subscriptions in arrears' }).getByRole('link').click()
  await expect(page).toHaveURL(/\/subscriptions\?page=1&type=land&due=arrears$/)
  await expect(page.getByRole('combobox', { name: 'Payments' })).toHaveValue('arrears')

  // New customers this week: the customers list from Monday, which keeps that limit through a search.
  await page.goto('/')
  await cards.filter({ hasText: 'New customers this week' }).getByRole('link').click()
  await expect(page).toHaveURL(/\/customers\?page=1&registered_from=\d{4}-\d{2}-\d{2}$/)
  await expect(page.getByTestId('active-filter')).toContainText(
    /Registered from \d{2}\/\d{2}\/\d{4}/,
  )
  const search = page.getByRole('searchbox', { name: 'Search customers' })
  await search.fill(customer.email)
  await search.press('Enter')
  await expect(page).toHaveURL(
    new RegExp(
      `search=${encodeURIComponent(customer.email).replace(/\./g, '\\.')}&registered_from=`,
    ),
  )
  await expect(page.getByText(customer.email).filter({ visible: true })).toHaveCount(1)
  await page.getByTestId('active-filter').getByRole('link', { name: 'Show all' }).click()
  await expect(page).not.toHaveURL(/registered_from/)
}

test.describe('dashboards at desktop width', () => {
  test('a customer with one plot part-paid sees paid, balance, the next payment and the plot’s progress', async ({
    page,
    request,
  }) => {
    await customerSeesPartPaidPlot(page, request)
  })

  test('a staff count opens the list filtered to those rows', async ({ page, request }) => {
    await staffCountOpensItsList(page, request)
  })

  test('a realtor sees its customers and this week’s sign-ups through its link', async ({
    page,
    request,
  }) => {
    const realtor = await createVerifiedUser(request, 'realtor')
    const referred = await createVerifiedUser(request, 'customer', {
      referral: realtor.user.reference,
    })
    await signIn(page, realtor.email, realtor.password)
    const main = page.getByRole('main')
    await expect(main.getByTestId('figure-signups')).toContainText('1')
    await expect(main.getByTestId('figure-customers')).toContainText('1')
    await expect(main.getByTestId('figure-customers-in-arrears')).toContainText(
      'In arrears0No customer has a payment overdue.',
    )
    await expectFiguresOnOneLine(page)
    const row = main.getByTestId('customer-progress')
    await expect(row).toHaveCount(1)
    await expect(row).toContainText(referred.user.reference)
    await expect(row).toContainText('Has not bought anything yet.')
  })
})

test.describe('dashboards on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('a customer with one plot part-paid sees paid, balance, the next payment and the plot’s progress', async ({
    page,
    request,
  }) => {
    await customerSeesPartPaidPlot(page, request)
  })

  test('a staff count opens the list filtered to those rows', async ({ page, request }) => {
    await staffCountOpensItsList(page, request)
  })
})
