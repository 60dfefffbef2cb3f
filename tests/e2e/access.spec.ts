import { expect, test } from '@playwright/test'
import { PROTECTED_PATHS, PUBLIC_ONLY_PATHS, registerByForm } from './auth-support'
import { ADMIN, createVerifiedUser, signIn } from './support'

test('an unknown path shows the centred not-found page with status 404', async ({ page }) => {
  const response = await page.goto('/no/such/page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  // Signed in it is the same page.
  await signIn(page, ADMIN.email, ADMIN.password)
  expect((await page.goto('/nothing-here'))?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
})

test('a signed-out visitor of / goes to /login, and after sign-in is sent to /', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible()
  await signIn(page, ADMIN.email, ADMIN.password)
  await expect(page).toHaveURL(/\/$/)
})

for (const path of [...PROTECTED_PATHS, '/verify-email']) {
  test(`signed out, ${path} goes to /login`, async ({ page }) => {
    await page.goto(path)
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible()
  })
}

for (const path of PROTECTED_PATHS) {
  test(`an unverified user opening ${path} goes to /verify-email`, async ({ page }) => {
    await registerByForm(page.request)
    await page.goto(path)
    await expect(page).toHaveURL(/\/verify-email$/)
    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible()
  })
}

test('a verified user opening /verify-email goes to /', async ({ page, request }) => {
  const user = await createVerifiedUser(request)
  await signIn(page, user.email, user.password)
  await page.goto('/verify-email')
  await expect(page).toHaveURL(/\/$/)
})

test('a signed-in user opening a public-only page is sent to /', async ({ page, request }) => {
  const user = await createVerifiedUser(request)
  await signIn(page, user.email, user.password)
  for (const path of [
    ...PUBLIC_ONLY_PATHS,
    '/reset-password?token=anything',
    '/register?ref=RLT-ANY',
  ]) {
    await page.goto(path)
    await expect(page, path).toHaveURL(/\/$/)
  }
})

test('an unverified user opening a public-only page is sent to / and from there to /verify-email', async ({
  page,
}) => {
  await registerByForm(page.request)
  for (const path of PUBLIC_ONLY_PATHS) {
    await page.goto(path)
    await expect(page, path).toHaveURL(/\/verify-email$/)
  }
})
