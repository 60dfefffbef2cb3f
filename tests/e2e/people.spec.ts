import { expect, test, type Page } from '@playwright/test'
import {
  ADMIN,
  apiCall,
  apiLogin,
  createStaffUser,
  createVerifiedUser,
  linkFrom,
  setPasswordThroughApi,
  signIn,
  uniqueEmail,
  waitForMail,
  withSettingsLock,
} from './support'

// The sidebar has a 'Settings' link too: the tab is the one in the page's own navigation.
const settingsTab = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('link', { name: 'Settings', exact: true })

const toast = (page: Page) => page.getByTestId('toast')

test('an admin with can_modify_customer adds a customer, who sets a password from the mail and signs in', async ({
  page,
}) => {
  const admin = await createStaffUser(page.request, ['can_modify_customer'])
  await signIn(page, admin.email, admin.password)
  await page.goto('/customers')
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible()
  await page.getByRole('link', { name: 'Add customer' }).click()
  await expect(page).toHaveURL(/\/customers\/new$/)
  const dialog = page.getByRole('dialog', { name: 'Add customer' })

  // The server's rules answer first: a taken e-mail is shown under the field.
  await dialog.getByLabel('First name').fill('Amaka')
  await dialog.getByLabel('Last name').fill('Nwosu')
  await dialog.getByLabel('Email').fill(admin.email)
  await dialog.getByRole('button', { name: 'Add customer' }).click()
  await expect(dialog.getByText('The email has already been taken')).toBeVisible()

  const email = uniqueEmail('amaka')
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByRole('button', { name: 'Add customer' }).click()
  await expect(toast(page)).toContainText('Customer created successfully')
  await expect(page).toHaveURL(/\/customers$/)
  const row = page.getByRole('row').filter({ hasText: email })
  await expect(row).toContainText('Amaka Nwosu')
  await expect(row).toContainText('Active')
  await expect(row).toContainText(/CUS-[A-Z2-9]{8}/)
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4}/)

  await page.context().clearCookies()
  const link = new URL(linkFrom(await waitForMail(email, { contains: /set-password/ })))
  await page.goto(link.pathname + link.search)
  await page.getByLabel('Password', { exact: true }).fill('amaka-password-1')
  await page.getByLabel('Confirm password').fill('amaka-password-1')
  await page.getByRole('button', { name: 'Set Password' }).click()
  await expect(page).toHaveURL(/\/$/)

  await page.context().clearCookies()
  await signIn(page, email, 'amaka-password-1')
  await expect(page).toHaveURL(/\/$/)
})

test('suspend and unsuspend a customer through the confirmation modal', async ({ page }) => {
  const customer = await createVerifiedUser(page.request, 'customer')
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto('/customers')
  await page.getByRole('searchbox').fill(customer.email)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(
    new RegExp(`/customers\\?page=1&search=${encodeURIComponent(customer.email)}$`),
  )
  await expect(page.getByRole('row')).toHaveCount(2)

  await page.getByRole('link', { name: 'Suspend Chidi Okafor' }).click()
  const modal = page.getByRole('alertdialog', { name: 'Suspend Chidi Okafor?' })
  await expect(modal).toBeVisible()
  await modal.getByRole('link', { name: 'Cancel' }).click()
  await expect(modal).toBeHidden()
  await expect(page.getByRole('row').filter({ hasText: customer.email })).toContainText('Active')

  await page.getByRole('link', { name: 'Suspend Chidi Okafor' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Suspend' }).click()
  await expect(toast(page)).toContainText('Suspended successfully')
  await expect(page).toHaveURL(/\/customers\?page=1&search=/)
  await expect(page.getByRole('row').filter({ hasText: customer.email })).toContainText('Suspended')

  // The suspended customer is signed out and cannot sign in.
  expect(
    (await apiCall(page.request, 'GET', 'auth/me', { token: customer.token })).httpStatus,
  ).toBe(401)
  const refused = await apiCall(page.request, 'POST', 'auth/login', {
    body: { email: customer.email, password: customer.password },
  })
  expect(refused.httpStatus).toBe(403)

  await page.getByRole('link', { name: 'Unsuspend Chidi Okafor' }).click()
  await page
    .getByRole('alertdialog', { name: 'Unsuspend Chidi Okafor?' })
    .getByRole('button', { name: 'Unsuspend' })
    .click()
  await expect(toast(page)).toContainText('unsuspended successfully')
  await expect(page.getByRole('row').filter({ hasText: customer.email })).toContainText('Active')
  await apiLogin(page.request, customer.email, customer.password)
})

test('the super admin creates a user with two permissions and edits them', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto('/users')
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()
  await page.getByRole('link', { name: 'Add user' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add user' })
  const email = uniqueEmail('kemi')
  await dialog.getByLabel('First name').fill('Kemi')
  await dialog.getByLabel('Last name').fill('Adeyemi')
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('View customers').check()
  await dialog.getByLabel('View realtors').check()
  await dialog.getByRole('button', { name: 'Add user' }).click()
  await expect(toast(page)).toContainText('User created successfully')
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Kemi Adeyemi')

  const token = await apiLogin(page.request, ADMIN.email, ADMIN.password)
  const listed = await apiCall(
    page.request,
    'GET',
    `admin/user?search=${encodeURIComponent(email)}`,
    { token },
  )
  expect(listed.data.items[0].permissions).toEqual(['can_view_customer', 'can_view_realtor'])

  // Edit: names are locked, a blank e-mail keeps the current one, one permission swapped.
  await page
    .getByRole('row')
    .filter({ hasText: email })
    .getByRole('link', { name: 'Edit Kemi Adeyemi' })
    .click()
  const edit = page.getByRole('dialog', { name: 'Edit user' })
  await expect(edit.getByLabel('First name')).toHaveValue('Kemi')
  await expect(edit.getByLabel('First name')).not.toBeEditable()
  await expect(edit.getByLabel('View customers')).toBeChecked()
  await edit.getByLabel('Email').fill('')
  await edit.getByLabel('View realtors').uncheck()
  await edit.getByLabel('Change settings').check()
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(toast(page)).toContainText('User updated successfully')
  const edited = await apiCall(
    page.request,
    'GET',
    `admin/user?search=${encodeURIComponent(email)}`,
    { token },
  )
  expect(edited.data.items[0]).toMatchObject({
    email,
    permissions: ['can_modify_setting', 'can_view_customer'],
  })

  // Signed in, the user sees exactly the menu its permissions open, and reaches those pages only.
  await page.context().clearCookies()
  await setPasswordThroughApi(page.request, email, 'kemi-password-1')
  await signIn(page, email, 'kemi-password-1')
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
    'Dashboard',
    'Acquire Land',
    'Investment Options',
    'Land Subscriptions',
    'Investment Portfolio',
    'Customers',
    'Settings',
  ])
  await page.goto('/customers')
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible()
  await page.goto('/settings?tab=settings')
  await expect(settingsTab(page)).toHaveAttribute('aria-current', 'page')
  for (const path of ['/realtors', '/users']) {
    const response = await page.goto(path)
    expect(response?.status()).toBe(403)
    await expect(page.getByText('Access denied')).toBeVisible()
  }
})

test('a realtor sees its referral link and only its own customers', async ({ page }) => {
  const realtor = await createVerifiedUser(page.request, 'realtor')
  const referred = await createVerifiedUser(page.request, 'customer', {
    referral: realtor.user.reference,
  })
  const stranger = await createVerifiedUser(page.request, 'customer')
  await signIn(page, realtor.email, realtor.password)
  await page.goto('/customers')
  await expect(page.getByLabel('Your referral link', { exact: true })).toHaveValue(
    new RegExp(`/register\\?ref=${realtor.user.reference}$`),
  )
  await expect(page.getByRole('row').filter({ hasText: referred.email })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: stranger.email })).toHaveCount(0)
  const response = await page.goto(`/customers/${stranger.user.reference}?search=Okafor`)
  expect(response?.status()).toBe(404)
  // The panel says so over the list, and its way back keeps the list's search.
  const missing = page.getByRole('dialog', { name: 'Not found' })
  await expect(missing.getByRole('alert')).toHaveText(
    'This record does not exist, or you may not see it.',
  )
  await missing.getByRole('link', { name: 'Back to the list' }).click()
  await expect(page).toHaveURL(/\/customers\?(page=1&)?search=Okafor$/)
  await expect(page.getByRole('row').filter({ hasText: referred.email })).toBeVisible()
  await page.goto(`/customers/${referred.user.reference}`)
  const details = page.getByRole('dialog', { name: 'Customer details' })
  await expect(details).toContainText(referred.email)
  await expect(details).toContainText('Okafor Realty')
  await expect(details).toContainText('No subscriptions yet.')
  expect((await page.goto('/realtors'))?.status()).toBe(403)
})

test('the date filter and a customer without access', async ({ page }) => {
  const customer = await createVerifiedUser(page.request, 'customer')
  await signIn(page, customer.email, customer.password)
  const response = await page.goto('/customers')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible()
  await expect(page.getByText('Access denied')).toBeVisible()
  // No tabs on /settings without can_modify_setting: account information only.
  await page.goto('/settings')
  await expect(page.getByRole('heading', { name: 'Account information' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Settings sections' })).toHaveCount(0)

  await page.context().clearCookies()
  await signIn(page, ADMIN.email, ADMIN.password)
  // The date box takes the product's DD/MM/YYYY whatever the browser's locale.
  const today = new Date().toLocaleDateString('en-GB', { timeZone: 'Africa/Lagos' })
  await page.goto(`/customers?page=1&search=${encodeURIComponent(customer.email)}`)
  // The box says which date it filters on screen, not only to a screen reader.
  const label = page.getByTestId('date-filter-label')
  await expect(label).toHaveText('Date registered')
  expect((await label.boundingBox())?.width ?? 0).toBeGreaterThan(40)
  await page.getByLabel('Date registered').fill(today)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(new RegExp(`date_registered=${encodeURIComponent(today)}`))
  await expect(page.getByRole('row').filter({ hasText: customer.email })).toBeVisible()
  await expect(page.getByLabel('Date registered')).toHaveValue(today)
  await page.goto(
    `/customers?page=1&search=${encodeURIComponent(customer.email)}&date_registered=01/01/2020`,
  )
  await expect(page.getByText('No customer available')).toBeVisible()
  await page.goto(`/customers?page=1&date_registered=${encodeURIComponent('31/02/2026')}`)
  await expect(page.getByText('Enter the date as DD/MM/YYYY, for example 22/11/2026')).toBeVisible()
  await expect(page.getByLabel('Date registered')).toHaveValue('31/02/2026')
})

test('changing the password signs out, and the new password works', async ({ page }) => {
  const customer = await createVerifiedUser(page.request, 'customer')
  await signIn(page, customer.email, customer.password)
  await page.goto('/settings')
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await expect(page.getByText(customer.email)).toBeVisible()
  // The profile form asks for the current password too, for a payout account change.
  const changePassword = page.getByRole('region', { name: 'Change password' })
  await changePassword.getByLabel('Current password').fill('not-my-password')
  await changePassword.getByLabel('New password').fill('brand-new-password-1')
  await changePassword.getByLabel('Confirm password').fill('brand-new-password-1')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('The current password is incorrect')).toBeVisible()

  await changePassword.getByLabel('Current password').fill(customer.password)
  await changePassword.getByLabel('New password').fill('brand-new-password-1')
  await changePassword.getByLabel('Confirm password').fill('brand-new-password-1')
  await page.getByRole('button', { name: 'Change password' }).click()
  // With JavaScript the toast shows on /settings for the second before signing out: waitFor
  // watches every frame, where expect's polling could step over so short a window.
  await toast(page).filter({ hasText: 'Password changed successfully' }).waitFor()
  await expect(page).toHaveURL(/\/login$/)
  const old = await apiCall(page.request, 'POST', 'auth/login', {
    body: { email: customer.email, password: customer.password },
  })
  expect(old.httpStatus).toBe(401)
  await signIn(page, customer.email, 'brand-new-password-1')
  await expect(page).toHaveURL(/\/$/)
})

test('bank details and reminder days edited on /settings; a customer reads the bank details', async ({
  page,
}) => {
  const customer = await createVerifiedUser(page.request, 'customer')
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto('/settings')
  await settingsTab(page).click()
  await expect(page).toHaveURL(/\/settings\?tab=settings$/)
  const accountNumber = String(Date.now()).slice(-10)
  await withSettingsLock(async () => {
    await page.getByLabel('Account number').fill(accountNumber)
    await page.getByLabel('Account name').fill('Land Banking Escrow')
    await page.getByLabel('Bank name').fill('Access Bank')
    await page.getByRole('button', { name: 'Save bank details' }).click()
    await expect(toast(page)).toContainText('Bank details updated successfully')
    const read = await apiCall(page.request, 'GET', 'admin/setting/bank_details', {
      token: customer.token,
    })
    expect(read.data).toEqual({
      account_number: accountNumber,
      account_name: 'Land Banking Escrow',
      bank_name: 'Access Bank',
    })

    await page.getByLabel('Reminder days').fill('7')
    await page.getByRole('button', { name: 'Save reminder days' }).click()
    await expect(toast(page)).toContainText('Payment reminder days saved')
    await expect(page.getByLabel('Reminder days')).toHaveValue('7')
  })
  await page.getByLabel('Account number').fill('12ab')
  await page.getByRole('button', { name: 'Save bank details' }).click()
  await expect(page.getByText('Account number must be 10 digits')).toBeVisible()
})
