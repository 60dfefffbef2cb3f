import { expect, test, type Page } from '@playwright/test'
import { ADMIN, apiLogin, signIn } from './support'
import { customerOnPlan } from './payments-support'

/**
 * What is due is decided on the business's day (APP_TIME_ZONE, Lagos), whatever the browser's zone:
 * a deposit due today is "Due today" in a browser already on tomorrow (Kiritimati, 13 hours ahead)
 * or still on yesterday (Pago Pago, 12 hours behind), and the page hydrates without a mismatch.
 * At any hour one of the two is on another day than Lagos.
 */
for (const timezoneId of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
  test.describe(`a browser in ${timezoneId}`, () => {
    test.use({ timezoneId })

    test('a deposit due today is "Due today", never "Overdue", and the plan panel hydrates cleanly', async ({
      page,
      request,
    }) => {
      const problems = collectHydrationErrors(page)
      const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
      const { customer, reference } = await customerOnPlan(request, admin)
      await signIn(page, customer.email, customer.password)
      // Twice: the second load carries the browser's time zone in its cookie.
      for (let visit = 0; visit < 2; visit += 1) {
        await page.goto(`/subscriptions/${reference}/plan?page=1&type=land`)
        const plan = page.getByRole('dialog')
        const deposit = plan.getByTestId('plan-row').filter({ hasText: 'Initial deposit' })
        await expect(deposit).toContainText('Due today')
        await expect(plan).not.toContainText('Overdue')
      }
      await page.goto('/')
      await expect(page.getByTestId('next-payment')).not.toContainText('Overdue')
      expect(problems).toEqual([])
    })
  })
}

/** React's hydration errors (#418 and its kin) and any page error, as they reach the console. */
function collectHydrationErrors(page: Page) {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|#418|#423|#425/i.test(message.text()))
      problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  return problems
}
