import { expect, test, type Page } from '@playwright/test'
import { PASSWORD } from './auth-support'
import { landWithPlan, markByApi, payByApi, subscribe, toast } from './payments-support'
import {
  ADMIN,
  apiCall,
  apiLogin,
  codeFrom,
  createVerifiedUser,
  signIn,
  uniqueEmail,
  waitForMail,
} from './support'

/**
 * Commission safeguards through the screens, with and without JavaScript: a purchase made from the
 * realtor's own browser is held until staff clear it; a realtor's change of its registered company
 * flag waits for staff.
 */

/** Signs out through the user menu, as a person would: the browser keeps its other cookies. */
async function signOutByMenu(page: Page) {
  await page.getByTestId('user-menu-name').click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
}

test('a customer signed up in the realtor’s own browser: its purchase is held, staff see why on /commissions and the customer, and clear it', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const realtor = await createVerifiedUser(request, 'realtor')

  // The realtor signs in, signs out, and signs a customer up through its own link in the same browser.
  await signIn(page, realtor.email, realtor.password)
  await signOutByMenu(page)
  const email = uniqueEmail('twin')
  await page.goto(`/register?ref=${realtor.user.reference}`)
  await page.getByLabel('First name').fill('Twin')
  await page.getByLabel('Last name').fill('Account')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create an account' }).click()
  await expect(page).toHaveURL(/\/verify-email$/)
  await page.getByLabel('Verification code').fill(codeFrom(await waitForMail(email)))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/$/)

  // The customer's deposit is confirmed: the realtor's commission is held, not earned.
  const customer = await apiLogin(request, email, PASSWORD)
  const land = await landWithPlan(request, admin)
  const reference = await subscribe(request, customer, {
    type: 'land',
    product_id: land.reference,
    payment_mode: 'installment',
    payment_id: land.planUuid,
  })
  await markByApi(request, admin, await payByApi(request, customer, reference, 250_000), 'paid')
  const own = await apiCall(request, 'GET', 'commission', { token: realtor.token })
  expect(own.data.totals).toMatchObject({ earned: 0, held: 11_875 })

  await signOutByMenu(page)
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto('/commissions')
  const held = page
    .getByTestId('held-for-review')
    .getByRole('listitem')
    .filter({ hasText: reference })
  await expect(held).toContainText('Twin Account has the same device as realtor')
  await expect(held).toContainText('₦11,875.00')

  // The customer's record says so too.
  const me = await apiCall(request, 'GET', 'auth/me', { token: customer })
  await page.goto(`/customers/${me.data.reference}`)
  await expect(page.getByTestId('commission-holds')).toContainText('Waiting for review')
  await expect(page.getByTestId('commission-holds')).toContainText('the same device')

  // Staff review it and clear it: someone else, say, whom the realtor signed up on its own phone.
  await page.goto('/commissions')
  await held.getByRole('link', { name: `Review ${reference}` }).click()
  const review = page.getByTestId('hold-review')
  await expect(review).toContainText('the same device')
  await expect(review).toContainText('Held for review')
  await review.getByRole('button', { name: 'Clear: pay the commission' }).click()
  await expect(toast(page)).toContainText('Cleared: the held commissions are now earned')
  await expect(
    page.getByTestId('held-for-review').getByRole('listitem').filter({ hasText: reference }),
  ).toHaveCount(0)
  const after = await apiCall(request, 'GET', 'commission', { token: realtor.token })
  expect(after.data.totals).toMatchObject({ earned: 11_875, held: 0 })
})

test('a realtor unticks the registered company staff set: it stays set, the realtor sees the change pending, and staff reject it on the realtor', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const realtor = await createVerifiedUser(request, 'realtor')
  const byStaff = await apiCall(request, 'POST', `admin/realtor/${realtor.user.reference}`, {
    token: admin,
    body: {
      first_name: 'Chidi',
      last_name: 'Okafor',
      email: realtor.email,
      business_name: 'Okafor Realty Ltd',
      registered_company: true,
    },
  })
  expect(byStaff.status).toBe('200')

  await signIn(page, realtor.email, realtor.password)
  await page.goto('/settings')
  const box = page.getByRole('checkbox', { name: 'Registered company' })
  await expect(box).toBeChecked()
  await box.uncheck()
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(toast(page)).toContainText(
    'Your change to registered company waits for staff to approve it',
  )
  await page.goto('/settings')
  await expect(page.getByTestId('company-request-pending')).toContainText(
    'you asked to be treated as an individual',
  )
  await expect(page.getByTestId('company-request-pending')).toContainText(
    'taken at the company rate',
  )
  await expect(page.getByRole('checkbox', { name: 'Registered company' })).not.toBeChecked()
  expect(
    (await apiCall(request, 'GET', 'account/profile', { token: realtor.token })).data
      .registered_company,
  ).toBe(true)

  await signOutByMenu(page)
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto(`/realtors/${realtor.user.reference}`)
  await expect(page.getByTestId('company-request-waiting')).toContainText(
    'asked to be treated as an individual',
  )
  await page.getByRole('link', { name: 'Approve or reject' }).click()
  await expect(page.getByTestId('company-request')).toContainText(
    'You have them as a registered company',
  )
  await page.getByRole('button', { name: 'Reject' }).click()
  await expect(toast(page)).toContainText('Registered company change rejected')
  await expect(page.getByTestId('company-request-waiting')).toHaveCount(0)
  const details = await apiCall(request, 'GET', `admin/realtor/${realtor.user.reference}`, {
    token: admin,
  })
  expect(details.data).toMatchObject({ registered_company: true, registered_company_request: null })
})
