import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { customerOnPlan, markByApi, payByApi } from './payments-support'
import { ADMIN, apiLogin, signIn } from './support'

/**
 * The main pages at phone and desktop widths, with and without JavaScript: each shows its heading,
 * nothing makes the page scroll sideways, and a full-page screenshot goes to
 * test-results/screenshots/<project>/<width>/ for a person to look over (no pixel comparison).
 */
const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const

const CUSTOMER_PAGES = [
  { path: '/', heading: 'Dashboard', file: 'customer-dashboard' },
  { path: '/land-purchases', heading: 'Acquire Land', file: 'customer-land-catalogue' },
  {
    path: '/land-investments',
    heading: 'Investment Options',
    file: 'customer-investment-catalogue',
  },
  { path: '/subscriptions', heading: 'Land Subscriptions', file: 'customer-land-subscriptions' },
  {
    path: '/investment-portfolio',
    heading: 'Investment Portfolio',
    file: 'customer-investment-portfolio',
  },
  { path: '/settings', heading: 'Settings', file: 'customer-settings' },
]

const STAFF_PAGES = [
  { path: '/', heading: 'Dashboard', file: 'staff-dashboard' },
  { path: '/customers', heading: 'Customers', file: 'staff-customers' },
  { path: '/subscriptions', heading: 'Land Subscriptions', file: 'staff-land-subscriptions' },
  { path: '/reconciliation', heading: 'Reconciliation', file: 'staff-reconciliation' },
  { path: '/settings', heading: 'Settings', file: 'staff-settings' },
]

async function showsWithoutSidewaysScroll(
  page: Page,
  { path: address, heading }: { path: string; heading: string },
) {
  const response = await page.goto(address)
  expect(response?.status(), address).toBe(200)
  await expect(
    page.getByRole('heading', { level: 1, name: heading, exact: true }),
    address,
  ).toBeVisible()
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  )
  expect(overflow, `${address} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0)
}

for (const width of WIDTHS) {
  test.describe(`${width.name} width`, () => {
    test.use({ viewport: width.viewport })

    test(`the main pages fit a ${width.viewport.width}px screen, for a customer with one plot part-paid and for staff`, async ({
      page,
      request,
    }, testInfo) => {
      const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
      const { customer, reference } = await customerOnPlan(request, admin)
      const deposit = await payByApi(request, customer.token, reference, 250_000)
      await markByApi(request, admin, deposit, 'paid')

      const folder = path.join('test-results', 'screenshots', testInfo.project.name, width.name)
      await signIn(page, customer.email, customer.password)
      for (const screen of CUSTOMER_PAGES) {
        await showsWithoutSidewaysScroll(page, screen)
        await page.screenshot({ path: path.join(folder, `${screen.file}.png`), fullPage: true })
      }

      await page.context().clearCookies()
      await signIn(page, ADMIN.email, ADMIN.password)
      for (const screen of STAFF_PAGES) {
        await showsWithoutSidewaysScroll(page, screen)
        await page.screenshot({ path: path.join(folder, `${screen.file}.png`), fullPage: true })
      }
    })
  })
}
