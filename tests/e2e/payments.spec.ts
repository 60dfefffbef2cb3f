import { expect, test } from '@playwright/test'
import {
  card,
  customerOnPlan,
  downloadFrom,
  investmentProduct,
  landWithPlan,
  markByApi,
  panel,
  payByApi,
  paymentAwaitingConfirmation,
  pdfText,
  proofPng,
  sendProof,
  shortDate,
  subscribe,
  subscription,
  tag,
  toast,
  withSettingsLock,
  yesterdayBoxes,
} from './payments-support'
import { ADMIN, apiCall, apiLogin, createVerifiedUser, expectTapTarget, signIn } from './support'

test('the money path: a plan deposit paid with proof, confirmed by staff, a receipt, instalments, the land document', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const { land, customer, reference } = await customerOnPlan(request, admin)

  // The customer pays the deposit with a proof image through the make-payment panel.
  await signIn(page, customer.email, customer.password)
  await page.goto('/subscriptions')
  await expect(page).toHaveURL('/subscriptions?page=1&type=land')
  const mine = card(page, reference)
  await expect(mine).toContainText('Not paid')
  await expect(mine).toContainText('Pending amount₦250,000.00')
  await expect(mine).toContainText(land.location)
  await expect(mine).not.toContainText('Subscriber')
  await mine.getByRole('link', { name: 'Make payment' }).click()
  await expect(page).toHaveURL(`/subscriptions/${reference}/pay?page=1&type=land`)
  await expect(panel(page).getByRole('heading', { name: 'Make payment' })).toBeVisible()
  // The next instalment is chosen; several, or the whole balance, are the other choices.
  await expect(
    panel(page).getByRole('radio', { name: 'Initial deposit ₦250,000.00', exact: true }),
  ).toBeChecked()
  await expect(
    panel(page).getByRole('radio', { name: 'Whole balance ₦1,000,000.00' }),
  ).not.toBeChecked()
  // Left blank, the API describes the payment by the amount chosen (not always the next instalment).
  await expect(panel(page).getByLabel('Description')).toHaveValue('')
  await expect(panel(page).getByText('PNG, JPG, JPEG or PDF up to 2MB')).toBeVisible()
  await expect(panel(page).getByLabel('Proof of payment')).toHaveAttribute(
    'accept',
    '.png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf',
  )
  // The day is typed as every screen writes dates, whatever the browser's locale; the time in 5-minute steps.
  await expect(panel(page).getByLabel('Date paid')).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/)
  await expect(panel(page).getByLabel('Date paid')).toHaveAttribute('placeholder', 'DD/MM/YYYY')
  await expect(panel(page).getByLabel('Time paid')).toHaveAttribute('type', 'time')
  await expect(panel(page).getByLabel('Time paid')).toHaveAttribute('step', '300')
  await sendProof(page)
  await expect(page).toHaveURL('/subscriptions?page=1&type=land')
  await expect(card(page, reference)).toContainText('Confirming payment')

  // The super admin sees it waiting, opens the proof and marks it paid.
  await page.context().clearCookies()
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto(`/subscriptions?page=1&type=land&search=${reference}`)
  const staffCard = card(page, reference)
  await expect(staffCard).toContainText('SubscriberChidi Okafor')
  await staffCard.getByRole('link', { name: 'View all transactions' }).click()
  await expect(page).toHaveURL(
    `/subscriptions/${reference}/transactions?page=1&type=land&search=${reference}`,
  )
  const waiting = panel(page).getByTestId('transaction')
  await expect(waiting).toHaveCount(1)
  await expect(waiting).toContainText('Yet to be confirmed')
  await expect(waiting).toContainText('₦250,000.00')
  const proofUrl = await waiting.getByRole('link', { name: 'View proof' }).getAttribute('href')
  const proof = await page.request.get(proofUrl!)
  expect(proof.status()).toBe(200)
  expect(proof.headers()['content-type']).toBe('image/png')
  const trx = (await waiting.locator('.font-mono').textContent())!.trim()
  expect(trx).toMatch(/^TRX-/)
  await expect(waiting.getByRole('img', { name: `Proof of payment for ${trx}` })).toBeVisible()
  await waiting.getByRole('link', { name: /Mark as paid/ }).click()
  await waiting.getByRole('button', { name: 'Yes, mark as paid' }).click()
  await expect(toast(page)).toContainText('Payment marked as paid; the payer has been told')
  await expect(panel(page).getByTestId('transaction')).toContainText('Paid')
  await expect(panel(page).getByRole('link', { name: /Mark as/ })).toHaveCount(0)

  // The customer's card is ongoing with the next payment; the receipt names the reference and amount.
  await page.context().clearCookies()
  await signIn(page, customer.email, customer.password)
  const ongoing = await subscription(request, customer.token, reference)
  expect(ongoing.status).toBe('ongoing')
  await page.goto('/subscriptions')
  await expect(card(page, reference)).toContainText('Ongoing')
  await expect(card(page, reference)).toContainText('Amount paid₦250,000.00')
  await expect(card(page, reference)).toContainText('Next payment₦250,000.00')
  await expect(card(page, reference)).toContainText(
    `Next payment date${shortDate(ongoing.next_payment_date)}`,
  )
  await expect(card(page, reference).getByRole('link', { name: 'Make payment' })).toBeVisible()
  await card(page, reference).getByRole('link', { name: 'View all transactions' }).click()
  const { download, bytes } = await downloadFrom(page, () =>
    panel(page).getByRole('link', { name: 'Download receipt' }).click(),
  )
  expect(download.suggestedFilename()).toBe(`receipt-${trx}.pdf`)
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  const receipt = pdfText(bytes)
  expect(receipt).toContain(trx)
  expect(receipt).toContain(reference)
  expect(receipt).toContain('₦250,000.00')

  // The plan shows the deposit paid and the rest due.
  await page.goto(`/subscriptions/${reference}/plan?page=1&type=land`)
  const rows = panel(page).getByTestId('plan-row')
  await expect(rows).toHaveCount(4)
  await expect(rows.nth(0)).toContainText('Initial deposit')
  await expect(rows.nth(0)).toContainText('Paid')
  await expect(rows.nth(1)).toContainText('Upcoming')

  // The remaining instalments through the API, until completed.
  for (let instalment = 1; instalment <= 3; instalment++) {
    const now = await subscription(request, customer.token, reference)
    const paid = await payByApi(request, customer.token, reference, now.next_payment_amount)
    await markByApi(request, admin, paid, 'paid')
  }
  expect((await subscription(request, customer.token, reference)).status).toBe('completed')
  await page.goto('/subscriptions')
  const completed = card(page, reference)
  await expect(completed).toContainText('Completed')
  await expect(completed).toContainText('Amount paid₦1,000,000.00')
  await expect(completed.getByRole('link', { name: 'Make payment' })).toHaveCount(0)
  const letter = await downloadFrom(page, () =>
    completed.getByRole('link', { name: 'View land document' }).click(),
  )
  expect(letter.download.suggestedFilename()).toBe(`land-document-${reference}.pdf`)
  expect(letter.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  expect(pdfText(letter.bytes)).toContain('Letter of Allocation')
  expect(pdfText(letter.bytes)).toContain(reference)
})

test('a payment staff cannot confirm: marked not confirmed, the subscription is back to not paid', async ({
  page,
  request,
}) => {
  const { customer, reference, trx } = await paymentAwaitingConfirmation(request)

  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto(`/subscriptions/${reference}/transactions?page=1&type=land`)
  const item = panel(page).getByTestId('transaction').filter({ hasText: trx })
  await expect(item).toContainText('Yet to be confirmed')
  await item.getByRole('link', { name: /Mark as not confirmed/ }).click()
  await item
    .getByLabel('Reason the payment is not confirmed')
    .fill('No transfer of ₦900,000.00 reached the account')
  await item.getByRole('button', { name: 'Mark as not confirmed' }).click()
  await expect(toast(page)).toContainText(
    'Payment marked as not confirmed; the payer has been told why',
  )
  await expect(panel(page).getByTestId('transaction').filter({ hasText: trx })).toContainText(
    'Not confirmed',
  )
  await expect(panel(page).getByRole('link', { name: 'Download receipt' })).toHaveCount(0)

  await page.context().clearCookies()
  await signIn(page, customer.email, customer.password)
  await page.goto('/subscriptions')
  await expect(card(page, reference)).toContainText('Not paid')
  await expect(card(page, reference)).toContainText('Pending amount₦900,000.00')
  await expect(card(page, reference)).toContainText('Payment typeFull')
  await expect(card(page, reference).getByRole('link', { name: 'Make payment' })).toBeVisible()
})

test("staff who pay for their own land see no mark buttons, and the API refuses them; another verifier's account would mark it", async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const land = await landWithPlan(request, admin)
  const reference = await subscribe(request, admin, {
    type: 'land',
    product_id: land.reference,
    payment_mode: 'full',
  })
  const trx = await payByApi(request, admin, reference, 900_000)

  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto(`/subscriptions/${reference}/transactions?page=1&type=land`)
  const item = panel(page).getByTestId('transaction').filter({ hasText: trx })
  await expect(item).toContainText('Yet to be confirmed')
  await expect(item).toContainText('Another member of staff must confirm this payment')
  await expect(item.getByRole('link', { name: /Mark as/ })).toHaveCount(0)
  const refused = await apiCall(request, 'POST', 'admin/mark-transaction', {
    token: admin,
    body: { reference: trx, status: 'paid' },
  })
  expect(refused.status).toBe('forbidden')
  expect(refused.message).toBe(
    'You cannot confirm a payment on your own subscription: another member of staff must confirm it',
  )
})

test('an investment: paid with proof in the portfolio, confirmed, then ongoing with the next ROI', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const product = await investmentProduct(request, admin)
  const customer = await createVerifiedUser(request)
  const reference = await subscribe(request, customer.token, {
    type: 'land_investment',
    product_id: product,
    amount_invested: 400_000,
  })

  await signIn(page, customer.email, customer.password)
  await page.goto('/investment-portfolio')
  await expect(page).toHaveURL('/investment-portfolio')
  await expect(page.getByRole('heading', { level: 1, name: 'Investment Portfolio' })).toBeVisible()
  const mine = card(page, reference)
  await expect(mine).toContainText('Not paid')
  await expect(mine).toContainText('TypeLand investment')
  await expect(mine).toContainText('PortfolioFarmland income')
  await expect(mine).toContainText('Investment typeRecurring')
  await expect(mine).toContainText('Amount invested₦400,000.00')
  await expect(mine).not.toContainText('Next ROI')
  await mine.getByRole('link', { name: 'Make payment' }).click()
  await expect(page).toHaveURL(`/investment-portfolio/${reference}/pay`)
  await expect(
    panel(page).getByRole('radio', { name: 'Amount invested ₦400,000.00' }),
  ).toBeChecked()
  await sendProof(page)
  await expect(card(page, reference)).toContainText('Confirming payment')

  const trx = (
    await apiCall(request, 'GET', `product-subscription/${reference}/transaction`, {
      token: customer.token,
    })
  ).data.items[0]
  await markByApi(request, admin, trx.reference, 'paid')
  const ongoing = await subscription(request, customer.token, reference)
  await page.goto('/investment-portfolio')
  await expect(card(page, reference)).toContainText('Ongoing')
  await expect(card(page, reference)).toContainText(
    `Next ROI date${shortDate(ongoing.next_payment_date)}`,
  )
  await expect(card(page, reference)).toContainText('Next ROI₦40,000.00')
  await expect(card(page, reference).getByRole('link', { name: 'Make payment' })).toHaveCount(0)
  await card(page, reference).getByRole('link', { name: 'View payment plan' }).click()
  await expect(panel(page).getByTestId('plan-row')).toHaveCount(4)
  await expect(panel(page).getByTestId('plan-row').first()).toContainText('₦40,000.00')
})

test('the bank details set on /settings show in the make-payment panel, with copy buttons', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const land = await landWithPlan(request, admin)
  const customer = await createVerifiedUser(request)
  const reference = await subscribe(request, customer.token, {
    type: 'land',
    product_id: land.reference,
    payment_mode: 'full',
  })
  const accountNumber = String(Date.now()).slice(-10)
  await withSettingsLock(async () => {
    await signIn(page, ADMIN.email, ADMIN.password)
    await page.goto('/settings?tab=settings')
    await page.getByLabel('Account number').fill(accountNumber)
    await page.getByLabel('Account name').fill('Land Banking Collections')
    await page.getByLabel('Bank name').fill('Wema Bank')
    await page.getByRole('button', { name: 'Save bank details' }).click()
    await expect(toast(page)).toContainText('Bank details updated successfully')

    await page.context().clearCookies()
    if (javaScriptEnabled)
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await signIn(page, customer.email, customer.password)
    await page.goto(`/subscriptions/${reference}/pay?page=1&type=land`)
    const bank = panel(page).getByRole('region', { name: 'Bank details' })
    await expect(bank).toContainText(`Account number${accountNumber}`)
    await expect(bank).toContainText('Account nameLand Banking Collections')
    await expect(bank).toContainText('Bank nameWema Bank')
    await expect(bank).toContainText('Amount to pay₦900,000.00')
  })
  const copy = panel(page).getByRole('button', { name: 'Copy account number' })
  if (!javaScriptEnabled) {
    await expect(copy).toHaveCount(0)
    return
  }
  await copy.click()
  await expect(panel(page).getByRole('button', { name: 'account number copied' })).toHaveText(
    'copied',
  )
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(accountNumber)
  await expect(panel(page).getByRole('button', { name: 'Copy account number' })).toHaveText('Copy')

  // On a phone the copy buttons and the panel's close are big enough for a thumb.
  await page.setViewportSize({ width: 390, height: 844 })
  await expectTapTarget(panel(page).getByRole('button', { name: 'Copy account number' }))
  await expectTapTarget(panel(page).getByRole('link', { name: 'Close', exact: true }))
})

test('staff add a subscription for a customer (search, pick, plan), then cancel it: the unit returns to stock', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const land = await landWithPlan(request, admin, {
    available_by_quantity: true,
    unit_available: 1,
  })
  const customer = await createVerifiedUser(request)

  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto('/subscriptions')
  await page.getByRole('link', { name: 'Add subscription' }).click()
  await expect(page).toHaveURL('/subscriptions/new?page=1&type=land')
  const form = panel(page)
  await form.getByLabel('Search customers').fill(customer.email)
  await form.getByRole('button', { name: 'Search' }).first().click()
  await form.getByRole('radio', { name: new RegExp(customer.email) }).check()
  await form.getByLabel('Search land').fill(land.location)
  await form.getByRole('button', { name: 'Search' }).nth(1).click()
  await form.getByRole('radio', { name: new RegExp(land.location) }).check()
  if (!javaScriptEnabled) await form.getByRole('button', { name: 'Show payment options' }).click()
  await form.getByRole('radio', { name: /4 months plan: ₦1,000,000\.00/ }).check()
  await form.getByRole('button', { name: 'Create subscription' }).click()
  await expect(toast(page)).toContainText('Subscription created successfully')
  await expect(page).toHaveURL('/subscriptions?page=1&type=land')

  const soldOut = await apiCall(request, 'GET', `product/${land.reference}`, { token: admin })
  expect(soldOut.data.is_available).toBe(false)
  await page.getByLabel('Search for subscriptions').fill(customer.email)
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(
    `/subscriptions?page=1&type=land&search=${encodeURIComponent(customer.email)}`,
  )
  const created = page.getByTestId('subscription-card')
  await expect(created).toHaveCount(1)
  await expect(created).toContainText('Payment typeInstalments')
  await expect(created).toContainText('Pending amount₦250,000.00')
  await expect(created.getByRole('link', { name: 'Record payment' })).toBeVisible()

  await created.getByRole('link', { name: 'Cancel subscription' }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText('What it reserved goes back on sale')
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click()
  await expect(toast(page)).toContainText('Subscription cancelled successfully')
  await expect(page.getByTestId('subscription-card')).toContainText('Cancelled')
  const back = await apiCall(request, 'GET', `product/${land.reference}`, { token: admin })
  expect(back.data.is_available).toBe(true)
  expect(back.data.unit_available).toBe(1)
})

test('the lists keep their filters in the address; staff see the subscriber, "You" for their own', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const land = await landWithPlan(request, admin)
  const own = await subscribe(request, admin, {
    type: 'land',
    product_id: land.reference,
    payment_mode: 'full',
  })
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto(`/subscriptions?search=${own}`)
  await expect(page).toHaveURL(`/subscriptions?page=1&type=land&search=${own}`)
  await expect(card(page, own)).toContainText('SubscriberYou')
  await card(page, own).getByRole('link', { name: 'You' }).click()
  await expect(panel(page).getByRole('heading', { name: 'Subscriber details' })).toBeVisible()
  await expect(panel(page)).toContainText(ADMIN.email)
  await panel(page).getByRole('link', { name: 'Close' }).click()
  await expect(page).toHaveURL(`/subscriptions?page=1&type=land&search=${own}`)

  await card(page, own).getByRole('link', { name: land.location }).click()
  await expect(panel(page).getByRole('heading', { name: land.location })).toBeVisible()
  await expect(panel(page)).toContainText(land.reference)
  await panel(page).getByRole('link', { name: 'Close' }).click()
  await expect(panel(page)).toHaveCount(0)

  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Completed' })
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(`/subscriptions?page=1&type=land&search=${own}&status=completed`)
  await expect(page.getByText('No subscription available')).toBeVisible()
  const options = await page
    .getByLabel('Status', { exact: true })
    .locator('option')
    .allTextContents()
  expect(options).toEqual([
    'Status',
    'Not paid',
    'Confirming payment',
    'Ongoing',
    'Completed',
    'Cancelled',
    'Expired',
  ])

  await page.goto(`/investment-portfolio?status=ongoing&search=${tag()}`)
  await expect(page).toHaveURL(/\/investment-portfolio\?page=1&search=\w+&status=ongoing$/)
  await page.goto('/investment-portfolio?page=1')
  await expect(page).toHaveURL('/investment-portfolio')
})

test('4 skeleton cards show while a client-side navigation loads the list', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  test.skip(
    !javaScriptEnabled,
    'Skeletons need JavaScript: without it the server answers the whole page',
  )
  const customer = await createVerifiedUser(request)
  await signIn(page, customer.email, customer.password)
  await page.goto('/subscriptions')
  await expect(page.getByText('No subscription available')).toBeVisible()
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/subscriptions\.data/, async (route) => {
    await held
    await route.continue()
  })
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Ongoing' })
  await expect(page.getByTestId('skeleton-card')).toHaveCount(4)
  release()
  await expect(page).toHaveURL('/subscriptions?page=1&type=land&status=ongoing')
  await expect(page.getByTestId('skeleton-card')).toHaveCount(0)
})

test('plain form posts (as curl sends them): the proof is required and must be an image; a customer cannot mark', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const land = await landWithPlan(request, admin)
  const customer = await createVerifiedUser(request)
  const reference = await subscribe(request, customer.token, {
    type: 'land',
    product_id: land.reference,
    payment_mode: 'full',
  })
  await signIn(page, customer.email, customer.password)
  const paidAt = yesterdayBoxes()
  const post = (
    multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>,
  ) =>
    page.request.post(`/subscriptions/${reference}/pay?page=1&type=land`, {
      multipart,
      maxRedirects: 0,
    })

  const missing = await post({ amount: '900,000', ...paidAt })
  expect(missing.status()).toBe(400)
  expect(await missing.text()).toContain('Attach the proof of payment')
  const html = {
    name: 'transfer.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<!doctype html><script>alert(1)</script>'),
  }
  const disguised = await post({ amount: '900,000', ...paidAt, proof_of_payment: html })
  expect(disguised.status()).toBe(400)
  expect(await disguised.text()).toContain('The file must be a PNG or JPEG image')
  const proof = { name: 'transfer.png', mimeType: 'image/png', buffer: proofPng() }
  // A day that is not one (or typed month first) is said next to the box, and the other fields are kept.
  const badDay = await post({
    amount: '900,000',
    description: 'Kept as typed',
    paid_on: '31/02/2026',
    paid_time: '10:30',
    proof_of_payment: proof,
  })
  expect(badDay.status()).toBe(400)
  expect(await badDay.text()).toContain('Enter the date as DD/MM/YYYY, for example 22/11/2026')
  expect(await badDay.text()).toContain('Kept as typed')
  const short = await post({ amount: '100,000', ...paidAt, proof_of_payment: proof })
  expect(short.status()).toBe(400)
  expect(await short.text()).toContain('Amount must be ₦900,000.00, the full amount')
  const sent = await post({
    amount: '900,000',
    description: 'Transfer from GTBank',
    ...paidAt,
    proof_of_payment: proof,
  })
  expect(sent.status()).toBe(302)
  expect(sent.headers().location).toBe('/subscriptions?page=1&type=land')

  // The same screenshot for another subscription is refused under the file field: a proof proves one payment.
  const otherLand = await landWithPlan(request, admin)
  const second = await subscribe(request, customer.token, {
    type: 'land',
    product_id: otherLand.reference,
    payment_mode: 'full',
  })
  const reused = await page.request.post(`/subscriptions/${second}/pay?page=1&type=land`, {
    multipart: { amount: '900,000', ...paidAt, proof_of_payment: proof },
    maxRedirects: 0,
  })
  expect(reused.status()).toBe(400)
  expect(await reused.text()).toContain('This file is already attached to another payment')

  const [waiting] = (
    await apiCall(request, 'GET', `product-subscription/${reference}/transaction`, {
      token: customer.token,
    })
  ).data.items
  expect(waiting).toMatchObject({
    status: 'awaiting_confirmation',
    amount: 900_000,
    description: 'Transfer from GTBank',
  })
  const marked = await page.request.post(
    `/subscriptions/${reference}/transactions?page=1&type=land`,
    {
      form: { reference: waiting.reference, status: 'paid' },
      maxRedirects: 0,
    },
  )
  expect(marked.status()).toBe(302)
  const after = (
    await apiCall(request, 'GET', `product-subscription/${reference}/transaction`, {
      token: customer.token,
    })
  ).data.items[0]
  expect(after.status).toBe('awaiting_confirmation')
  // Someone else's subscription is not there at all.
  const stranger = await createVerifiedUser(request)
  await page.context().clearCookies()
  await signIn(page, stranger.email, stranger.password)
  await page.goto(`/subscriptions/${reference}/pay?page=1&type=land`)
  await expect(page).toHaveURL('/subscriptions?page=1&type=land')
  await expect(toast(page)).toContainText('Subscription not found')
})
