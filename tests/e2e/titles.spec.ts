import { expect, test, type Page } from '@playwright/test'
import { tinyPdf } from '../support/images'
import {
  card,
  markByApi,
  panel,
  paymentAwaitingConfirmation,
  settledPanel,
  toast,
} from './payments-support'
import {
  ADMIN,
  apiCall,
  apiLogin,
  createStaffUser,
  createVerifiedUser,
  signIn,
  waitForMail,
} from './support'

/** The title tracker: after the last payment, staff record each step and the customer follows it. */

const RECORDED = 'Title step recorded; the customer has been told'

/** Today in Lagos as the date box shows it (the browser here runs in UTC; the server's dates are Lagos days). */
function todayBox() {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date())
}

/** A land purchase paid in full and confirmed by staff: a purchase with a title timeline. */
async function fullyPaidPurchase(request: Parameters<typeof apiLogin>[0]) {
  const { admin, land, customer, reference, trx } = await paymentAwaitingConfirmation(request)
  await markByApi(request, admin, trx, 'paid')
  return { admin, land, customer, reference }
}

async function recordStep(
  page: Page,
  step: string,
  fill: (form: ReturnType<typeof panel>) => Promise<void> = async () => {},
) {
  const form = panel(page)
  await form.getByLabel('Step', { exact: true }).selectOption({ label: `${step} (next)` })
  await form.getByLabel('Date', { exact: true }).fill(todayBox())
  await fill(form)
  await form.getByRole('button', { name: 'Record step' }).click()
  await expect(toast(page)).toContainText(RECORDED)
  await expect(
    panel(page)
      .getByTestId('title-step')
      .filter({ hasText: step })
      .getByTestId('title-step-status'),
  ).not.toHaveText('Pending')
}

test('a fully paid purchase: staff record each step from /titles, the customer follows the timeline, its notifications and e-mails', async ({
  page,
  request,
}) => {
  // Five steps recorded through the form, then the customer's side: a long walk through the app.
  test.slow()
  const { admin, customer, reference } = await fullyPaidPurchase(request)
  const staff = await createStaffUser(request, ['can_manage_titles'])
  // The plot to allocate, in the registry: the product sells no estate's plots, so any free plot may be chosen.
  const estateName = `Palm Grove ${Date.now().toString(36)}`
  const estate = await apiCall(request, 'POST', 'admin/estate', {
    token: admin,
    body: { name: estateName, address: 'Epe, Lagos', utm_zone: '31N' },
  })
  expect(estate.status, estate.message).toBe('200')
  const plot = await apiCall(request, 'POST', `admin/estate/${estate.data.id}/plot`, {
    token: admin,
    body: { block: '4', number: '12', size_sqm: 500 },
  })
  expect(plot.status, plot.message).toBe('200')

  await signIn(page, staff.email, staff.password)
  await page.getByRole('navigation').getByRole('link', { name: 'Titles' }).first().click()
  await expect(page.getByRole('heading', { name: 'Titles', level: 1 })).toBeVisible()
  await page.getByRole('search').getByRole('searchbox').fill(reference)
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(new RegExp(`/titles\\?page=1&search=${reference}`))
  const row = page.getByTestId('title-row').filter({ hasText: reference })
  await expect(row).toContainText('Allocation letter issued')
  await expect(row).toContainText('0 days')
  await row.getByRole('link', { name: `Open the title of ${reference}` }).click()
  await expect(page).toHaveURL(new RegExp(`/titles/${reference}\\?page=1&search=${reference}`))
  await expect(panel(page).getByRole('heading', { name: 'Title documents' })).toBeVisible()
  await expect(panel(page).getByTestId('title-step').first()).toContainText('Payment completed')
  await expect(panel(page).getByTestId('title-step').first()).toContainText('Done')

  // A date in the future is refused under its field, keeping what was typed.
  await panel(page).getByLabel('Date', { exact: true }).fill('01/01/2099')
  await panel(page).getByLabel('Note').fill('Collect the original at the Lekki office')
  await panel(page).getByRole('button', { name: 'Record step' }).click()
  await expect(panel(page).getByText('The date cannot be in the future')).toBeVisible()
  await expect(panel(page).getByLabel('Note')).toHaveValue(
    'Collect the original at the Lekki office',
  )

  await recordStep(page, 'Allocation letter issued', async (form) => {
    await form.getByLabel('Document').setInputFiles({
      name: 'allocation-letter.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(tinyPdf()),
    })
  })
  await recordStep(page, 'Plot allocated', async (form) => {
    await form
      .getByLabel('Plot', { exact: true })
      .selectOption({ label: `${estateName}, Block 4 plot 12 (500 m²)` })
  })
  await recordStep(page, 'Survey plan ready')
  await recordStep(page, 'Deed of assignment signed')
  await recordStep(page, 'Certificate of Occupancy', (form) =>
    form.getByLabel(/Not applicable/).check(),
  )
  await expect(panel(page).getByTestId('title-next')).toHaveText('Every step is complete.')
  await panel(page).getByRole('link', { name: 'Close' }).click()
  await expect(page).toHaveURL(new RegExp(`/titles\\?page=1&search=${reference}$`))
  await expect(page.getByTestId('title-row')).toHaveCount(0)

  // The customer: the card's "Title documents" opens the same timeline, read-only, with the document.
  await page.context().clearCookies()
  await signIn(page, customer.email, customer.password)
  await page.goto('/subscriptions?page=1&type=land')
  await card(page, reference).getByRole('link', { name: 'Title documents' }).click()
  await expect(page).toHaveURL(`/subscriptions/${reference}/title?page=1&type=land`)
  const steps = panel(page).getByTestId('title-step')
  await expect(steps).toHaveCount(6)
  await expect(steps.nth(1)).toContainText('Allocation letter issued')
  await expect(steps.nth(1)).toContainText(`Date${todayBox()}`)
  await expect(steps.nth(1)).toContainText('NoteCollect the original at the Lekki office')
  await expect(steps.nth(2)).toContainText(`PlotEstate ${estateName}, Block 4, Plot 12`)
  await expect(steps.nth(5)).toContainText('Not applicable')
  await expect(panel(page).getByRole('button', { name: 'Record step' })).toHaveCount(0)
  const download = steps.nth(1).getByRole('link', { name: /Download document/ })
  const file = await page.request.get((await download.getAttribute('href'))!)
  expect(file.status()).toBe(200)
  expect(file.headers()['content-type']).toBe('application/pdf')
  expect((await file.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-')

  // Each step told the customer: a notification linking to the timeline, and an e-mail in plain words.
  await page.goto('/?notifications=1')
  const notifications = page.getByRole('dialog', { name: 'Your notifications' })
  const plotNote = notifications
    .getByRole('listitem')
    .filter({ hasText: `Estate ${estateName}, Block 4, Plot 12` })
  await expect(plotNote).toContainText('Next comes your survey plan, expected by')
  await plotNote.getByRole('link', { name: /Open the title documents/ }).click()
  await expect(page).toHaveURL(`/subscriptions/${reference}/title?page=1&type=land`)
  await expect(panel(page).getByRole('heading', { name: 'Title documents' })).toBeVisible()

  const letter = await waitForMail(customer.email, { contains: /Allocation letter issued/ })
  expect(letter).toContain(`Your allocation letter for ${reference} was issued on ${todayBox()}.`)
  expect(letter).toContain('Note: Collect the original at the Lekki office')
  expect(letter).toContain(
    'Next comes the allocation of your plot (estate, block and plot numbers), expected by',
  )
  expect(letter).toContain(`/subscriptions/${reference}/title?page=1&type=land`)
  for (const subject of ['Plot allocated', 'Survey plan ready', 'Deed of assignment signed']) {
    expect(
      await waitForMail(customer.email, {
        contains: new RegExp(`Title update for ${reference}: ${subject}`),
      }),
    ).toContain(reference)
  }
  const last = await waitForMail(customer.email, { contains: /Certificate of Occupancy/ })
  expect(last).toContain('A Certificate of Occupancy does not apply to your land')
  expect(last).toContain('your title documents are complete')

  // The allocation letter now names the plot.
  const pdf = await page.request.get(`/subscriptions/${reference}/land-document?page=1&type=land`)
  expect(pdf.status()).toBe(200)
})

test('staff without the permission get no Titles entry and are refused the page; another customer cannot open the timeline', async ({
  page,
  request,
}) => {
  const { reference } = await fullyPaidPurchase(request)
  const staff = await createStaffUser(request, ['can_view_customer'])
  await signIn(page, staff.email, staff.password)
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Titles' })).toHaveCount(0)
  await page.goto('/titles')
  await expect(page.getByText('Access denied')).toBeVisible()

  const other = await createVerifiedUser(request)
  await page.context().clearCookies()
  await signIn(page, other.email, other.password)
  await page.goto(`/subscriptions/${reference}/title?page=1&type=land`)
  await expect(toast(page)).toContainText('Subscription not found')
  await expect(page).toHaveURL('/subscriptions?page=1&type=land')
  const answer = await apiCall(request, 'GET', `product-subscription/${reference}/title`, {
    token: other.token,
  })
  expect(answer.status).toBe('notFound')
})

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the /titles list and the title panel with its form fit the screen', async ({
    page,
    request,
  }) => {
    const { reference } = await fullyPaidPurchase(request)
    await signIn(page, ADMIN.email, ADMIN.password)
    await page.goto(`/titles?page=1&search=${reference}`)
    // On a phone each row is a card: the customer's name first, then the labelled facts.
    const cardOnPhone = page.getByTestId('title-row').filter({ hasText: reference })
    await expect(cardOnPhone).toContainText('Allocation letter issued')
    const nextStep = cardOnPhone.getByRole('cell', { name: /Allocation letter issued/ })
    expect(await nextStep.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe(
      '"Next step"',
    )
    const [nameBox, stepBox] = [
      await cardOnPhone.getByRole('cell').nth(1).boundingBox(),
      await nextStep.boundingBox(),
    ]
    expect(nameBox!.y + nameBox!.height).toBeLessThanOrEqual(stepBox!.y)
    const openBox = await cardOnPhone
      .getByRole('link', { name: `Open the title of ${reference}` })
      .boundingBox()
    expect(openBox!.height).toBeGreaterThanOrEqual(44)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.screenshot({ path: test.info().outputPath('titles-list-phone.png'), fullPage: true })

    await cardOnPhone.getByRole('link', { name: `Open the title of ${reference}` }).click()
    const button = panel(page).getByRole('button', { name: 'Record step' })
    await button.scrollIntoViewIfNeeded()
    await expect(button).toBeVisible()
    await settledPanel(page)
    for (const box of [
      await button.boundingBox(),
      await panel(page).getByLabel('Plot', { exact: true }).boundingBox(),
    ]) {
      expect(box!.x).toBeGreaterThanOrEqual(0)
      expect(box!.x + box!.width).toBeLessThanOrEqual(390)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.screenshot({ path: test.info().outputPath('title-panel-phone.png') })
  })
})

test.describe('the site map of a customer plot, at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the customer opens the site map from the title tracker: its plot as "Yours", the others only free or taken', async ({
    page,
    request,
  }) => {
    const { admin, customer, reference } = await fullyPaidPurchase(request)
    const estateName = `Map Gardens ${Date.now().toString(36)}`
    const estate = await apiCall(request, 'POST', 'admin/estate', {
      token: admin,
      body: { name: estateName, address: 'Epe, Lagos', utm_zone: '31N' },
    })
    expect(estate.status, estate.message).toBe('200')
    const ids: string[] = []
    for (const number of ['1', '2', '3']) {
      const plot = await apiCall(request, 'POST', `admin/estate/${estate.data.id}/plot`, {
        token: admin,
        body: { block: 'A', number, size_sqm: 500 },
      })
      expect(plot.status, plot.message).toBe('200')
      ids.push(plot.data.id)
    }
    // Another buyer holds plot 2: the customer may learn it is taken, never by whom.
    const other = await fullyPaidPurchase(request)
    for (const [ref, plotId] of [
      [reference, ids[0]],
      [other.reference, ids[1]],
    ]) {
      for (const body of [
        { step: 'allocation_letter', date: todayIso() },
        { step: 'plot_allocated', date: todayIso(), plot_ids: [plotId] },
      ]) {
        const done = await apiCall(request, 'POST', `admin/product-subscription/${ref}/title`, {
          token: admin,
          body,
        })
        expect(done.status, done.message).toBe('200')
      }
    }

    await signIn(page, customer.email, customer.password)
    await page.goto(`/subscriptions/${reference}/title`)
    const link = panel(page).getByRole('link', {
      name: `See the plot on the site map of ${estateName}`,
    })
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    await link.click()
    await expect(page).toHaveURL(`/estates/${estate.data.id}`)
    const map = page.getByTestId('site-map').locator('svg')
    await expect(map).toHaveAttribute('role', 'img')
    await expect(map.locator('desc')).toContainText('Yours: 1. Free: 1. Taken: 1.')
    await expect(map.locator('desc')).toContainText('Your plots: Block A plot 1.')
    const body = await page.content()
    for (const secret of [other.customer.email, other.reference]) expect(body).not.toContain(secret)
    await expect(page.getByRole('button', { name: 'Add plot' })).toHaveCount(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })
})

/** Today in Lagos as the API takes dates. */
function todayIso() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date())
}

test('staff pick the plot to allocate by clicking it on the site map: it fills the select, and the step records it', async ({
  page,
  request,
}) => {
  const { admin, land, reference } = await fullyPaidPurchase(request)
  const estateName = `Pick Gardens ${Date.now().toString(36)}`
  const estate = await apiCall(request, 'POST', 'admin/estate', {
    token: admin,
    body: { name: estateName, address: 'Epe, Lagos', utm_zone: '31N' },
  })
  expect(estate.status, estate.message).toBe('200')
  for (const number of ['1', '2']) {
    const plot = await apiCall(request, 'POST', `admin/estate/${estate.data.id}/plot`, {
      token: admin,
      body: { block: 'A', number, size_sqm: 500 },
    })
    expect(plot.status, plot.message).toBe('200')
  }
  // The product sells this estate's plots: its site map shows beside the select.
  const linked = await apiCall(request, 'POST', `admin/product/${land.reference}`, {
    token: admin,
    body: {
      type: 'land',
      description: 'Plots of the registry',
      location: 'Epe, Lagos',
      amount: 900_000,
      size: 500,
      size_in_measurement: 'sqm',
      estate_id: estate.data.id,
    },
  })
  expect(linked.status, linked.message).toBe('200')
  const letter = await apiCall(request, 'POST', `admin/product-subscription/${reference}/title`, {
    token: admin,
    body: { step: 'allocation_letter', date: todayIso() },
  })
  expect(letter.status, letter.message).toBe('200')

  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto(`/titles/${reference}`)
  const map = panel(page).getByTestId('pick-map')
  await map.getByRole('link', { name: 'Block A, plot 2: 500 m², free' }).click()
  await expect(page).toHaveURL(/[?&]plot=[0-9a-f-]{36}#plot-choice$/)
  const form = panel(page)
  await expect(form.getByLabel('Step', { exact: true })).toHaveValue('plot_allocated')
  await expect(form.getByLabel('Plot', { exact: true }).locator('option:checked')).toHaveText(
    `${estateName}, Block A plot 2 (500 m²)`,
  )
  await form.getByLabel('Date', { exact: true }).fill(todayBox())
  await form.getByRole('button', { name: 'Record step' }).click()
  await expect(toast(page)).toContainText(RECORDED)
  await expect(
    panel(page).getByTestId('title-step').filter({ hasText: 'Plot allocated' }),
  ).toContainText('Block A, Plot 2')
})
