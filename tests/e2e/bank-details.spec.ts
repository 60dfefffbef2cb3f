import { expect, test, type Browser, type Page } from '@playwright/test'
import { landWithPlan, panel, subscribe, toast } from './payments-support'
import { ADMIN, apiCall, apiLogin, createStaffUser, createVerifiedUser, signIn } from './support'

/**
 * A fresh install has no bank details. This spec runs in its own project, before the js and no-js
 * projects (playwright.config.ts): it sees the server without them, in a browser with JavaScript
 * and one without, then sets them, as the payment specs need.
 */

const NO_DETAILS = 'Payment details are not available yet; please contact us'
const banner = (page: Page) => page.getByTestId('bank-details-banner')

async function browserPage(
  browser: Browser,
  baseURL: string | undefined,
  javaScriptEnabled: boolean,
) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled })
  return context.newPage()
}

test('without bank details customers get no payment form and staff a banner, until the details are set', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000)
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const before = await apiCall(request, 'GET', 'admin/setting/bank_details', { token: admin })
  expect(before.data, 'the server must start without bank details').toEqual({
    account_number: '',
    account_name: '',
    bank_name: '',
  })

  const land = await landWithPlan(request, admin)
  const customer = await createVerifiedUser(request)
  const reference = await subscribe(request, customer.token, {
    type: 'land',
    product_id: land.reference,
    payment_mode: 'full',
  })
  const staff = await createStaffUser(request, ['can_view_customer'])
  const payPath = `/subscriptions/${reference}/pay?page=1&type=land`

  const modes = [
    {
      javaScriptEnabled: false,
      customer: await browserPage(browser, baseURL, false),
      admin: await browserPage(browser, baseURL, false),
    },
    {
      javaScriptEnabled: true,
      customer: await browserPage(browser, baseURL, true),
      admin: await browserPage(browser, baseURL, true),
    },
  ]
  for (const mode of modes) {
    await test.step(`no bank details, JavaScript ${mode.javaScriptEnabled ? 'on' : 'off'}`, async () => {
      await signIn(mode.customer, customer.email, customer.password)
      await mode.customer.goto(payPath)
      await expect(panel(mode.customer)).toContainText(NO_DETAILS)
      await expect(panel(mode.customer).getByLabel('Proof of payment')).toHaveCount(0)
      await expect(
        panel(mode.customer).getByRole('button', { name: 'Send payment proof' }),
      ).toHaveCount(0)
      await expect(banner(mode.customer)).toHaveCount(0)

      // Staff who cannot change settings are told whom to ask, on any page.
      const staffPage = await browserPage(browser, baseURL, mode.javaScriptEnabled)
      await signIn(staffPage, staff.email, staff.password)
      await staffPage.goto('/customers')
      await expect(banner(staffPage)).toContainText(
        'Customers cannot pay yet: the bank details are not set.',
      )
      await expect(banner(staffPage)).toContainText(
        'Ask a colleague who can change settings to add them.',
      )
      await expect(banner(staffPage).getByRole('link')).toHaveCount(0)
      await staffPage.context().close()

      await signIn(mode.admin, ADMIN.email, ADMIN.password)
      await mode.admin.goto('/land-purchases')
      await expect(
        banner(mode.admin).getByRole('link', { name: 'Add the bank details' }),
      ).toBeVisible()
    })
  }

  await test.step('set through the banner, without JavaScript', async () => {
    const page = modes[0].admin
    await banner(page).getByRole('link', { name: 'Add the bank details' }).click()
    await expect(page).toHaveURL(/\/settings\?tab=settings$/)
    await page.getByLabel('Account number').fill('0123456789')
    await page.getByLabel('Account name').fill('Land Banking Collections')
    await page.getByLabel('Bank name').fill('Wema Bank')
    await page.getByRole('button', { name: 'Save bank details' }).click()
    await expect(toast(page)).toContainText('Bank details updated successfully')
    await expect(banner(page)).toHaveCount(0)
  })

  for (const mode of modes) {
    await test.step(`bank details set, JavaScript ${mode.javaScriptEnabled ? 'on' : 'off'}`, async () => {
      await mode.admin.goto('/land-purchases')
      await expect(mode.admin.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(banner(mode.admin)).toHaveCount(0)
      await mode.customer.goto(payPath)
      await expect(
        panel(mode.customer).getByRole('region', { name: 'Bank details' }),
      ).toContainText('Account number0123456789')
      await expect(panel(mode.customer)).not.toContainText(NO_DETAILS)
      await expect(panel(mode.customer).getByLabel('Proof of payment')).toBeVisible()
      await expect(
        panel(mode.customer).getByRole('button', { name: 'Send payment proof' }),
      ).toBeVisible()
    })
  }
  for (const mode of modes) {
    await mode.customer.context().close()
    await mode.admin.context().close()
  }
})
