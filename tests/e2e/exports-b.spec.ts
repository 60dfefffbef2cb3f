import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import { landWithPlan, markByApi, payByApi, subscribe } from './payments-support'
import { ADMIN, apiLogin, createStaffUser, createVerifiedUser, signIn } from './support'

/** "Export CSV" on /titles downloads the rows the list shows under its filter, and no others. */

test('on /titles searched for one customer, Export CSV downloads exactly that customer’s purchases', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const land = await landWithPlan(request, admin)
  const purchase = async (customer: { token: string }) => {
    const reference = await subscribe(request, customer.token, {
      type: 'land',
      product_id: land.reference,
      payment_mode: 'full',
    })
    await markByApi(
      request,
      admin,
      await payByApi(request, customer.token, reference, 900_000),
      'paid',
    )
    return reference
  }
  const chosen = await createVerifiedUser(request)
  const other = await createVerifiedUser(request)
  const references = [await purchase(chosen), await purchase(chosen)]
  const otherReference = await purchase(other)
  const staff = await createStaffUser(request, ['can_manage_titles'])

  await signIn(page, staff.email, staff.password)
  await page.goto('/titles')
  await page.getByRole('search').getByRole('searchbox').fill(chosen.email)
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/\/titles\?page=1&search=/)
  await expect(page.getByTestId('title-row')).toHaveCount(2)

  const link = page.getByRole('link', { name: 'Export CSV' })
  await expect(link).toHaveAttribute(
    'href',
    `/export/titles?search=${encodeURIComponent(chosen.email)}`,
  )
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  expect(download.suggestedFilename()).toMatch(/^titles-\d{4}-\d{2}-\d{2}\.csv$/)
  const text = fs.readFileSync((await download.path())!, 'utf8')
  expect(
    text.startsWith('\uFEFFreference,product_reference,product,customer_reference,customer,'),
  ).toBe(true)
  const lines = text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
  expect(lines).toHaveLength(3)
  expect(
    lines
      .slice(1)
      .map((line) => line.split(',')[0])
      .sort(),
  ).toEqual([...references].sort())
  expect(text).not.toContain(otherReference)
  // The download leaves the list where it was.
  await expect(page).toHaveURL(/\/titles\?page=1&search=/)
  await expect(page.getByTestId('title-row')).toHaveCount(2)
})
