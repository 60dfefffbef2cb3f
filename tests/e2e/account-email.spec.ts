import { expect, test } from '@playwright/test'
import { toast } from './payments-support'
import {
  ADMIN,
  apiCall,
  apiLogin,
  createStaffUser,
  createVerifiedUser,
  linkFrom,
  signIn,
  uniqueEmail,
  waitForMail,
} from './support'

const emailCard = (page: import('@playwright/test').Page) =>
  page.locator('section', { has: page.getByRole('heading', { name: 'Change email' }) })

test('changing your own e-mail waits for the link sent to the new address, then signs in there', async ({
  page,
}) => {
  const customer = await createVerifiedUser(page.request, 'customer')
  const wanted = uniqueEmail('moved')
  await signIn(page, customer.email, customer.password)
  await page.goto('/settings')
  const card = emailCard(page)
  await card.getByLabel('New email').fill(wanted)
  await card.getByLabel('Password').fill('not-my-password')
  await card.getByRole('button', { name: 'Change email' }).click()
  await expect(card.getByText('The current password is incorrect')).toBeVisible()
  await expect(card.getByLabel('New email')).toHaveValue(wanted)

  await card.getByLabel('Password').fill(customer.password)
  await card.getByRole('button', { name: 'Change email' }).click()
  await expect(toast(page)).toContainText(`We have sent a confirmation link to ${wanted}`)
  await expect(emailCard(page).getByText(`Pending confirmation of ${wanted}`)).toBeVisible()
  expect(
    await waitForMail(customer.email, { contains: /A change of your email address was requested/ }),
  ).toContain(wanted)
  // Nothing has changed yet: the account still signs in with its old address.
  expect(
    (
      await apiCall(page.request, 'POST', 'auth/login', {
        body: { email: wanted, password: customer.password },
      })
    ).httpStatus,
  ).toBe(401)

  // Opening the link changes nothing by itself; the button confirms, and this session stays signed in.
  const link = linkFrom(await waitForMail(wanted, { contains: /confirm-email/ }))
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Confirm your new email' })).toBeVisible()
  expect(
    (
      await apiCall(page.request, 'POST', 'auth/login', {
        body: { email: wanted, password: customer.password },
      })
    ).httpStatus,
  ).toBe(401)
  await page.getByRole('button', { name: 'Confirm email address' }).click()
  await expect(page).toHaveURL(/\/settings$/)
  await expect(toast(page)).toContainText('Your email address has been changed')
  await expect(
    page.getByRole('region', { name: 'Account information' }).getByText(wanted),
  ).toBeVisible()
  await expect(emailCard(page).getByText('Pending confirmation')).toHaveCount(0)
  // The old session token of the API (the customer's sign-up) is gone; the old address no longer signs in.
  expect(
    (await apiCall(page.request, 'GET', 'auth/me', { token: customer.token })).httpStatus,
  ).toBe(401)
  expect(
    (
      await apiCall(page.request, 'POST', 'auth/login', {
        body: { email: customer.email, password: customer.password },
      })
    ).httpStatus,
  ).toBe(401)

  // The link worked once.
  await page.goto(link)
  await page.getByRole('button', { name: 'Confirm email address' }).click()
  await expect(page.getByText('This link is invalid or has expired')).toBeVisible()
})

test('the confirmation link works signed out, and the new address then signs in', async ({
  page,
}) => {
  const customer = await createVerifiedUser(page.request, 'customer')
  const wanted = uniqueEmail('moved-out')
  const asked = await apiCall(page.request, 'POST', 'account/email', {
    token: customer.token,
    body: { email: wanted, current_password: customer.password },
  })
  expect(asked.status, asked.message).toBe('200')
  const link = linkFrom(await waitForMail(wanted, { contains: /confirm-email/ }))
  await page.goto(link)
  await page.getByRole('button', { name: 'Confirm email address' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(toast(page)).toContainText(
    `Your email address has been changed. Sign in with ${wanted}.`,
  )
  await signIn(page, wanted, customer.password)
  await expect(page).toHaveURL(/\/$/)
})

test('the confirmation page without its token is the not-found view', async ({ page }) => {
  expect((await page.goto('/confirm-email'))?.status()).toBe(404)
})

test("a realtor cannot lift staff's suspension of its customer: the list says so in a toast", async ({
  page,
}) => {
  const realtor = await createVerifiedUser(page.request, 'realtor')
  const customer = await createVerifiedUser(page.request, 'customer', {
    referral: realtor.user.reference,
  })
  const admin = await apiLogin(page.request, ADMIN.email, ADMIN.password)
  const suspended = await apiCall(
    page.request,
    'POST',
    `admin/customer/${customer.user.uuid}/suspend`,
    {
      token: admin,
      body: { is_suspended: true },
    },
  )
  expect(suspended.status, suspended.message).toBe('200')

  await signIn(page, realtor.email, realtor.password)
  await page.goto(`/customers?page=1&search=${encodeURIComponent(customer.email)}`)
  await page.getByRole('link', { name: 'Unsuspend Chidi Okafor' }).click()
  await page
    .getByRole('alertdialog', { name: 'Unsuspend Chidi Okafor?' })
    .getByRole('button', { name: 'Unsuspend' })
    .click()
  await expect(toast(page)).toContainText('Only staff can lift this suspension')
  await expect(page.getByRole('row').filter({ hasText: customer.email })).toContainText('Suspended')
})

test('an admin editing someone who holds more permissions sees the refusal on the form, and nothing changes', async ({
  page,
}) => {
  const editor = await createStaffUser(page.request, ['can_modify_user'])
  const target = await createStaffUser(page.request, ['can_modify_user', 'can_modify_setting'])
  const admin = await apiLogin(page.request, ADMIN.email, ADMIN.password)
  const found = await apiCall(
    page.request,
    'GET',
    `admin/user?search=${encodeURIComponent(target.email)}`,
    { token: admin },
  )
  const uuid = found.data.items[0].uuid as string

  await signIn(page, editor.email, editor.password)
  await page.goto(`/users/${uuid}/edit`)
  const edit = page.getByRole('dialog', { name: 'Edit user' })
  await edit.getByLabel('Email').fill(uniqueEmail('grab'))
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(
    page.getByText('You cannot change someone who holds permissions you do not have'),
  ).toBeVisible()
  const after = await apiCall(page.request, 'GET', `admin/user/${uuid}`, { token: admin })
  expect(after.data.email).toBe(target.email)
})
