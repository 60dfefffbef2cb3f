import { expect, test } from '@playwright/test'
import { apiCall, createVerifiedUser, mailCount, signIn, uniqueEmail } from './support'

// LIMITS.accountsCreatedByAccount in app/backend/rate-limit (30 an hour).
const CREATED_PER_HOUR = 30
const CREATION_LIMIT_MESSAGE =
  'You have added too many accounts in the last hour. Please try again later.'

test('past the hourly limit of accounts added, the Add customer panel shows the message and keeps what was typed', async ({
  page,
}) => {
  const realtor = await createVerifiedUser(page.request, 'realtor')
  for (let index = 0; index < CREATED_PER_HOUR; index++) {
    const added = await apiCall(page.request, 'POST', 'admin/customer', {
      token: realtor.token,
      body: { first_name: 'Bola', last_name: 'Ade', email: uniqueEmail('limit') },
    })
    expect(added.status, added.message).toBe('200')
  }

  await signIn(page, realtor.email, realtor.password)
  const response = await page.goto('/customers/new')
  expect(response?.status()).toBe(200)
  const dialog = page.getByRole('dialog', { name: 'Add customer' })
  const email = uniqueEmail('refused')
  await dialog.getByLabel('First name').fill('Amaka')
  await dialog.getByLabel('Last name').fill('Nwosu')
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByRole('button', { name: 'Add customer' }).click()
  await expect(dialog.getByText(CREATION_LIMIT_MESSAGE)).toBeVisible()
  await expect(dialog.getByLabel('Email')).toHaveValue(email)
  await expect(dialog.getByLabel('First name')).toHaveValue('Amaka')
  expect(mailCount(email)).toBe(0)
})
