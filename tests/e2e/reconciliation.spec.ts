import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { NO_STATEMENT_CREDIT } from '../../app/contract/reconciliation-labels'
import { expectOk, panel, proofPng, subscribe, subscription, tag, toast } from './payments-support'
import { gtbankCsv, toBase64, type StatementEntry } from '../support/statements'
import { ADMIN, apiCall, apiLogin, createStaffUser, createVerifiedUser, signIn } from './support'

/**
 * Reconciliation with and without JavaScript: a statement uploaded, its columns checked, imported,
 * and its exact matches confirmed; the page refused to staff without can_reconcile; the transfer
 * narration on the payment panel; a payment no statement line supports.
 */

const DAY = 86_400_000
/** The statements here are dated days back, so the payments other specs make today are after their last day (never flagged). */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY)
const isoDay = (date: Date) => date.toISOString().slice(0, 10)
const naira = (amount: number) =>
  `₦${amount.toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
const importByApi = async (
  request: APIRequestContext,
  admin: string,
  bank: string,
  entries: StatementEntry[],
) =>
  expectOk(
    await apiCall(request, 'POST', 'admin/reconciliation/statement', {
      token: admin,
      body: { bank, file_name: `${bank}.csv`, file_in_base64: toBase64(gtbankCsv(entries)) },
    }),
  )

/** A land product of its own (a price no other run uses) bought in full by a new customer. */
async function buyer(
  request: APIRequestContext,
  admin: string,
  price: number,
  name?: { first_name: string; last_name: string },
) {
  const location = `${tag()} Gardens, Epe, Lagos`
  const land = await apiCall(request, 'POST', 'admin/product', {
    token: admin,
    body: {
      type: 'land',
      name: location,
      description: `Dry plots at ${location}`,
      location,
      amount: price,
    },
  })
  await expectOk(land)
  const customer = await createVerifiedUser(request, 'customer', name ?? {})
  const reference = await subscribe(request, customer.token, {
    type: 'land',
    product_id: land.data.reference,
    payment_mode: 'full',
  })
  return { customer, reference }
}

/** A payment awaiting confirmation, dated as the customer gave it. */
async function pay(
  request: APIRequestContext,
  token: string,
  reference: string,
  amount: number,
  paidAt: Date,
) {
  const upload = await apiCall(request, 'POST', 'media/upload', {
    token,
    body: {
      file_name: 'transfer.png',
      file_in_base64: proofPng().toString('base64'),
      file_extension: 'png',
      folder_path: 'proofs',
    },
  })
  await expectOk(upload)
  const paid = await apiCall(request, 'POST', `product-subscription/${reference}/transaction`, {
    token,
    body: { amount, proof_of_payment: upload.data.file_url, paid_at: paidAt.toISOString() },
  })
  await expectOk(paid)
  return paid.data.reference as string
}

/** Prices this run alone uses, so lines and payments of the other project's run never match ours. */
function prices() {
  const base = 700_000 + Math.floor(Math.random() * 90_000) * 10
  return { a: base, b: base + 1_110, c: base + 2_220, d: base + 3_330, other: base + 4_440 }
}

const line = (page: Page, text: string) =>
  page.getByTestId('statement-line').filter({ hasText: text })

async function fitsPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 })
  const { scrollWidth, clientWidth, wide } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
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

test('staff upload a statement, check its columns, import it and confirm the exact matches: the subscriptions are paid', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const run = tag().toUpperCase()
  const price = prices()
  const statementDay = daysAgo(5)
  // Two who paid and uploaded their proof, one who paid without uploading anything, one who paid without the reference.
  const a = await buyer(request, admin, price.a)
  const b = await buyer(request, admin, price.b)
  const c = await buyer(request, admin, price.c)
  // Letters only, and enough of them that no other run's statement has the same name.
  const surname = `Ogunleye${[...run].map((digit) => 'ABCDEFGHIJKLMNOP'[parseInt(digit, 16)]).join('')}`
  const d = await buyer(request, admin, price.d, { first_name: 'Funmilayo', last_name: surname })
  await pay(request, a.customer.token, a.reference, price.a, statementDay)
  await pay(request, b.customer.token, b.reference, price.b, statementDay)
  await pay(request, d.customer.token, d.reference, price.d, daysAgo(6))

  const date = isoDay(statementDay)
  // Yesterday's export, imported already: its line comes again, first, in today's overlapping one.
  const overlap: StatementEntry = {
    date: isoDay(daysAgo(7)),
    reference: `FT${run}0`,
    remarks: `INTEREST CREDIT ${run}`,
    credit: 1_234.56,
  }
  await importByApi(request, admin, 'gtbank', [overlap])
  const csv = gtbankCsv([
    overlap,
    {
      date,
      reference: `FT${run}1`,
      remarks: `NIP TRF FROM CHIDI OKAFOR ${a.reference}`,
      credit: price.a,
    },
    { date, reference: `FT${run}2`, remarks: `${b.reference} LAND PAYMENT`, credit: price.b },
    { date, reference: `FT${run}3`, remarks: `MOBILE TRF ${c.reference}`, credit: price.c },
    {
      date,
      reference: `FT${run}4`,
      remarks: `TRANSFER FROM FUNMILAYO ${surname.toUpperCase()}`,
      credit: price.d,
    },
    {
      date,
      reference: `FT${run}5`,
      remarks: `POS SETTLEMENT ADEX VENTURES ${run}`,
      credit: price.other,
    },
    { date, reference: `FT${run}6`, remarks: `SMS ALERT CHARGES ${run}`, debit: 52.5 },
    { date, reference: `FT${run}7`, remarks: `UNREADABLE ${run}`, creditText: '1,2OO.00' },
  ])

  const staff = await createStaffUser(request, ['can_reconcile', 'can_verify_transaction'])
  await signIn(page, staff.email, staff.password)
  await page.getByRole('navigation').getByRole('link', { name: 'Reconciliation' }).first().click()
  await expect(page).toHaveURL(/\/reconciliation\?page=1&confidence=exact$/)
  await expect(page.getByRole('heading', { name: 'Reconciliation', level: 1 })).toBeVisible()

  // Without a file: said beside the field, the bank kept.
  await page
    .getByLabel('Bank', { exact: true })
    .selectOption({ label: 'Guaranty Trust Bank (GTBank)' })
  await page.getByRole('button', { name: 'Read the statement' }).click()
  await expect(page.getByText('Choose the statement file')).toBeVisible()
  await expect(page.getByLabel('Bank', { exact: true })).toHaveValue('gtbank')

  await page
    .getByLabel('Statement file')
    .setInputFiles({ name: `gtbank-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await page.getByRole('button', { name: 'Read the statement' }).click()
  await expect(page.getByRole('heading', { name: 'Check the columns' })).toBeVisible()
  const selected = (label: string) =>
    page.getByLabel(label, { exact: true }).locator('option:checked')
  await expect(selected('Date')).toHaveText('Trans. Date')
  await expect(selected('Narration')).toHaveText('Remarks')
  await expect(selected('Credit')).toHaveText('Credits')
  await expect(selected('Debit')).toHaveText('Debits')
  await expect(selected('Balance')).toHaveText('Balance')
  await expect(page.getByRole('table', { name: 'The first rows of the statement' })).toContainText(
    a.reference,
  )
  await fitsPhone(page)

  // The same column twice is refused beside the field, the other choices kept.
  await page.getByLabel('Debit', { exact: true }).selectOption({ label: 'Credits' })
  await page.getByRole('button', { name: 'Import statement' }).click()
  await expect(page.getByText('Debit and Credit cannot be the same column')).toBeVisible()
  await expect(selected('Narration')).toHaveText('Remarks')
  await expect(selected('Debit')).toHaveText('Credits')
  await page.getByLabel('Debit', { exact: true }).selectOption({ label: 'Debits' })
  await page.getByRole('button', { name: 'Import statement' }).click()

  await expect(page.getByRole('heading', { name: 'Statement imported' })).toBeVisible()
  const counts = {
    imported: '5',
    duplicates: '1',
    unreadable: '1',
    exact: '3',
    likely: '1',
    unmatched: '1',
  }
  for (const [key, value] of Object.entries(counts))
    await expect(page.getByTestId(`summary-${key}`), key).toHaveText(value)
  await expect(page.getByText('Rows that could not be read')).toBeVisible()
  await expect(page.getByTestId('import-summary').locator('li')).toContainText(`UNREADABLE ${run}`)

  // The exact matches, with what each was matched to; the likely one in its own tab.
  for (const [who, amount] of [
    [a, price.a],
    [b, price.b],
    [c, price.c],
  ] as const) {
    const row = line(page, who.reference)
    await expect(row).toContainText(naira(amount))
    await expect(row).toContainText('Chidi Okafor')
    await expect(row).toContainText(`Expected${naira(amount)}`)
  }
  await expect(line(page, c.reference)).toContainText('None recorded yet')
  await fitsPhone(page)

  // Four eyes: the payment C's line would record is the importer's own, so someone else confirms it.
  await expect(line(page, c.reference)).toContainText('another member of staff must confirm')
  await expect(line(page, c.reference).getByRole('checkbox')).toHaveCount(0)
  for (const who of [a, b]) await line(page, who.reference).getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Confirm selected' }).click()
  await expect(toast(page)).toContainText('Confirmed 2 payments')
  for (const who of [a, b]) await expect(line(page, who.reference)).toHaveCount(0)

  const colleague = await createStaffUser(request, ['can_reconcile', 'can_verify_transaction'])
  await page.context().clearCookies()
  await signIn(page, colleague.email, colleague.password)
  await page.goto('/reconciliation?confidence=exact')
  await line(page, c.reference).getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Confirm selected' }).click()
  await expect(toast(page)).toContainText('Confirmed 1 payment')
  await expect(line(page, c.reference)).toHaveCount(0)
  for (const who of [a, b, c]) {
    const paid = await subscription(request, admin, who.reference)
    expect(paid.amount_left, who.reference).toBe(0)
  }

  await page.getByTestId('line-tab-done').click()
  await expect(page).toHaveURL(/status=confirmed/)
  await expect(line(page, a.reference)).toContainText('Confirmed')

  await page.getByTestId('line-tab-likely').click()
  await expect(page).toHaveURL(/confidence=likely/)
  await expect(line(page, surname.toUpperCase())).toContainText(d.reference)

  // The other business's credit: no match; marked not ours.
  await page.getByTestId('line-tab-none').click()
  const other = line(page, `ADEX VENTURES ${run}`)
  await expect(other).toContainText('No payment or subscription matches this line')
  await other.getByRole('button', { name: /Not ours/ }).click()
  await expect(toast(page)).toContainText('Line marked not ours')
  await expect(line(page, `ADEX VENTURES ${run}`)).toHaveCount(0)

  // The same statement again adds nothing.
  await page.getByLabel('Bank', { exact: true }).selectOption('gtbank')
  await page
    .getByLabel('Statement file')
    .setInputFiles({ name: `gtbank-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await page.getByRole('button', { name: 'Read the statement' }).click()
  await expect(page.getByText('The columns are those used for this bank last time.')).toBeVisible()
  await page.getByRole('button', { name: 'Import statement' }).click()
  await expect(page.getByTestId('summary-imported')).toHaveText('0')
  // The overlapping line and the five of this statement.
  await expect(page.getByTestId('summary-duplicates')).toHaveText('6')
})

test('a statement of 5 MB is read; a larger one is refused beside the file field, the bank kept', async ({
  page,
  request,
}) => {
  // Two uploads of 5 MB and more, each read whole: on a loaded machine they outlast the default minute.
  test.slow()
  const run = tag().toUpperCase()
  const day = isoDay(daysAgo(40))
  // Debits of ₦1, padded to just under 5 MB (a statement of more than 5,000 credit lines is refused).
  const row = (index: number): StatementEntry => ({
    date: day,
    reference: `BIG${run}${index}`,
    remarks: `BULK ${run} ${index} ${'X'.repeat(180)}`,
    debit: 1,
  })
  const sized = (bytes: number) => {
    // Measured on a row with the longest index used, so the file stays under the size asked.
    const perRow =
      Buffer.byteLength(gtbankCsv([row(99_998), row(99_999)])) -
      Buffer.byteLength(gtbankCsv([row(99_998)]))
    const count = Math.floor((bytes - 1024) / perRow)
    return Buffer.from(gtbankCsv(Array.from({ length: count }, (_, index) => row(index))))
  }
  const big = sized(5 * 1024 * 1024 - 8 * 1024)
  expect(big.length).toBeLessThanOrEqual(5 * 1024 * 1024)
  expect(big.length).toBeGreaterThan(4.9 * 1024 * 1024)
  const staff = await createStaffUser(request, ['can_reconcile'])
  await signIn(page, staff.email, staff.password)
  await page.goto('/reconciliation')

  await page.getByLabel('Bank', { exact: true }).selectOption('wema')
  const tooBig = Buffer.concat([big, Buffer.alloc(1024 * 1024, 'X')])
  await page
    .getByLabel('Statement file')
    .setInputFiles({ name: 'wema-6mb.csv', mimeType: 'text/csv', buffer: tooBig })
  await page.getByRole('button', { name: 'Read the statement' }).click()
  await expect(page.getByText('The statement may not be greater than 5 MB')).toBeVisible()
  await expect(page.getByLabel('Statement file')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Bank', { exact: true })).toHaveValue('wema')

  await page
    .getByLabel('Statement file')
    .setInputFiles({ name: 'wema-5mb.csv', mimeType: 'text/csv', buffer: big })
  await page.getByRole('button', { name: 'Read the statement' }).click()
  await expect(page.getByRole('heading', { name: 'Check the columns' })).toBeVisible({
    timeout: 30_000,
  })
  await expect(page.getByLabel('Credit', { exact: true }).locator('option:checked')).toHaveText(
    'Credits',
  )
})

test('a line with no match is linked to a subscription by hand; a wrong subscription is said beside its field', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const run = tag().toUpperCase()
  const price = prices()
  const e = await buyer(request, admin, price.a)
  await importByApi(request, admin, 'zenith', [
    {
      date: isoDay(daysAgo(5)),
      reference: `LK${run}`,
      remarks: `CASH DEPOSIT LINK ${run}`,
      credit: price.a,
    },
  ])
  const staff = await createStaffUser(request, ['can_reconcile'])
  await signIn(page, staff.email, staff.password)
  await page.goto('/reconciliation?confidence=none')
  const row = line(page, `LINK ${run}`)
  await expect(row).toContainText(naira(price.a))
  await expect(row.getByRole('checkbox')).toHaveCount(0)
  await row.getByText('Link to subscription').click()
  await row.getByLabel('Subscription reference').fill('SUB-NOSUCH')
  await row.getByRole('button', { name: 'Link' }).click()
  const again = line(page, `LINK ${run}`)
  await expect(again.getByLabel('Subscription reference')).toHaveAttribute('aria-invalid', 'true')
  await expect(again.locator('li.text-red-600')).toHaveText('The selected subscription is invalid')
  await expect(again.getByLabel('Subscription reference')).toHaveValue('SUB-NOSUCH')
  await again.getByLabel('Subscription reference').fill(e.reference)
  await again.getByRole('button', { name: 'Link' }).click()
  await expect(toast(page)).toContainText(`Line linked to ${e.reference}`)
  await page.goto('/reconciliation?status=linked')
  await expect(line(page, `LINK ${run}`)).toContainText('Linked')
  const transactions = await apiCall(
    request,
    'GET',
    `product-subscription/${e.reference}/transaction`,
    { token: admin },
  )
  await expectOk(transactions)
  expect(transactions.data.items[0]).toMatchObject({
    amount: price.a,
    status: 'awaiting_confirmation',
  })
})

test('staff without can_reconcile have no Reconciliation entry and are refused the page', async ({
  page,
  request,
}) => {
  const staff = await createStaffUser(request, ['can_verify_transaction', 'can_view_audit'])
  await signIn(page, staff.email, staff.password)
  await expect(
    page.getByRole('navigation').getByRole('link', { name: 'Audit' }).first(),
  ).toBeVisible()
  await expect(
    page.getByRole('navigation').getByRole('link', { name: 'Reconciliation' }),
  ).toHaveCount(0)
  const response = await page.goto('/reconciliation')
  expect(response?.status()).toBe(403)
  await expect(page.getByText('Access denied')).toBeVisible()
})

test('the payment panel gives the transfer narration (the subscription reference) with a copy button', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const { customer, reference } = await buyer(request, admin, prices().a)
  if (javaScriptEnabled)
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await signIn(page, customer.email, customer.password)
  await page.goto(`/subscriptions/${reference}/pay?page=1&type=land`)
  const bank = panel(page).getByRole('region', { name: 'Bank details' })
  await expect(bank).toContainText(`Transfer narration${reference}`)
  await expect(bank).toContainText(
    'Type this as the narration of your transfer so we can match it.',
  )
  const copy = panel(page).getByRole('button', { name: 'Copy transfer narration' })
  if (!javaScriptEnabled) {
    await expect(copy).toHaveCount(0)
    return
  }
  await copy.click()
  await expect(panel(page).getByRole('button', { name: 'transfer narration copied' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference)
})

test('a payment no statement line supports is flagged, and marking it paid needs the box ticked', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const run = tag().toUpperCase()
  const price = prices()
  // A statement up to five days ago, without this payment of six days ago.
  await importByApi(request, admin, 'access', [
    {
      date: isoDay(daysAgo(5)),
      reference: `NS${run}`,
      remarks: `UNRELATED CREDIT ${run}`,
      credit: price.other,
    },
  ])
  const { customer, reference } = await buyer(request, admin, price.a)
  const trx = await pay(request, customer.token, reference, price.a, daysAgo(6))

  const staff = await createStaffUser(request, ['can_verify_transaction'])
  await signIn(page, staff.email, staff.password)
  await page.goto(`/subscriptions/${reference}/transactions?page=1&type=land`)
  const item = panel(page).getByTestId('transaction').filter({ hasText: trx })
  await expect(item.getByTestId('no-statement-credit')).toHaveText(NO_STATEMENT_CREDIT)
  await item.getByRole('link', { name: /Mark as paid/ }).click()
  const box = panel(page)
    .getByTestId('transaction')
    .filter({ hasText: trx })
    .getByLabel('Confirm without a statement credit')
  await expect(box).not.toBeChecked()
  await panel(page)
    .getByTestId('transaction')
    .filter({ hasText: trx })
    .getByRole('button', { name: 'Yes, mark as paid' })
    .click()
  const refused = panel(page).getByTestId('transaction').filter({ hasText: trx })
  await expect(refused.getByLabel('Confirm without a statement credit')).toHaveAttribute(
    'aria-invalid',
    'true',
  )
  await expect(refused.locator('li.text-red-600')).toContainText(/statement/i)
  const waiting = await apiCall(request, 'GET', `product-subscription/${reference}/transaction`, {
    token: admin,
  })
  expect(waiting.data.items[0].status).toBe('awaiting_confirmation')
  await refused.getByLabel('Confirm without a statement credit').check()
  await refused.getByRole('button', { name: 'Yes, mark as paid' }).click()
  await expect(toast(page)).toContainText('Payment marked as paid; the payer has been told')
  const paid = await apiCall(request, 'GET', `product-subscription/${reference}/transaction`, {
    token: admin,
  })
  expect(paid.data.items[0].status).toBe('paid')
})
