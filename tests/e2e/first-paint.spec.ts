import { expect, test, type Page } from '@playwright/test'
import { ADMIN, signIn } from './support'

// The stylesheet is inlined in the head (app/utils/inline-stylesheet.tsx): the page is styled with no
// stylesheet to fetch, and stays styled through the browser's hydration and client-side navigations.
const SLATE_50 = 'rgb(248, 250, 252)'

const stylesheetRequests = (page: Page) => {
  const urls: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet' || /\.css(\?|$)/.test(request.url()))
      urls.push(request.url())
  })
  return urls
}

test('the sign-in page is styled without a stylesheet to fetch', async ({ page }) => {
  const requested = stylesheetRequests(page)
  await page.goto('/login')
  await expect(page.locator('body')).toHaveCSS('background-color', SLATE_50)
  await expect(page.getByRole('button', { name: 'Sign In' })).not.toHaveCSS(
    'background-color',
    'rgba(0, 0, 0, 0)',
  )
  expect(requested).toEqual([])
})

test('pages stay styled from one to the next, signed in', async ({ page, javaScriptEnabled }) => {
  const requested = stylesheetRequests(page)
  await signIn(page, ADMIN.email, ADMIN.password)
  const menu = page.getByRole('navigation', { name: 'Main' })
  for (const label of ['Acquire Land', 'Investment Options', 'Dashboard']) {
    await menu.getByRole('link', { name: label }).click()
    await expect(menu.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page')
    await expect(page.locator('body')).toHaveCSS('background-color', SLATE_50)
  }
  if (javaScriptEnabled) await expect(page.locator('html')).not.toHaveClass(/no-js/)
  expect(requested).toEqual([])
})

test.describe('the browser’s time zone', () => {
  test.use({ timezoneId: 'America/New_York' })

  test('is kept in a cookie once the page has loaded, for the dates the server writes', async ({
    page,
    context,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, 'the page reads the time zone with a script')
    await page.goto('/login')
    await expect
      .poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'tz')?.value)
      .toBe(encodeURIComponent('America/New_York'))
  })
})
