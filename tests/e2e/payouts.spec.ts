import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { httpClient, serverPort, startServer } from '../support/server'
import {
  expectOk,
  investmentProduct,
  markByApi,
  payByApi,
  proofPng,
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
} from './support'

/** Today in Lagos, as the API dates payouts. */
const lagosToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date())

async function fitsPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  await page.waitForLoadState('networkidle')
  const { scrollWidth, clientWidth, wide } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    // What sticks out, to say why when it does.
    wide: [...document.querySelectorAll('main *')]
      .filter(
        (element) =>
          element.getBoundingClientRect().right > document.documentElement.clientWidth + 1,
      )
      .map((element) => `${element.tagName}.${element.className}`.slice(0, 60))
      .slice(0, 4),
  }))
  expect(scrollWidth, wide.join(' | ')).toBeLessThanOrEqual(clientWidth)
  await page.setViewportSize({ width: 1280, height: 900 })
}

/**
 * The returns chart as the investor reads it at `width` px: its amount axis, its dates and the
 * value received are drawn, in text of 11 px or more, and no two labels touch.
 */
async function expectChartReadable(
  page: Page,
  width: number,
  { amounts, received }: { amounts: string[]; received: string },
) {
  await page.setViewportSize({ width, height: 900 })
  await page.reload()
  const chart = page.getByRole('img', { name: /Cumulative returns, expected against received/ })
  await expect(chart).toBeVisible()
  for (const amount of amounts)
    await expect(chart.locator('[data-tick="amount"]', { hasText: amount })).toBeVisible()
  await expect(
    chart.locator('[data-value="received"]').filter({ hasText: new RegExp(`^${received}$`) }),
  ).toBeVisible()
  const dates = chart.locator('[data-tick="date"]')
  expect(await dates.count()).toBeGreaterThanOrEqual(2)
  for (const date of await dates.allTextContents())
    expect(date).toMatch(/^([A-Z][a-z]{2} \d{4}|\d{2}\/\d{2}\/\d{4})$/)
  await expect(dates.first()).toBeVisible()
  const drawn = await chart.evaluate((svg) => {
    const scale = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width
    const texts = [...svg.querySelectorAll('text')].map((text) => ({
      text: text.textContent,
      px: parseFloat(getComputedStyle(text).fontSize) * scale,
      box: text.getBoundingClientRect(),
    }))
    const touching = texts.flatMap((a, index) =>
      texts
        .slice(index + 1)
        .filter(
          (b) =>
            a.box.left < b.box.right &&
            b.box.left < a.box.right &&
            a.box.top < b.box.bottom &&
            b.box.top < a.box.bottom,
        )
        .map((b) => `${a.text} / ${b.text}`),
    )
    return { smallest: Math.min(...texts.map((text) => text.px)), touching }
  })
  expect(drawn.smallest).toBeGreaterThanOrEqual(11)
  expect(drawn.touching).toEqual([])
}

test('an investment is confirmed, staff record payouts paid, the investor sees them paid, in the totals and the chart, and is told', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  // ₦300,000 at 10 % every 3 months for 12 months: four payouts of ₦30,000, the last with the ₦300,000.
  const product = await investmentProduct(request, admin)
  const investor = await createVerifiedUser(request)
  const reference = await subscribe(request, investor.token, {
    type: 'land_investment',
    product_id: product,
    amount_invested: 300_000,
  })
  await markByApi(
    request,
    admin,
    await payByApi(request, investor.token, reference, 300_000),
    'paid',
  )
  const ledger = await apiCall(request, 'GET', `product-subscription/${reference}/payout`, {
    token: investor.token,
  })
  await expectOk(ledger)
  expect(ledger.data.map((row: { amount: number }) => row.amount)).toEqual([
    30_000, 30_000, 30_000, 330_000,
  ])

  // Staff who record payouts: the first one alone, with a proof; then two more ticked together.
  const recorder = await createStaffUser(request, ['can_record_payout'])
  await signIn(page, recorder.email, recorder.password)
  await expect(
    page.getByRole('navigation').getByRole('link', { name: 'Payouts' }).first(),
  ).toBeVisible()
  await page.goto(`/payouts?status=scheduled&search=${reference}`)
  await expect(page.getByTestId('payout-tab-scheduled')).toContainText('Scheduled')
  await expect(page.getByTestId('payout-total')).toContainText('4 payouts, total ₦420,000.00')
  await expect(page.getByLabel('Date paid')).toHaveValue(shortDate(lagosToday()))
  // A date in the future is refused under its field, keeping what was typed.
  const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)
  await page.getByLabel('Date paid').fill(shortDate(tomorrow))
  await page.getByLabel('Bank reference').fill('GTB-0001')
  await page.getByRole('button', { name: `Record ${reference}, payout 1 as paid` }).click()
  await expect(page.getByText('Date paid cannot be in the future')).toBeVisible()
  await expect(page.getByLabel('Bank reference')).toHaveValue('GTB-0001')
  // So is a day before the investment was made.
  await page.getByLabel('Date paid').fill('01/01/1999')
  await page.getByRole('button', { name: `Record ${reference}, payout 1 as paid` }).click()
  await expect(
    page.getByText(
      `Date paid cannot be before the investment started (${shortDate(lagosToday())})`,
    ),
  ).toBeVisible()
  await expect(page.getByLabel('Bank reference')).toHaveValue('GTB-0001')
  await page.getByLabel('Date paid').fill(shortDate(lagosToday()))
  // Paid before its due date: asked to confirm first, nothing recorded.
  await page.getByRole('button', { name: `Record ${reference}, payout 1 as paid` }).click()
  await expect(
    page.getByText(
      `This payout is not due until ${shortDate(ledger.data[0].due_date)}: tick "Paid before the due date" to record it paid early`,
    ),
  ).toBeVisible()
  await expect(page.getByTestId('payout-total')).toContainText('4 payouts, total ₦420,000.00')
  await page.getByLabel('Paid before the due date').check()
  await page.getByLabel('Proof of payment (optional)').setInputFiles({
    name: 'payout.png',
    mimeType: 'image/png',
    buffer: proofPng(),
  })
  await page.getByRole('button', { name: `Record ${reference}, payout 1 as paid` }).click()
  await expect(toast(page)).toContainText('Payout recorded as paid')
  await expect(page.getByTestId('payout-total')).toContainText('3 payouts, total ₦390,000.00')

  await page.getByLabel('Bank reference').fill('GTB-0002')
  await page.getByLabel(`Select ${reference}, payout 2`).check()
  await page.getByLabel(`Select ${reference}, payout 3`).check()
  await page.getByRole('button', { name: 'Record selected as paid' }).click()
  await expect(page.getByText('2 of these payouts are not due yet')).toBeVisible()
  // The payouts chosen stay ticked for the second submit.
  await expect(page.getByLabel(`Select ${reference}, payout 2`)).toBeChecked()
  await expect(page.getByLabel(`Select ${reference}, payout 3`)).toBeChecked()
  await page.getByLabel('Paid before the due date').check()
  await page.getByRole('button', { name: 'Record selected as paid' }).click()
  await expect(toast(page)).toContainText('2 payouts recorded as paid')
  await page.getByTestId('payout-tab-paid').click()
  await expect(page).toHaveURL(/status=paid/)
  const paidRows = page.getByTestId('payout-row').filter({ hasText: reference })
  await expect(paidRows).toHaveCount(3)
  await expect(paidRows.filter({ hasText: 'Payout 1' })).toContainText(
    `Paid ${shortDate(lagosToday())} (early) · Bank reference GTB-0001`,
  )
  await fitsPhone(page)

  // The investor: the totals, the chart, the ledger, the notification.
  await page.context().clearCookies()
  await signIn(page, investor.email, investor.password)
  await page.goto('/investment-portfolio')
  const summary = page.getByTestId('portfolio-summary')
  await expect(summary).toContainText('Total invested₦300,000.00')
  await expect(summary).toContainText('Returns received₦90,000.00')
  await expect(summary).toContainText('Returns still expected₦30,000.00')
  await expect(summary).toContainText(
    `Next payout₦330,000.00On ${shortDate(ledger.data[3].due_date)}`,
  )
  const chart = page.getByRole('img', {
    name: /Cumulative returns, expected against received/,
  })
  await expect(chart).toBeVisible()
  await expect(
    page.getByRole('table', { name: 'Cumulative returns by date' }).getByRole('row'),
  ).toHaveCount(6)
  await expect(page.locator('figcaption')).toContainText(
    '₦120,000.00 expected in all, ₦90,000.00 received so far.',
  )
  // The axes say amounts and dates, and the point says what was received: in full on a wide
  // screen (from the narrowest that gets the wide drawing), in short on a phone, where the full figures are in the description above.
  await expectChartReadable(page, 390, { amounts: ['₦0', '₦50k', '₦150k'], received: '₦90k' })
  for (const width of [768, 1280])
    await expectChartReadable(page, width, {
      amounts: ['₦0.00', '₦50,000.00', '₦150,000.00'],
      received: '₦90,000.00',
    })

  await page
    .getByTestId('subscription-card')
    .filter({ hasText: reference })
    .getByRole('link', { name: 'Payouts' })
    .click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(`Payouts: ${reference}`)
  const rows = dialog.getByTestId('ledger-row')
  await expect(rows).toHaveCount(4)
  await expect(rows.nth(0)).toContainText('Paid')
  await expect(rows.nth(0)).toContainText(
    `Paid on${shortDate(lagosToday())} (early: due ${shortDate(ledger.data[0].due_date)})`,
  )
  await expect(rows.nth(0)).toContainText('Bank referenceGTB-0001')
  await expect(rows.nth(0)).toContainText('Recorded byBola Staff')
  await expect(rows.nth(3)).toContainText('Payout 4 (with the amount invested)')
  await expect(rows.nth(3)).toContainText('Scheduled')
  await fitsPhone(page)

  const notifications = await apiCall(request, 'GET', 'notification', {
    token: investor.token,
  })
  const paid = notifications.data.items.filter(
    (item: { title: string }) => item.title === 'Payout paid',
  )
  expect(paid).toHaveLength(3)
  expect(paid[0].link).toBe(`/investment-portfolio/${reference}/payouts`)
})

test('a payout account just set holds the investor payouts: staff see until when and cannot record them; so does the investor', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const product = await investmentProduct(request, admin)
  const investor = await createVerifiedUser(request)
  const reference = await subscribe(request, investor.token, {
    type: 'land_investment',
    product_id: product,
    amount_invested: 300_000,
  })
  await markByApi(
    request,
    admin,
    await payByApi(request, investor.token, reference, 300_000),
    'paid',
  )
  const account = {
    bank: 'gtbank',
    account_number: '0123456789',
    account_name: 'Chidi Okafor',
    current_password: investor.password,
  }
  const dayBefore = shortDate(lagosToday())
  await expectOk(
    await apiCall(request, 'POST', 'account/profile', { token: investor.token, body: account }),
  )
  // The change is dated the day it was made in Lagos, which may have ended while the test ran.
  const changedOn = [...new Set([dayBefore, shortDate(lagosToday())])].join('|')
  const hold = new RegExp(
    `Payout account changed on (${changedOn}): held until \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}`,
  )

  const recorder = await createStaffUser(request, ['can_record_payout'])
  await signIn(page, recorder.email, recorder.password)
  await page.goto(`/payouts?status=scheduled&search=${reference}`)
  const rows = page.getByTestId('payout-row')
  await expect(rows).toHaveCount(4)
  await expect(rows.first().getByTestId('payout-hold')).toHaveText(hold)
  await expect(
    page.getByRole('button', { name: `Record ${reference}, payout 1 as paid` }),
  ).toHaveCount(0)
  await expect(page.getByLabel(`Select ${reference}, payout 1`)).toHaveCount(0)
  await fitsPhone(page)

  await page.context().clearCookies()
  await signIn(page, investor.email, investor.password)
  await page.goto(`/investment-portfolio/${reference}/payouts`)
  await expect(
    page.getByRole('dialog').getByTestId('ledger-row').first().getByTestId('payout-hold'),
  ).toHaveText(hold)
})

test('a customer, and staff without can_record_payout, do not get the payouts page', async ({
  page,
  request,
}) => {
  const customer = await createVerifiedUser(request)
  await signIn(page, customer.email, customer.password)
  await expect(page.getByRole('link', { name: 'Payouts', exact: true })).toHaveCount(0)
  const answer = await page.goto('/payouts')
  expect(answer?.status()).toBe(403)
  await expect(page.getByText('Access denied')).toBeVisible()
})

test.describe('late payouts', () => {
  test.describe.configure({ timeout: 180_000 })

  test('a payout past its grace days shows under Late on /payouts and on the investor portfolio', async ({
    page,
  }, testInfo) => {
    // A server of its own: its database is moved back in time between two runs (the payout's date),
    // then its daily job, run at start, moves the payout to late.
    const port = serverPort(30 + (testInfo.project.name === 'no-js' ? 1 : 0))
    let server = await startServer({ port })
    const dataDir = server.dataDir
    try {
      const client = httpClient(server)
      const login = async (email: string, password: string) =>
        (await client.call('POST', 'auth/login', { body: { email, password } })).data
          .token as string
      const admin = await login(ADMIN.email, ADMIN.password)
      const ok = async (method: string, apiPath: string, token: string, body?: unknown) => {
        const answer = await client.call(method, apiPath, { token, body })
        expect(answer.status, `${apiPath}: ${answer.message}`).toBe('200')
        return answer.data
      }
      await ok('POST', 'admin/setting', admin, {
        type: 'bank_details',
        account_number: '0123456789',
        account_name: 'Land Banking Ltd',
        bank_name: 'Zenith Bank',
      })
      const product = await ok('POST', 'admin/product', admin, {
        type: 'land_investment',
        name: 'Late farmland',
        description: 'Farmland that pays every month',
        minimum_amount: 100_000,
        investment_return: 5,
        land_investment_type: 'recurring',
        frequency_period: 1,
        interval: 'months',
        duration: 3,
      })
      const email = `late-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`
      const registered = await client.call('POST', 'auth/register', {
        body: {
          email,
          password: 'password-123',
          first_name: 'Amaka',
          last_name: 'Late',
          role: 'customer',
        },
      })
      const investor = registered.data.token as string
      await ok('POST', 'verify-email', investor, {
        otp: codeFrom(await client.mail(email)),
      })
      const sub = await ok('POST', 'product-subscription', investor, {
        type: 'land_investment',
        product_id: product.reference,
        amount_invested: 200_000,
      })
      const proof = await ok('POST', 'media/upload', investor, {
        file_name: 'transfer.png',
        file_in_base64: proofPng().toString('base64'),
        file_extension: 'png',
        folder_path: 'proofs',
      })
      const trx = await ok('POST', `product-subscription/${sub.reference}/transaction`, investor, {
        amount: 200_000,
        proof_of_payment: proof.file_url,
        paid_at: new Date(Date.now() - 3_600_000).toISOString(),
      })
      await ok('POST', 'admin/mark-transaction', admin, {
        reference: trx.reference,
        status: 'paid',
      })
      const [first] = await ok('GET', `product-subscription/${sub.reference}/payout`, investor)
      expect(first.status).toBe('scheduled')
      await ok('POST', 'account/profile', investor, {
        bank: 'gtbank',
        account_number: '0123456789',
        account_name: 'Amaka Late',
        current_password: 'password-123',
      })
      await server.stop()

      // Ten days ago: past the three grace days.
      const { PGlite } = await import('@electric-sql/pglite')
      const db = new PGlite(path.join(dataDir, 'pglite'))
      await db.query(
        `update payouts set due_date = (now() at time zone 'Africa/Lagos')::date - 10 where uuid = $1`,
        [first.id],
      )
      // The payout account was set four days ago: its hold is over.
      await db.query(`update profiles set payout_account_changed_at = now() - interval '4 days'`)
      await db.close()

      server = await startServer({ port, dataDir, env: { JOBS: 'true' } })
      const restarted = httpClient(server)
      await expect
        .poll(
          async () =>
            (
              await restarted.call('GET', `product-subscription/${sub.reference}/payout`, {
                token: investor,
              })
            ).data?.[0]?.status,
          {
            timeout: 30_000,
          },
        )
        .toBe('late')

      await page.goto(`${server.url}/login`)
      await page.getByLabel('Email').fill(ADMIN.email)
      await page.getByLabel('Password').fill(ADMIN.password)
      await page.getByRole('button', { name: 'Sign In' }).click()
      await expect(page).not.toHaveURL(/\/login/)
      await page.goto(`${server.url}/payouts?status=late`)
      await expect(page.getByTestId('payout-tab-late')).toContainText('Late (1)')
      await expect(page.getByTestId('payout-tab-late')).toContainText('₦10,000.00')
      const row = page.getByTestId('payout-row').filter({ hasText: sub.reference })
      await expect(row).toContainText('Late by 10 days')
      await expect(row).toContainText('Amaka Late')
      await fitsPhone(page)

      await page.context().clearCookies()
      await page.goto(`${server.url}/login`)
      await page.getByLabel('Email').fill(email)
      await page.getByLabel('Password').fill('password-123')
      await page.getByRole('button', { name: 'Sign In' }).click()
      await expect(page).not.toHaveURL(/\/login/)
      await page.goto(`${server.url}/investment-portfolio`)
      await expect(page.getByTestId('portfolio-summary')).toContainText(
        'Late payouts1 (₦10,000.00)',
      )
      const late = page.getByTestId('late-payouts')
      await expect(late).toContainText('One payout is late')
      await expect(late).toContainText(`${sub.reference}, payout 1`)
      await expect(late).toContainText('late by 10 days')
      await fitsPhone(page)

      // Recorded paid, the payout keeps the account it went into: on /payouts and in the investor's panel.
      await page.context().clearCookies()
      await page.goto(`${server.url}/login`)
      await page.getByLabel('Email').fill(ADMIN.email)
      await page.getByLabel('Password').fill(ADMIN.password)
      await page.getByRole('button', { name: 'Sign In' }).click()
      await expect(page).not.toHaveURL(/\/login/)
      await page.goto(`${server.url}/payouts?status=late`)
      await page.getByLabel('Bank reference').fill('GTB-LATE-1')
      await page.getByRole('button', { name: `Record ${sub.reference}, payout 1 as paid` }).click()
      await expect(toast(page)).toContainText('Payout recorded as paid')
      await page.goto(`${server.url}/payouts?status=paid&search=${sub.reference}`)
      await expect(page.getByTestId('payout-row').first()).toContainText(
        'Paid to Guaranty Trust Bank (GTBank) · 0123456789 · Amaka Late',
      )
      await page.context().clearCookies()
      await page.goto(`${server.url}/login`)
      await page.getByLabel('Email').fill(email)
      await page.getByLabel('Password').fill('password-123')
      await page.getByRole('button', { name: 'Sign In' }).click()
      await expect(page).not.toHaveURL(/\/login/)
      await page.goto(`${server.url}/investment-portfolio/${sub.reference}/payouts`)
      await expect(page.getByRole('dialog').getByTestId('ledger-row').first()).toContainText(
        'Paid toGuaranty Trust Bank (GTBank) · 0123456789 · Amaka Late',
      )
    } finally {
      await server.stop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
