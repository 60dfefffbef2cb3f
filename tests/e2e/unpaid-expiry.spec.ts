import { expect, test } from '@playwright/test'
import { ADMIN, apiCall, apiLogin, signIn, withSettingsLock } from './support'

const toast = (page: import('@playwright/test').Page) => page.getByTestId('toast')

test('staff set how many days an unpaid subscription lives: 1 to 90, the error under the field', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  await signIn(page, ADMIN.email, ADMIN.password)
  await withSettingsLock(async () => {
    await page.goto('/settings?tab=settings')
    const card = page.getByRole('region', { name: 'Unpaid subscriptions' })
    const days = card.getByLabel('Expiry days')
    await expect(days).toHaveValue('7')
    await days.fill('91')
    await card.getByRole('button', { name: 'Save expiry days' }).click()
    await expect(card.getByText('Expiry days must be at most 90')).toBeVisible()
    await expect(days).toHaveValue('91')
    await days.fill('5')
    await card.getByRole('button', { name: 'Save expiry days' }).click()
    await expect(toast(page)).toContainText('Unpaid subscription expiry updated successfully')
    const saved = await apiCall(request, 'GET', 'admin/setting/unpaid_subscription_expiry_days', { token: admin })
    expect(saved.data).toEqual({ value: 5 })
    await expect(page.getByRole('region', { name: 'Unpaid subscriptions' }).getByLabel('Expiry days')).toHaveValue('5')
    await apiCall(request, 'POST', 'admin/setting', { token: admin, body: { type: 'unpaid_subscription_expiry_days', value: 7 } })
  })
})
