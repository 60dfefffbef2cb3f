import { expect, test } from '@playwright/test'
import { ADMIN, signIn } from './support'

test('an unknown path shows the not-found page with status 404', async ({ page }) => {
  const response = await page.goto('/no/such/page')
  expect(response?.status()).toBe(404)
  await expect(page.getByText('Oops!!')).toBeVisible()
  await expect(page.getByText('Page Not Found')).toBeVisible()
})

test('a signed-out visitor of / goes to /login, and the super admin signs in to /', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible()
  await signIn(page, ADMIN.email, ADMIN.password)
  await expect(page).toHaveURL(/\/$/)
})
