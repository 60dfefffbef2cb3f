import { expect, test } from '@playwright/test'
import { ADMIN, signIn } from './support'

// Menu entries, list cards, rows and page links are AbsoluteLink (app/components/ui/absolute-link.tsx):
// an anchor that navigates in place once the page runs its scripts, as Remix's <Link> does.

test('a menu link opens its page in place, and with Ctrl or Cmd in a new tab', async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  test.skip(
    !javaScriptEnabled,
    'without JavaScript every link is a page load, which the other tests cover',
  )
  await signIn(page, ADMIN.email, ADMIN.password)
  const menu = page.getByRole('navigation', { name: 'Main' })
  await expect(menu.getByRole('link', { name: 'Customers' })).toHaveAttribute('href', '/customers')

  // A value kept on the window survives only a navigation in place.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }))
  await menu.getByRole('link', { name: 'Customers' }).click()
  await expect(page).toHaveURL('/customers')
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible()
  await expect(menu.getByRole('link', { name: 'Customers' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)

  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    menu.getByRole('link', { name: 'Realtors' }).click({ modifiers: ['ControlOrMeta'] }),
  ])
  await expect(tab).toHaveURL(/\/realtors$/)
  await expect(page).toHaveURL('/customers')
  await tab.close()

  // Back returns to the page before, still in place.
  await page.goBack()
  await expect(page).toHaveURL('/')
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)
})
