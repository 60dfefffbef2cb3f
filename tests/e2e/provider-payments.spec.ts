import { expect, test } from '@playwright/test'
import {
  CHECKOUT_MESSAGES,
  VIRTUAL_ACCOUNT_NEEDS_PHONE,
  VIRTUAL_ACCOUNT_PREPARING,
} from '../../app/contract/collections-labels'
import { card, customerOnPlan, downloadFrom, panel, pdfText } from './payments-support'
import {
  addPhone,
  ownAccountNumber,
  reloadUntil,
  sendTransfer,
  sidewaysOverflow,
} from './provider-support'
import { ADMIN, apiCall, apiLogin, signIn } from './support'

/**
 * The app with a payment provider (Paystack, played by the stand-in), in the browser with and
 * without JavaScript: a transfer into the customer's own account number confirms the payment by
 * itself; "Pay online" goes through the hosted checkout and back, verified before anything shows
 * as paid.
 */

// Each test is a customer's whole path through two sites (the app and the provider's pages).
test.describe.configure({ timeout: 120_000 })

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const

test('a transfer into the customer’s own account number pays the deposit, with no proof and no staff', async ({
  page,
  request,
}, testInfo) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const { land, customer, reference } = await customerOnPlan(request, admin)

  // The dashboard's "Pay now" opens the payment screen: no account number yet, for want of a phone.
  await signIn(page, customer.email, customer.password)
  await page.getByTestId('next-payment').getByRole('link', { name: 'Pay now' }).click()
  const payUrl = `/subscriptions/${reference}/pay?page=1&type=land`
  await expect(page).toHaveURL(payUrl)
  const own = panel(page).getByTestId('own-account')
  await expect(own.getByRole('heading', { name: 'Pay into your own account number' })).toBeVisible()
  await expect(own).toContainText(VIRTUAL_ACCOUNT_PREPARING)
  await expect(own).toContainText(VIRTUAL_ACCOUNT_NEEDS_PHONE)
  // The proof stays, folded, for money sent to the company account.
  await expect(panel(page).getByText('I paid into the company account')).toBeVisible()
  await expect(panel(page).getByRole('button', { name: 'Send payment proof' })).toBeHidden()

  // With a phone number the provider opens the account; the screen shows it once it is there.
  await addPhone(request, customer.token)
  let accountNumber = ''
  await reloadUntil(page, payUrl, async () => {
    accountNumber = await ownAccountNumber(own)
  })
  await expect(own).toContainText('Chidi Okafor')
  await expect(own.getByRole('list', { name: 'Amounts you can transfer' })).toContainText(
    'Initial deposit₦250,000.00',
  )
  for (const width of WIDTHS) {
    await page.setViewportSize({ width: width.width, height: width.height })
    expect(await sidewaysOverflow(page), `${width.name}: scrolls sideways`).toBeLessThanOrEqual(0)
    await page.screenshot({
      path: testInfo.outputPath(`own-account-${width.name}.png`),
      fullPage: true,
    })
  }

  // The customer sends the deposit from their bank: it confirms itself.
  await sendTransfer(request, accountNumber, 250_000)
  const latest = panel(page).getByTestId('recent-payment')
  await reloadUntil(page, payUrl, async () => {
    await expect(latest.first()).toContainText('Paid', { timeout: 1_000 })
    // The next instalment is what is due now.
    await expect(own.getByRole('list', { name: 'Amounts you can transfer' })).toContainText(
      'Next instalment₦250,000.00',
      { timeout: 1_000 },
    )
  })
  await expect(latest.first()).toContainText('₦250,000.00')
  const { bytes } = await downloadFrom(page, () =>
    latest.first().getByRole('link', { name: 'Download receipt' }).click(),
  )
  const receipt = await pdfText(bytes)
  expect(receipt).toContain(reference)
  expect(receipt).toContain('250,000.00')

  await page.goto('/subscriptions')
  await expect(card(page, reference)).toContainText('Ongoing')
  await expect(card(page, reference)).toContainText(land.location)
})

test('Pay online: the hosted checkout, verified on the way back; a return without a verified payment changes nothing', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const { customer, reference } = await customerOnPlan(request, admin)
  await signIn(page, customer.email, customer.password)
  const payUrl = `/subscriptions/${reference}/pay?page=1&type=land`
  const transactions = async () =>
    (
      await apiCall(request, 'GET', `product-subscription/${reference}/transaction`, {
        token: customer.token,
      })
    ).data.items as { status: string }[]

  // A return address naming no payment of ours: nothing is paid.
  await page.goto(`/subscriptions/${reference}/pay/return?page=1&type=land&reference=T-forged`)
  await expect(panel(page).getByTestId('checkout-outcome')).toContainText('Payment not found')
  await page.goto(`/subscriptions/${reference}/pay/return?page=1&type=land`)
  await expect(panel(page).getByTestId('checkout-outcome')).toContainText(CHECKOUT_MESSAGES.failed)
  expect(await transactions()).toEqual([])

  // Started and cancelled on the provider's page: back here, not paid, nothing changed.
  await page.goto(payUrl)
  const online = panel(page).getByTestId('pay-online')
  await expect(online.getByRole('radio', { name: 'Initial deposit ₦250,000.00' })).toBeChecked()
  await online.getByRole('button', { name: 'Pay online' }).click()
  await expect(page.getByRole('heading', { name: 'Paystack checkout' })).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(new RegExp(`/subscriptions/${reference}/pay/return\\?`))
  await expect(panel(page).getByTestId('checkout-outcome')).toContainText(CHECKOUT_MESSAGES.failed)
  expect(await transactions()).toEqual([])

  // Paid on the provider's page: verified with the provider, then the receipt.
  await page.goto(payUrl)
  await online.getByRole('button', { name: 'Pay online' }).click()
  await expect(page.getByRole('heading', { name: 'Paystack checkout' })).toBeVisible()
  await page.getByRole('button', { name: 'Pay ₦250,000.00' }).click()
  await expect(page).toHaveURL(new RegExp(`/subscriptions/${reference}/pay/return\\?`))
  const outcome = panel(page).getByTestId('checkout-outcome')
  await expect(outcome).toContainText('Payment received')
  await expect(outcome).toContainText(CHECKOUT_MESSAGES.paid)
  const { bytes } = await downloadFrom(page, () =>
    panel(page).getByRole('link', { name: 'Download receipt' }).click(),
  )
  expect(await pdfText(bytes)).toContain(reference)
  // Coming back to the same address again gives nothing twice.
  await page.reload()
  await expect(panel(page).getByTestId('checkout-outcome')).toContainText('Payment received')
  const paid = await transactions()
  expect(paid.map((t) => t.status)).toEqual(['paid'])
  await page.goto('/subscriptions')
  await expect(card(page, reference)).toContainText('Ongoing')
})
