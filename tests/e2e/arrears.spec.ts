import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { addInterval, todayIn } from '../../app/backend/dates/calendar'
import { daysBetween } from '../../app/contract/arrears-rules'
import { formatDate } from '../../app/contract/format'
import { httpClient, serverPort, startServer } from '../support/server'
import {
  ADMIN,
  apiCall,
  apiLogin,
  codeFrom,
  createStaffUser,
  createVerifiedUser,
  signIn,
} from './support'
import { card, expectOk, proofPng, tag } from './payments-support'

test("the breakdown shows what happens if a payment is late, with the customer's own amounts and dates", async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const location = `${tag()} Arrears Court, Epe, Lagos`
  const product = await apiCall(request, 'POST', 'admin/product', {
    token: admin,
    body: {
      type: 'land',
      name: location,
      description: `Plots at ${location}`,
      location,
      amount: 900_000,
      initial_deposit_amount: 250_000,
    },
  })
  await expectOk(product)
  const plan = await apiCall(
    request,
    'POST',
    `admin/product/${product.data.reference}/payment-plan`,
    {
      token: admin,
      body: {
        amount: 1_000_000,
        duration: 4,
        duration_type: 'months',
        grace_days: 7,
        late_fee_percent: 2,
        default_after_days: 90,
        default_action: 'reprice',
      },
    },
  )
  await expectOk(plan)
  const customer = await createVerifiedUser(request)
  await signIn(page, customer.email, customer.password)
  await page.goto(
    `/land-purchases/${product.data.reference}/subscribe?plan=${plan.data.uuid}&step=breakdown`,
  )
  const due = addInterval(todayIn('Africa/Lagos'), 1, 'months')
  const timeline = page.getByTestId('arrears-timeline')
  await expect(timeline).toContainText(
    `If your payment of ₦250,000.00 due on ${formatDate(due)} is not received by ${formatDate(addInterval(due, 7, 'days'))}, a late fee of ₦5,000.00 is added.`,
  )
  await expect(timeline).toContainText(
    `After ${formatDate(addInterval(due, 90, 'days'))} the balance is repriced at the current price.`,
  )
  // Shown before Proceed, in the agreement the customer accepts.
  await expect(page.getByTestId('acknowledgement')).toContainText('If a payment is late')
  await expect(page.getByRole('button', { name: 'Proceed' })).toBeVisible()
})

test('/arrears: staff who record payments see the buckets and filter by URL, fitting a 390px screen', async ({
  page,
  request,
}) => {
  const staff = await createStaffUser(request, ['can_record_transaction'])
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, staff.email, staff.password)
  await page.goto('/arrears')
  await expect(page.getByRole('heading', { name: 'Arrears' })).toBeVisible()
  for (const bucket of ['1-30', '31-60', '61-90', '90+'])
    await expect(page.getByTestId(`bucket-${bucket}`)).toBeVisible()
  await page.getByRole('combobox', { name: 'Bucket', exact: true }).selectOption('31-60')
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('nobody-matches-this')
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/bucket=31-60/)
  await expect(page).toHaveURL(/search=nobody-matches-this/)
  await expect(page.getByText('No subscriptions in arrears match.')).toBeVisible()
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(390)
})

test.describe('a late instalment', () => {
  test.describe.configure({ timeout: 180_000 })

  test("ten days late: /arrears shows it in 1-30 with the late fee, and the customer's card says it is overdue", async ({
    page,
  }, testInfo) => {
    // A server of its own: the instalment's date is moved back in its database between two runs,
    // then its daily job, run at start, charges the late fee.
    const port = serverPort(40 + (testInfo.project.name === 'no-js' ? 1 : 0))
    let server = await startServer({ port, env: { API_CHECK_RESPONSES: 'true' } })
    const dataDir = server.dataDir
    try {
      const client = httpClient(server)
      const ok = async (method: string, apiPath: string, token: string, body?: unknown) => {
        const answer = await client.call(method, apiPath, { token, body })
        expect(answer.status, `${apiPath}: ${answer.message}`).toBe('200')
        return answer.data
      }
      const admin = (
        await client.call('POST', 'auth/login', {
          body: { email: ADMIN.email, password: ADMIN.password },
        })
      ).data.token as string
      await ok('POST', 'admin/setting', admin, {
        type: 'bank_details',
        account_number: '0123456789',
        account_name: 'Land Banking Ltd',
        bank_name: 'Zenith Bank',
      })
      const location = 'Late Acres, Epe, Lagos'
      const product = await ok('POST', 'admin/product', admin, {
        type: 'land',
        name: location,
        description: `Plots at ${location}`,
        location,
        amount: 1_000_000,
        initial_deposit_amount: 400_000,
      })
      const plan = await ok('POST', `admin/product/${product.reference}/payment-plan`, admin, {
        amount: 1_000_000,
        duration: 3,
        duration_type: 'months',
        grace_days: 7,
        late_fee_percent: 2,
        default_after_days: 90,
        default_action: 'reprice',
      })
      const email = `arrears-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`
      const registered = await client.call('POST', 'auth/register', {
        body: {
          email,
          password: 'password-123',
          first_name: 'Bisi',
          last_name: 'Overdue',
          role: 'customer',
        },
      })
      const customer = registered.data.token as string
      await ok('POST', 'verify-email', customer, { otp: codeFrom(await client.mail(email)) })
      const sub = await ok('POST', 'product-subscription', customer, {
        type: 'land',
        product_id: product.reference,
        payment_mode: 'installment',
        payment_id: plan.uuid,
      })
      expect(sub.next_payment_amount).toBe(400_000)
      const proof = await ok('POST', 'media/upload', customer, {
        file_name: 'transfer.png',
        file_in_base64: proofPng().toString('base64'),
        file_extension: 'png',
        folder_path: 'proofs',
      })
      const trx = await ok('POST', `product-subscription/${sub.reference}/transaction`, customer, {
        amount: 400_000,
        proof_of_payment: proof.file_url,
        paid_at: new Date(Date.now() - 3_600_000).toISOString(),
      })
      await ok('POST', 'admin/mark-transaction', admin, {
        reference: trx.reference,
        status: 'paid',
      })
      const confirmed = await ok('GET', `product-subscription/${sub.reference}`, customer)
      expect(confirmed).toMatchObject({
        status: 'ongoing',
        next_payment_amount: 300_000,
        days_in_arrears: 0,
      })
      await server.stop()

      // The first instalment fell due ten days ago: past the seven grace days, so a 2% fee is due.
      const today = todayIn('Africa/Lagos')
      const due = addInterval(today, -10, 'days')
      const shift = daysBetween(due, confirmed.next_payment_date)
      const { PGlite } = await import('@electric-sql/pglite')
      const db = new PGlite(path.join(dataDir, 'pglite'))
      await db.query(
        `update schedule_entries set due_date = due_date - $1::int where subscription_id = (select id from subscriptions where reference = $2)`,
        [shift, sub.reference],
      )
      await db.query(
        `update subscriptions set next_payment_date = next_payment_date - $1::int where reference = $2`,
        [shift, sub.reference],
      )
      await db.close()

      server = await startServer({
        port,
        dataDir,
        env: { JOBS: 'true', API_CHECK_RESPONSES: 'true' },
      })
      const restarted = httpClient(server)
      await expect
        .poll(
          async () =>
            (
              await restarted.call('GET', `product-subscription/${sub.reference}`, {
                token: customer,
              })
            ).data?.amount_overdue,
          { timeout: 30_000 },
        )
        .toBe(306_000)

      await signInAt(page, server.url, ADMIN.email, ADMIN.password)
      await page.goto(`${server.url}/arrears`)
      // The only subscription in arrears on this server: one in 1–30 days, none in the others.
      await expect(page.getByTestId('bucket-1-30')).toHaveText('1–30 days1₦306,000.00')
      await expect(page.getByTestId('bucket-31-60')).toHaveText('31–60 days0₦0.00')
      const row = page.getByTestId('arrears-row').filter({ hasText: sub.reference })
      await expect(row).toContainText('Bisi Overdue')
      await expect(row).toContainText('₦306,000.00')
      await expect(row).toContainText('Overdue by 10 days')
      await expect(row).toContainText(
        `Balance repriced on ${formatDate(addInterval(due, 91, 'days'))}`,
      )
      await page.goto(`${server.url}/arrears?bucket=31-60`)
      await expect(page.getByTestId('arrears-row')).toHaveCount(0)

      await page.context().clearCookies()
      await signInAt(page, server.url, email, 'password-123')
      await page.goto(`${server.url}/subscriptions`)
      const mine = card(page, sub.reference)
      await expect(mine).toContainText('Overdue by 10 days')
      await expect(mine.getByTestId('amount-overdue')).toHaveText('₦306,000.00')

      // The dashboard says what is owed now, in parts, not the next payment alone.
      await page.goto(`${server.url}/`)
      const next = page.getByTestId('next-payment')
      await expect(next.getByTestId('owed-now')).toHaveText('You owe ₦306,000.00 now')
      await expect(next).toContainText('1 instalment ₦300,000.00 and 1 late fee ₦6,000.00')
      await next.getByRole('link', { name: 'Pay what is overdue' }).click()
      // The pay panel opens on what is overdue, with the sum, its parts and the plan's terms.
      const pay = page.getByRole('dialog', { name: 'Make payment' })
      await expect(pay.getByTestId('owed-now')).toContainText('You owe ₦306,000.00 now')
      const overdue = pay.getByRole('radio', { name: /Pay what is overdue/ })
      await expect(overdue).toBeChecked()
      await expect(overdue).toHaveAccessibleName('Pay what is overdue ₦306,000.00')
      // A choice with the fee in it names the fee: never "Next 2 instalments".
      await expect(pay.getByTestId('amount-choices')).not.toContainText(
        'Next 2 instalments₦306,000.00',
      )
      await expect(pay.getByTestId('amount-choices')).toContainText(
        'Whole balanceNext 2 instalments and 1 late fee: pays off the balance₦606,000.00',
      )
      const terms = pay.getByTestId('plan-terms')
      await expect(terms).toContainText('Grace period7 days after each due date')
      await expect(terms).toContainText(
        'Late fee2% of an instalment still unpaid after the grace period, added once',
      )
      await expect(terms).toContainText(
        'Unpaid 90 days after its due dateThe balance is repriced at the current price',
      )
      await page.goto(`${server.url}/subscriptions/${sub.reference}/plan?page=1&type=land`)
      const planPanel = page.getByRole('dialog')
      await expect(planPanel.getByTestId('owed-now')).toContainText('You owe ₦306,000.00 now')
      await expect(planPanel.getByTestId('plan-terms')).toContainText('Grace period7 days')
    } finally {
      await server.stop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

async function signInAt(page: Page, url: string, email: string, password: string) {
  await page.goto(`${url}/login`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).not.toHaveURL(/\/login/)
}
