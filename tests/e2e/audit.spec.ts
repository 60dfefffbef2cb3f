import { expect, test } from '@playwright/test'
import { downloadFrom } from './payments-support'
import { ADMIN, apiCall, apiLogin, createStaffUser, signIn, uniqueEmail } from './support'

/** A customer added and renamed by staff through the API: the two entries the trail must show. */
async function renamedCustomer(request: Parameters<typeof apiLogin>[0]) {
  const staff = await createStaffUser(request, ['can_view_customer', 'can_modify_customer'])
  const token = await apiLogin(request, staff.email, staff.password)
  const email = uniqueEmail('audited')
  const made = await apiCall(request, 'POST', 'admin/customer', {
    token,
    body: { first_name: 'Ifeoma', last_name: 'Nwosu', email },
  })
  expect(made.status, made.message).toBe('200')
  const reference = made.data.reference as string
  const renamed = await apiCall(request, 'POST', `admin/customer/${reference}`, {
    token,
    body: { first_name: 'Ifeoma', last_name: 'Nwosu-Eze', email },
  })
  expect(renamed.status, renamed.message).toBe('200')
  return { reference, staff }
}

test('the super admin finds a customer’s changes on /audit by its reference, sees what changed, and exports that list', async ({
  page,
  request,
}) => {
  const { reference } = await renamedCustomer(request)
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.getByRole('navigation').getByRole('link', { name: 'Audit' }).click()
  await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible()

  await page.getByLabel('Record reference').fill(reference)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(`/audit?page=1&record=${reference}`)
  const entries = page.getByTestId('audit-entry')
  await expect(entries).toHaveCount(2)
  await expect(entries.nth(0)).toContainText('Changed customer by Bola Staff')
  await expect(entries.nth(1)).toContainText('Added customer by Bola Staff')
  await entries.nth(0).getByText('Details').click()
  await expect(entries.nth(0).getByRole('definition')).toContainText('Nwosu → Nwosu-Eze')

  const { download, bytes } = await downloadFrom(page, () =>
    page.getByRole('link', { name: 'Export CSV' }).click(),
  )
  expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/)
  const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n')
  expect(lines).toHaveLength(3)
  expect(lines[1]).toContain(`,customer.updated,customer,${reference},`)
  expect(lines[2]).toContain(`,customer.created,customer,${reference},`)
})

test('the customer’s details panel has its History; the person who made the change opens the same entries from it', async ({
  page,
  request,
}) => {
  const { reference } = await renamedCustomer(request)
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto(`/customers/${reference}`)
  const history = page.getByTestId('record-history')
  await expect(history.getByRole('heading', { name: 'History' })).toBeVisible()
  await expect(history.getByTestId('audit-entry')).toHaveCount(2)
  await history.getByRole('link', { name: 'Open in the audit trail' }).click()
  await expect(page).toHaveURL(`/audit?page=1&record=${reference}`)
  await expect(page.getByTestId('audit-entry')).toHaveCount(2)
})

test('staff without can_view_audit get no Audit entry, no History, and are refused the page and its export', async ({
  page,
  request,
}) => {
  const { reference, staff } = await renamedCustomer(request)
  await signIn(page, staff.email, staff.password)
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Audit' })).toHaveCount(0)
  await page.goto(`/customers/${reference}`)
  await expect(page.getByRole('dialog')).toContainText('Nwosu-Eze')
  await expect(page.getByTestId('record-history')).toHaveCount(0)
  await page.goto('/audit')
  await expect(page.getByText('Access denied')).toBeVisible()
  const refused = await page.request.get('/export/audit', { maxRedirects: 0 })
  expect(refused.status()).toBe(302)
  expect(refused.headers()['content-type'] ?? '').not.toContain('text/csv')

  const auditor = await createStaffUser(request, ['can_view_audit'])
  await page.context().clearCookies()
  await signIn(page, auditor.email, auditor.password)
  await page.getByRole('navigation').getByRole('link', { name: 'Audit' }).click()
  await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible()
})
