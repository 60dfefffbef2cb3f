import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import {
  ADMIN,
  apiCall,
  apiLogin,
  createStaffUser,
  createVerifiedUser,
  signIn,
  uniqueEmail,
} from './support'

// "Export CSV" beside a list's heading downloads the rows the list's filters select, with or without JavaScript.

test('staff export the customers a search selects, and only those', async ({ page }) => {
  const token = await apiLogin(page.request, ADMIN.email, ADMIN.password)
  const tag = `Csv${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
  const add = async (lastName: string) => {
    const email = uniqueEmail('export')
    const created = await apiCall(page.request, 'POST', 'admin/customer', {
      token,
      body: { first_name: 'Ngozi', last_name: lastName, email },
    })
    expect(created.status, created.message).toBe('200')
    return email
  }
  const wanted = [await add(tag), await add(tag), await add(tag)]
  const other = await add(`Other${tag.slice(3)}`)

  const staff = await createStaffUser(page.request, ['can_view_customer'])
  await signIn(page, staff.email, staff.password)
  await page.goto('/customers')
  await page.getByRole('searchbox').fill(tag)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(new RegExp(`search=${tag}`))
  await expect(page.getByRole('row')).toHaveCount(4)

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/)
  const text = fs.readFileSync((await download.path())!, 'utf8')
  expect(text.startsWith('\uFEFF')).toBe(true)
  const [header, ...rows] = text.slice(1).split('\r\n').filter(Boolean)
  expect(header).toBe('reference,first_name,last_name,email,registered_at,suspended')
  expect(rows).toHaveLength(3)
  expect(rows.map((row) => row.split(',')[3]).sort()).toEqual([...wanted].sort())
  expect(text).not.toContain(other)
  // The list stays where it was.
  await expect(page).toHaveURL(new RegExp(`/customers\\?page=1&search=${tag}$`))
})

test('a customer sees no Export CSV on the lists they use, and cannot reach a staff export', async ({
  page,
}) => {
  const customer = await createVerifiedUser(page.request, 'customer')
  await signIn(page, customer.email, customer.password)
  for (const path of [
    '/land-purchases',
    '/land-investments',
    '/subscriptions',
    '/investment-portfolio',
    '/customers',
  ]) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0)
  }
  // Typing the address of a staff list's export gives no file (a download would fail the goto).
  const answer = await page.goto('/export/customers')
  expect(answer?.headers()['content-type'] ?? '').not.toContain('text/csv')
  expect(await page.content()).not.toContain('reference,first_name')
})
