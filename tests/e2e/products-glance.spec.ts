import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { ADMIN, apiCall, apiLogin, createVerifiedUser, signIn, uniqueEmail } from './support'
import { adminToken, createProduct, tagFor } from './subscribe-support'

const PHONE = { width: 390, height: 844 }

/** Three land products and an investment, all found by searching for the tag. */
async function catalogue(request: APIRequestContext, tag: string) {
  const token = await adminToken(request)
  const land = { type: 'land', land_type: 'plot', size: 500, size_in_measurement: 'sqm' }
  const discounted = `Palm Grove Estate ${tag}, Lekki`
  const soldOut = `Cedar Court ${tag}, Ajah`
  await createProduct(request, token, {
    ...land,
    name: discounted,
    description: `Plots ${tag} by the lagoon`,
    location: 'Lekki Phase 1, Lagos',
    amount: 4_000_000,
    discount_percentage: 25,
  })
  await createProduct(request, token, {
    ...land,
    name: soldOut,
    description: `Plots ${tag}, every one taken`,
    location: 'Ajah, Lagos',
    amount: 2_500_000,
    available_by_quantity: true,
    unit_available: 0,
  })
  const investment = `Epe Farmland Income ${tag}`
  await createProduct(request, token, {
    type: 'land_investment',
    name: investment,
    description: `Farmland income ${tag}`,
    minimum_amount: 500_000,
    investment_return: 8,
    land_investment_type: 'recurring',
    frequency_period: 3,
    interval: 'months',
    duration: 24,
  })
  const monthly = `Ogun Monthly Income ${tag}`
  await createProduct(request, token, {
    type: 'land_investment',
    name: monthly,
    description: `Monthly farmland income ${tag}`,
    minimum_amount: 250_000,
    investment_return: 2,
    land_investment_type: 'recurring',
    frequency_period: 1,
    interval: 'months',
    duration: 12,
  })
  return { discounted, soldOut, investment, monthly }
}

const cardNamed = (page: Page, name: string) =>
  page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name, exact: true }) })

async function cardsReadAtAGlance(page: Page, request: APIRequestContext) {
  const tag = tagFor('glance')
  const names = await catalogue(request, tag)
  const customer = await createVerifiedUser(request)
  await signIn(page, customer.email, customer.password)

  await page.goto(`/land-purchases?page=1&search=${tag}`)
  // The name is the card's title; the price is its hero, the old one struck through beside it.
  const discounted = cardNamed(page, names.discounted)
  await expect(discounted.getByTestId('product-price')).toContainText('₦3,000,000.00')
  const old = discounted.getByTestId('product-price').locator('del')
  await expect(old).toHaveText('Old price ₦4,000,000.00')
  await expect(discounted).toContainText('25% off')
  await expect(discounted.getByText(/PRD-/)).toBeVisible()
  await expect(discounted.getByRole('link', { name: 'Buy now' })).toBeVisible()
  await expect(discounted.getByText('Sold out')).toHaveCount(0)

  // No units left: a Sold out badge and nothing to buy.
  const soldOut = cardNamed(page, names.soldOut)
  await expect(soldOut.getByText('Sold out', { exact: true })).toBeVisible()
  await expect(soldOut.getByTestId('product-price')).toHaveText('₦2,500,000.00')
  await expect(soldOut.locator('del')).toHaveCount(0)
  await expect(soldOut.getByRole('link', { name: 'Buy now' })).toHaveCount(0)

  await page.screenshot({ path: test.info().outputPath('land-list.png'), fullPage: true })

  // The slide-over is headed by the name, the reference beneath it.
  await discounted.getByRole('heading', { name: names.discounted }).getByRole('link').click()
  const panel = page.getByRole('dialog', { name: names.discounted })
  await expect(panel).toBeVisible()
  await expect(panel.getByTestId('product-price').locator('del')).toHaveText(
    'Old price ₦4,000,000.00',
  )

  // The name alone finds a product in the search box.
  await page.goto(`/land-purchases?page=1&search=${encodeURIComponent(`Cedar Court ${tag}`)}`)
  await expect(page.getByTestId('product-card')).toHaveCount(1)
  await expect(page.getByRole('heading', { name: names.soldOut })).toBeVisible()

  // Returns in plain words with the yearly figure; never "every 1 month".
  await page.goto(`/land-investments?page=1&search=${tag}`)
  const investment = cardNamed(page, names.investment)
  await expect(investment.getByTestId('product-price')).toContainText('₦500,000.00')
  await expect(investment).toContainText('8% every 3 months (about 32% a year)')
  await expect(investment).toContainText('Paid every 3 months')
  const monthly = cardNamed(page, names.monthly)
  await expect(monthly).toContainText('2% every month (about 24% a year)')
  await expect(monthly).toContainText('Paid every month')
  await expect(page.getByText(/every 1 month|Paid Every/)).toHaveCount(0)

  // The invest breakdown adds up the profit and everything paid out.
  await investment.getByRole('link', { name: 'Invest now' }).click()
  const invest = page.getByRole('dialog', { name: names.investment })
  await expect(invest).toContainText('Returns paidPaid every 3 months')
  await invest.getByLabel('Amount').fill('1000000')
  await invest.getByRole('button', { name: 'Proceed to investments plan' }).click()
  // ₦1,000,000 at 8% every 3 months for 24 months: 8 payouts of ₦80,000, the capital with the last.
  await expect(invest.getByRole('row', { name: 'Total profit ₦640,000.00' })).toBeVisible()
  await expect(invest.getByRole('row', { name: 'Total paid out ₦1,640,000.00' })).toBeVisible()
}

test.describe('products read at a glance: desktop', () => {
  test('a card shows its name, price, discount and sold-out badge; returns read in words', async ({
    page,
    request,
  }) => {
    await cardsReadAtAGlance(page, request)
  })

  test('the filters show inline beside the search box', async ({ page, request }) => {
    const customer = await createVerifiedUser(request)
    await signIn(page, customer.email, customer.password)
    await page.goto('/land-purchases')
    await expect(page.getByLabel('Availability', { exact: true })).toBeVisible()
    await expect(page.locator('summary', { hasText: 'Filters' })).toBeHidden()
  })
})

test.describe('products read at a glance: phone', () => {
  test.use({ viewport: PHONE })

  test('a card shows its name, price, discount and sold-out badge; returns read in words', async ({
    page,
    request,
  }) => {
    await cardsReadAtAGlance(page, request)
  })

  test('filters fold behind a Filters button, the first product shows, and tap targets are 44 px', async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    const tag = tagFor('phone')
    const names = await catalogue(request, tag)
    const customer = await createVerifiedUser(request)
    await signIn(page, customer.email, customer.password)
    await page.goto(`/land-purchases?page=1&search=${tag}`)

    const availability = page.getByLabel('Availability', { exact: true })
    await expect(availability).toBeHidden()
    // The first product starts on the first screen, not below rows of filters.
    const firstCard = page.getByTestId('product-card').first()
    const box = await firstCard.boundingBox()
    expect(box).not.toBeNull()
    expect(box!.y).toBeLessThan(PHONE.height)

    for (const target of [
      page.getByRole('button', { name: 'Search', exact: true }),
      page.getByPlaceholder('Search for products'),
      page.locator('summary', { hasText: 'Filters' }),
      cardNamed(page, names.discounted).getByRole('link', { name: 'Buy now' }),
    ]) {
      const size = await target.boundingBox()
      expect(size!.height).toBeGreaterThanOrEqual(44)
    }

    await page.locator('summary', { hasText: 'Filters' }).click()
    await expect(availability).toBeVisible()
    await availability.selectOption({ label: 'Unavailable' })
    if (!javaScriptEnabled) await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page).toHaveURL(
      `/land-purchases?page=1&available_status=unavailable&search=${tag}`,
    )
    await expect(page.getByTestId('product-card')).toHaveCount(1)
    await expect(page.getByRole('heading', { name: names.soldOut })).toBeVisible()
    await expect(page.locator('summary', { hasText: 'Filters (1)' })).toBeVisible()
    // A list opened already filtered shows the filter that holds it.
    await page.goto(`/land-purchases?page=1&available_status=unavailable&search=${tag}`)
    await expect(availability).toBeVisible()
    await expect(availability).toHaveValue('unavailable')
  })
})

async function customersByName(request: APIRequestContext, tag: string) {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const firstNames = ['Ngozi', 'adaeze', 'Tunde', 'Bisi']
  for (const first_name of firstNames) {
    const made = await apiCall(request, 'POST', 'admin/customer', {
      token: admin,
      body: { first_name, last_name: tag, email: uniqueEmail(`sort-${tag}`) },
    })
    expect(made.status, made.message).toBe('200')
  }
}

test.describe('people lists sort by a column', () => {
  test('on a desktop the column headers sort, keeping the search, with aria-sort', async ({
    page,
    request,
  }) => {
    const tag = tagFor('sort')
    await customersByName(request, tag)
    await signIn(page, ADMIN.email, ADMIN.password)
    await page.goto(`/customers?page=1&search=${tag}`)
    const names = page.getByTestId('person-row').locator('td:nth-child(2)')
    await expect(names).toHaveText([`Bisi ${tag}`, `Tunde ${tag}`, `adaeze ${tag}`, `Ngozi ${tag}`])
    const nameHeader = page.getByRole('columnheader', { name: /^Name/ })
    await expect(nameHeader).not.toHaveAttribute('aria-sort')
    await expect(page.getByRole('columnheader', { name: /^Date registered/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    )

    await nameHeader.getByRole('link').click()
    await expect(page).toHaveURL(`/customers?page=1&search=${tag}&sort=name&dir=asc`)
    await expect(names).toHaveText([`adaeze ${tag}`, `Bisi ${tag}`, `Ngozi ${tag}`, `Tunde ${tag}`])
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending')

    await nameHeader.getByRole('link').click()
    await expect(page).toHaveURL(`/customers?page=1&search=${tag}&sort=name&dir=desc`)
    await expect(names).toHaveText([`Tunde ${tag}`, `Ngozi ${tag}`, `Bisi ${tag}`, `adaeze ${tag}`])
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending')

    // Searching again keeps the sort.
    const box = page.getByPlaceholder('Search customers')
    await box.fill(`${tag}`)
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`sort=name&dir=desc`))
    await expect(names).toHaveText([`Tunde ${tag}`, `Ngozi ${tag}`, `Bisi ${tag}`, `adaeze ${tag}`])
  })

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE })
    test('the sorted address orders the cards', async ({ page, request }) => {
      const tag = tagFor('sortp')
      await customersByName(request, tag)
      await signIn(page, ADMIN.email, ADMIN.password)
      await page.goto(`/customers?page=1&search=${tag}&sort=name&dir=asc`)
      // On a phone each row is a card: the name on its own line above the labelled facts.
      const first = page.getByTestId('person-row').first()
      const name = first.getByRole('cell', { name: `adaeze ${tag}`, exact: true })
      const email = first.getByRole('cell', { name: /@/ })
      // The label is the cell's ::before (data-label), which is not text in the page.
      expect(await email.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe(
        '"Email"',
      )
      const [nameBox, emailBox] = [await name.boundingBox(), await email.boundingBox()]
      expect(nameBox!.y + nameBox!.height).toBeLessThanOrEqual(emailBox!.y)
      expect(emailBox!.width).toBeGreaterThan(PHONE.width / 2)
      await expect(page.getByTestId('person-row').locator('td:nth-child(2)')).toHaveText([
        `adaeze ${tag}`,
        `Bisi ${tag}`,
        `Ngozi ${tag}`,
        `Tunde ${tag}`,
      ])
    })
  })
})
