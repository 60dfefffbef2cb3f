import { expect, test, type Page } from '@playwright/test'
import { toast } from './payments-support'
import {
  ADMIN,
  apiCall,
  apiLogin,
  createStaffUser,
  createVerifiedUser,
  signIn,
  withSettingsLock,
} from './support'

const profileCard = (page: Page) =>
  page.locator('section', { has: page.getByRole('heading', { name: 'Profile', exact: true }) })
const kin = (page: Page) => profileCard(page).getByRole('group', { name: 'Next of kin' })
const payout = (page: Page) => profileCard(page).getByRole('group', { name: 'Payout bank account' })

async function fillProfile(page: Page, accountNumber: string) {
  const card = profileCard(page)
  await card.getByLabel('Phone number').first().fill('0803 123 4567')
  await card.getByLabel('Address').fill('12 Admiralty Way, Lekki Phase 1, Lagos')
  await kin(page).getByLabel('Full name').fill('Chiamaka Eze')
  await kin(page).getByLabel('Phone number').fill('0805 555 0101')
  await kin(page).getByLabel('Relationship').fill('Sister')
  await payout(page).getByLabel('Bank').selectOption({ label: 'Zenith Bank' })
  await payout(page).getByLabel('Account number').fill(accountNumber)
  await payout(page).getByLabel('Account name').fill('Ngozi Eze')
}

async function expectProfileKept(page: Page, accountNumber: string) {
  const card = profileCard(page)
  await expect(card.getByLabel('Phone number').first()).toHaveValue('0803 123 4567')
  await expect(card.getByLabel('Address')).toHaveValue('12 Admiralty Way, Lekki Phase 1, Lagos')
  await expect(kin(page).getByLabel('Full name')).toHaveValue('Chiamaka Eze')
  await expect(kin(page).getByLabel('Relationship')).toHaveValue('Sister')
  await expect(payout(page).getByLabel('Bank')).toHaveValue('zenith')
  await expect(payout(page).getByLabel('Account number')).toHaveValue(accountNumber)
  await expect(payout(page).getByLabel('Account name')).toHaveValue('Ngozi Eze')
}

async function customerFillsInProfile(page: Page) {
  const customer = await createVerifiedUser(page.request, 'customer')
  await signIn(page, customer.email, customer.password)
  await page.goto('/settings')
  await fillProfile(page, '012345678')
  await profileCard(page).getByRole('button', { name: 'Save profile' }).click()
  // Nine digits: the message sits under the account number, and nothing typed is lost.
  await expect(payout(page).getByText('Enter the 10-digit account number')).toBeVisible()
  await expect(payout(page).getByLabel('Account number')).toHaveAttribute('aria-invalid', 'true')
  await expectProfileKept(page, '012345678')

  // Setting the payout account needs the password: missing or wrong, it is said under the password
  // box, which is emptied, and everything else typed stays.
  await payout(page).getByLabel('Account number').fill('0123456789')
  await profileCard(page).getByRole('button', { name: 'Save profile' }).click()
  await expect(
    payout(page).getByText('Enter your current password to change your payout account'),
  ).toBeVisible()
  await expectProfileKept(page, '0123456789')
  await payout(page).getByLabel('Current password').fill('not-my-password')
  await profileCard(page).getByRole('button', { name: 'Save profile' }).click()
  await expect(payout(page).getByText('The current password is incorrect')).toBeVisible()
  await expect(payout(page).getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true')
  await expect(payout(page).getByLabel('Current password')).toHaveValue('')
  await expectProfileKept(page, '0123456789')

  await payout(page).getByLabel('Current password').fill(customer.password)
  await profileCard(page).getByRole('button', { name: 'Save profile' }).click()
  await expect(toast(page)).toContainText('Profile saved')
  await page.goto('/settings')
  await expectProfileKept(page, '0123456789')
  // The holder is told in the app at once (and by e-mail).
  const told = await apiCall(page.request, 'GET', 'notification', { token: customer.token })
  expect(told.data.items.map((item: { title: string }) => item.title)).toContain(
    'Payout account changed',
  )
  // Other fields change without the password while the account stays as it is.
  await profileCard(page).getByLabel('Address').fill('3 Bourdillon Road, Ikoyi, Lagos')
  await profileCard(page).getByRole('button', { name: 'Save profile' }).click()
  await expect(toast(page)).toContainText('Profile saved')
  await page.goto('/settings')
  await expect(profileCard(page).getByLabel('Address')).toHaveValue(
    '3 Bourdillon Road, Ikoyi, Lagos',
  )
  await profileCard(page).getByLabel('Address').fill('12 Admiralty Way, Lekki Phase 1, Lagos')
  await profileCard(page).getByRole('button', { name: 'Save profile' }).click()
  await expect(toast(page)).toContainText('Profile saved')
  return customer
}

test('a customer fills in the profile and payout account; a bad account number shows its message and keeps the other fields', async ({
  page,
}) => {
  const customer = await customerFillsInProfile(page)
  const saved = await apiCall(page.request, 'GET', 'account/profile', { token: customer.token })
  expect(saved.data).toMatchObject({
    bank_name: 'Zenith Bank',
    account_number: '0123456789',
    next_of_kin_phone: '0805 555 0101',
  })

  // Staff who may view customers see it on the customer's panel.
  const staff = await createStaffUser(page.request, ['can_view_customer'])
  await page.context().clearCookies()
  await signIn(page, staff.email, staff.password)
  await page.goto(`/customers/${customer.user.reference}`)
  const shown = page.getByTestId('customer-profile')
  await expect(shown).toContainText('12 Admiralty Way, Lekki Phase 1, Lagos')
  await expect(shown).toContainText('Chiamaka Eze (Sister), 0805 555 0101')
  await expect(shown).toContainText('Zenith Bank · 0123456789 · Ngozi Eze')
})

test('staff have a profile without a payout account', async ({ page }) => {
  const staff = await createStaffUser(page.request, [])
  await signIn(page, staff.email, staff.password)
  await page.goto('/settings')
  await expect(profileCard(page)).toBeVisible()
  await expect(payout(page)).toHaveCount(0)
  await profileCard(page).getByLabel('Phone number').first().fill('0809 000 1111')
  await profileCard(page).getByRole('button', { name: 'Save profile' }).click()
  await expect(toast(page)).toContainText('Profile saved')
})

test('staff with the settings permission set the company details printed on documents', async ({
  page,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password)
  await withSettingsLock(async () => {
    await page.goto('/settings?tab=settings')
    const card = page.locator('section', {
      has: page.getByRole('heading', { name: 'Company details' }),
    })
    // Keeps "Land Banking" in the name: other specs read it on the receipts.
    await card.getByLabel('Company name').fill('Land Banking Nigeria Ltd')
    await card.getByLabel('Address').fill('3 Bourdillon Road, Ikoyi, Lagos')
    await card.getByLabel('RC number').fill('RC12AB')
    await card.getByLabel('Phone number').fill('01 234 5678')
    await card.getByRole('button', { name: 'Save company details' }).click()
    await expect(card.getByText('Enter the RC number, such as RC 1234567')).toBeVisible()
    await expect(card.getByLabel('Address')).toHaveValue('3 Bourdillon Road, Ikoyi, Lagos')

    await card.getByLabel('RC number').fill('1234567')
    await card.getByRole('button', { name: 'Save company details' }).click()
    await expect(toast(page)).toContainText('Company details saved')
    await expect(card.getByLabel('RC number')).toHaveValue('RC 1234567')
    await expect(card.getByLabel('Company name')).toHaveValue('Land Banking Nigeria Ltd')
    const token = await apiLogin(page.request, ADMIN.email, ADMIN.password)
    const saved = await apiCall(page.request, 'GET', 'admin/setting/company_details', { token })
    expect(saved.data).toEqual({
      name: 'Land Banking Nigeria Ltd',
      address: '3 Bourdillon Road, Ikoyi, Lagos',
      rc_number: 'RC 1234567',
      phone: '01 234 5678',
    })
  })
})

test('staff with the settings permission set how long payouts wait after a payout account changes', async ({
  page,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password)
  await withSettingsLock(async () => {
    await page.goto('/settings?tab=settings')
    const card = page.locator('section', {
      has: page.getByRole('heading', { name: 'Payout account changes' }),
    })
    await expect(card.getByLabel('Hold hours')).toHaveValue('72')
    await card.getByLabel('Hold hours').fill('0')
    await card.getByRole('button', { name: 'Save hold hours' }).click()
    await expect(card.getByText('Hold hours must be at least 1')).toBeVisible()
    await card.getByLabel('Hold hours').fill('48')
    await card.getByRole('button', { name: 'Save hold hours' }).click()
    await expect(toast(page)).toContainText('Payout account hold saved')
    await expect(card.getByLabel('Hold hours')).toHaveValue('48')
    const token = await apiLogin(page.request, ADMIN.email, ADMIN.password)
    expect(
      (await apiCall(page.request, 'GET', 'admin/setting/payout_account_hold_hours', { token }))
        .data,
    ).toEqual({ value: 48 })
    await apiCall(page.request, 'POST', 'admin/setting', {
      token,
      body: { type: 'payout_account_hold_hours', value: 72 },
    })
  })
})

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the profile card fits the screen and saves', async ({ page }) => {
    await customerFillsInProfile(page)
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    const save = profileCard(page).getByRole('button', { name: 'Save profile' })
    const box = await save.boundingBox()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(390)
  })
})
