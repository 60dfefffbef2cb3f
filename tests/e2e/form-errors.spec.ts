import crypto from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { requiredMessage } from '../../app/contract/fields'
import { ADMIN, apiCall, createStaffUser, createVerifiedUser, signIn } from './support'

const PHONE = { width: 360, height: 740 }
const DESKTOP = { width: 1280, height: 800 }

const ADD_FORMS = [
  { list: '/customers', title: 'Add customer', required: ['First name', 'Last name', 'Email'] },
  {
    list: '/realtors',
    title: 'Add realtor',
    required: ['First name', 'Last name', 'Email', 'Business name'],
  },
  { list: '/users', title: 'Add user', required: ['First name', 'Last name', 'Email'] },
] as const

const anyError = (page: Page) =>
  page.getByRole('dialog').getByText(/^(Enter|Choose|Confirm) |is required|must be/i)

for (const form of ADD_FORMS) {
  test(`${form.title} opens without errors; an empty submit shows one under each required field`, async ({
    page,
  }, testInfo) => {
    await signIn(page, ADMIN.email, ADMIN.password)
    await page.goto(form.list)
    await page.getByRole('link', { name: form.title }).click()
    const dialog = page.getByRole('dialog', { name: form.title })
    await expect(dialog).toBeVisible()
    const firstName = dialog.getByLabel('First name')
    // With JavaScript the cursor waits in the first field, and the panel opening does not take it away.
    if (testInfo.project.name === 'js') await expect(firstName).toBeFocused()
    await expect(anyError(page)).toHaveCount(0)
    await expect(dialog.locator('[aria-invalid="true"]')).toHaveCount(0)

    // Opening the address directly (a reload, a shared link) is the same.
    await page.reload()
    await expect(dialog).toBeVisible()
    if (testInfo.project.name === 'js') await expect(firstName).toBeFocused()
    await expect(anyError(page)).toHaveCount(0)

    await dialog.getByRole('button', { name: form.title }).click()
    for (const label of form.required) {
      const field = dialog.getByLabel(label, { exact: true })
      await expect(field, label).toHaveAttribute('aria-invalid', 'true')
      await expect(field, label).toHaveAccessibleDescription(requiredMessage(label))
    }
    await expect(page).toHaveURL(new RegExp(`${form.list}/new$`))
  })
}

test('leaving a required field empty shows its message; the next field stays quiet until it is left', async ({
  page,
}, testInfo) => {
  test.skip(
    testInfo.project.name === 'no-js',
    'without JavaScript only the server checks, after a post',
  )
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto('/customers/new')
  const dialog = page.getByRole('dialog', { name: 'Add customer' })
  const firstName = dialog.getByLabel('First name')
  const lastName = dialog.getByLabel('Last name')
  await firstName.click()
  await expect(anyError(page)).toHaveCount(0)
  await firstName.press('Tab')
  await expect(lastName).toBeFocused()
  await expect(firstName).toHaveAccessibleDescription('Enter your first name')
  await expect(lastName).not.toHaveAttribute('aria-invalid', 'true')
  await expect(dialog.getByText('Enter your last name')).toHaveCount(0)
  // Typing clears it.
  await firstName.fill('Amaka')
  await expect(dialog.getByText('Enter your first name')).toHaveCount(0)
})

test('Edit user: the e-mail is filled in, its hint says what changing it does, and no error shows', async ({
  page,
}) => {
  const staff = await createStaffUser(page.request, ['can_view_customer'])
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto(`/users?search=${encodeURIComponent(staff.email)}`)
  await page
    .getByRole('row')
    .filter({ hasText: staff.email })
    .getByRole('link', { name: 'Edit Bola Staff' })
    .click()
  const edit = page.getByRole('dialog', { name: 'Edit user' })
  const email = edit.getByLabel('Email', { exact: true })
  await expect(email).toHaveValue(staff.email)
  await expect(email).toHaveAccessibleDescription(
    'Changing it signs the user out and tells the old address.',
  )
  await expect(edit.getByText(/leave blank/i)).toHaveCount(0)
  await expect(anyError(page)).toHaveCount(0)
})

test("a realtor's 'Copy link' button stays on one line at phone and desktop widths", async ({
  page,
}, testInfo) => {
  test.skip(
    testInfo.project.name === 'no-js',
    'the button needs JavaScript; without it the link is selectable text',
  )
  const realtor = await createVerifiedUser(page.request, 'realtor')
  await signIn(page, realtor.email, realtor.password)
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport)
    await page.goto('/customers')
    const button = page.getByRole('button', { name: 'Copy link' })
    await expect(button).toBeVisible()
    const box = await button.boundingBox()
    expect(box, `${viewport.width} px`).not.toBeNull()
    expect(box!.height, `${viewport.width} px`).toBeLessThan(48)
    const field = await page.getByLabel('Your referral link', { exact: true }).boundingBox()
    expect(field!.height, `${viewport.width} px`).toBeLessThan(48)
  }
})

test('the verify page fits a long e-mail into a 360 px phone, breaking it only at @, . or -', async ({
  page,
}) => {
  const email = `adaeze.chukwuemeka-okonkwo.${crypto.randomBytes(4).toString('hex')}@property-investments.example-lagos.com`
  const password = 'password-123'
  const registered = await apiCall(page.request, 'POST', 'auth/register', {
    body: { email, password, first_name: 'Adaeze', last_name: 'Okonkwo', role: 'customer' },
  })
  expect(registered.status, registered.message).toBe('200')
  await page.setViewportSize(PHONE)
  await signIn(page, email, password)
  await expect(page).toHaveURL(/\/verify-email$/)
  const address = page.getByText(email, { exact: true })
  await expect(address).toBeVisible()

  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)

  // The address wraps (it is wider than the phone) and each line starts after an '@' or '-', or at a '.'.
  const lineStarts = await address.evaluate((element) => {
    const starts: Array<{ before: string; at: string }> = []
    const text = element.textContent ?? ''
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    const chars: Array<{ node: Text; offset: number }> = []
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let offset = 0; offset < (node.textContent ?? '').length; offset++)
        chars.push({ node: node as Text, offset })
    }
    let lastTop: number | null = null
    chars.forEach(({ node, offset }, index) => {
      const range = document.createRange()
      range.setStart(node, offset)
      range.setEnd(node, offset + 1)
      const top = Math.round(range.getBoundingClientRect().top)
      if (lastTop !== null && top > lastTop)
        starts.push({ before: text[index - 1], at: text[index] })
      lastTop = top
    })
    return starts
  })
  expect(lineStarts.length).toBeGreaterThan(0)
  for (const start of lineStarts) {
    expect(
      start.before === '@' || start.before === '-' || start.at === '.',
      JSON.stringify(start),
    ).toBe(true)
  }
})
