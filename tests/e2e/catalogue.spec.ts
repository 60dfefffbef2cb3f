import crypto from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { encodePng } from '../../app/backend/files/png'
import { ADMIN, apiCall, apiLogin, createVerifiedUser, signIn } from './support'

const token = () => crypto.randomBytes(4).toString('hex')

/** A small real PNG (a green field under a blue sky) to upload from the browser. */
function pngFile(name: string) {
  const width = 24
  const height = 16
  const pixels = new Uint8Array(width * height * 3)
  for (let index = 0; index < width * height; index++)
    pixels.set(index < (width * height) / 2 ? [110, 170, 230] : [70, 150, 60], index * 3)
  return { name, mimeType: 'image/png', buffer: Buffer.from(encodePng(width, height, pixels)) }
}

async function search(page: Page, text: string) {
  const box = page.getByPlaceholder('Search for products')
  await box.fill(text)
  await box.press('Enter')
}

/** Picks a filter; without JavaScript the form's Search button submits it. */
async function filter(page: Page, label: string, option: string, javaScriptEnabled: boolean) {
  await page.getByLabel(label, { exact: true }).selectOption({ label: option })
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Search', exact: true }).click()
}

test('both lists browse, filter, search and page, with the address bar following', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const tag = `list${token()}`
  for (let index = 0; index < 12; index++) {
    const created = await apiCall(request, 'POST', 'admin/product', {
      token: admin,
      body: {
        type: 'land',
        name: `${tag} Gardens ${index}, Epe, Lagos`,
        description: `Plots ${tag} ${index}`,
        location: `${tag} Gardens ${index}, Epe, Lagos`,
        amount: 1_000_000 + index,
        land_type: index < 3 ? 'acre' : 'plot',
        is_available: index !== 0,
      },
    })
    expect(created.status, created.message).toBe('200')
  }
  for (const [index, kind] of ['recurring', 'one_time'].entries()) {
    const created = await apiCall(request, 'POST', 'admin/product', {
      token: admin,
      body: {
        type: 'land_investment',
        name: `Income ${tag} ${kind}`,
        description: `Income ${tag} ${kind}`,
        minimum_amount: 300_000 + index,
        investment_return: 12,
        land_investment_type: kind,
        frequency_period: 3,
        interval: 'months',
        duration: kind === 'recurring' ? 12 : undefined,
      },
    })
    expect(created.status, created.message).toBe('200')
  }
  const customer = await createVerifiedUser(request)
  await signIn(page, customer.email, customer.password)

  await page.goto('/land-purchases')
  await expect(page.getByRole('heading', { level: 1, name: 'Acquire Land' })).toBeVisible()
  await expect(page.getByTestId('product-card').first()).toBeVisible()

  await search(page, tag)
  await expect(page).toHaveURL(`/land-purchases?page=1&search=${tag}`)
  await expect(page.getByTestId('product-card')).toHaveCount(10)
  await expect(page.getByRole('heading', { name: `${tag} Gardens 11, Epe, Lagos` })).toBeVisible()

  await page.getByRole('link', { name: 'Page 2' }).click()
  await expect(page).toHaveURL(`/land-purchases?page=2&search=${tag}`)
  await expect(page.getByTestId('product-card')).toHaveCount(2)
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')

  await filter(page, 'Availability', 'Unavailable', javaScriptEnabled)
  await expect(page).toHaveURL(`/land-purchases?page=1&available_status=unavailable&search=${tag}`)
  await expect(page.getByTestId('product-card')).toHaveCount(1)
  await expect(page.getByRole('link', { name: 'Buy now' })).toHaveCount(0)

  await filter(page, 'Availability', 'Available', javaScriptEnabled)
  await filter(page, 'Land type', 'Acre', javaScriptEnabled)
  await expect(page).toHaveURL(
    `/land-purchases?page=1&available_status=available&type=acre&search=${tag}`,
  )
  await expect(page.getByTestId('product-card')).toHaveCount(2)
  await expect(page.getByRole('link', { name: 'Buy now' }).first()).toHaveAttribute(
    'href',
    /^\/land-purchases\/PRD-[A-Z0-9]+\/subscribe\?/,
  )

  await search(page, `${tag}-nothing`)
  await expect(page.getByText('No product available')).toBeVisible()

  await page.goto('/land-purchases?page=1&search=&type=')
  await expect(page).toHaveURL('/land-purchases')

  await page.goto('/land-investments')
  await expect(page.getByRole('heading', { level: 1, name: 'Investment Options' })).toBeVisible()
  await search(page, tag)
  await expect(page).toHaveURL(`/land-investments?page=1&search=${tag}`)
  await expect(page.getByTestId('product-card')).toHaveCount(2)
  await filter(page, 'Investment type', 'One time', javaScriptEnabled)
  await expect(page).toHaveURL(`/land-investments?page=1&type=one_time&search=${tag}`)
  const card = page.getByTestId('product-card')
  await expect(card).toHaveCount(1)
  for (const text of [
    'Land investment',
    '₦300,001.00',
    '12%',
    'One time',
    'Paid after 3 months',
    'Number of investors',
  ]) {
    await expect(card).toContainText(text)
  }
  await expect(card).not.toContainText('Maturity period')
  await expect(card.getByRole('link', { name: 'Invest now' })).toHaveAttribute(
    'href',
    /^\/land-investments\/PRD-[A-Z0-9]+\/invest\?/,
  )
})

test('staff create a land product with an image and two payment plans, edit it and delete a plan', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const tag = `make${token()}`
  const location = `${tag} Court, Mowe, Ogun State`
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto('/land-purchases')
  await page.getByRole('link', { name: 'Add land' }).click()
  await expect(page).toHaveURL('/land-purchases/new')
  const panel = page.getByRole('dialog', { name: 'Add land' })
  await panel.getByRole('button', { name: 'Create product' }).click()
  for (const message of [
    "Enter the product's name",
    'Enter the description',
    'Enter the location',
    'Enter the amount',
  ]) {
    await expect(panel.getByText(message)).toBeVisible()
  }
  await panel.getByLabel('Name', { exact: true }).fill(`${tag} Court, Mowe`)
  await panel.getByLabel('Description').fill(`Dry plots ${tag}`)
  await panel.getByLabel('Location').fill(location)
  await panel.getByLabel('Amount', { exact: true }).fill('12500000')
  await panel.getByLabel('Initial deposit (optional)').fill('1000000')
  await panel.getByLabel('Land type').selectOption('acre')
  await panel.getByLabel('Size', { exact: true }).fill('2')
  await panel.getByLabel('Size measurement').fill('acres')
  await panel.getByLabel('Available by quantity').check()
  await panel.getByLabel('Unit available').fill('3')
  await panel.getByLabel('Add images').setInputFiles([pngFile('field.png')])
  await panel.getByRole('button', { name: 'Create product' }).click()

  await expect(page.getByText('Product created successfully')).toBeVisible()
  await expect(page).toHaveURL('/land-purchases')
  const found = await apiCall(request, 'GET', `product?type=land&search=${tag}`, { token: admin })
  const product = found.data.items[0]
  expect(product).toMatchObject({
    name: `${tag} Court, Mowe`,
    location,
    amount: 12_500_000,
    initial_deposit_amount: 1_000_000,
    land_type: 'acre',
    unit_available: 3,
  })
  expect(product.images).toHaveLength(1)
  const image = await request.get(product.images[0])
  expect(image.headers()['content-type']).toBe('image/png')

  await search(page, tag)
  const card = page.getByTestId('product-card')
  await expect(card).toHaveCount(1)
  await expect(card.locator('img')).toHaveAttribute('src', product.images[0])
  for (const text of ['2 acres', 'Acre', '₦12,500,000.00', '₦1,000,000.00', 'Units left'])
    await expect(card).toContainText(text)

  await card.locator('summary').click()
  await card.getByRole('menuitem', { name: 'Payment plans' }).click()
  await expect(page).toHaveURL(`/land-purchases/${product.reference}/plans?page=1&search=${tag}`)
  const plans = page.getByRole('dialog', { name: 'Payment plans' })
  await expect(plans.getByText('No payment plan available')).toBeVisible()
  // Headed by the product's name, not its code.
  await expect(plans.getByText(`${tag} Court, Mowe`, { exact: true })).toBeVisible()

  // A new row goes away on cancel.
  await plans.getByRole('link', { name: 'Add payment plan' }).click()
  await expect(plans.getByRole('form', { name: 'New payment plan' })).toBeVisible()
  await plans.getByRole('link', { name: 'Cancel' }).click()
  await expect(plans.getByRole('form', { name: 'New payment plan' })).toHaveCount(0)

  // A plan may not cost less than paying in full: the field says why, and nothing is saved.
  await plans.getByRole('link', { name: 'Add payment plan' }).click()
  const cheap = plans.getByRole('form', { name: 'New payment plan' })
  await cheap.getByLabel('Amount').fill('12000000')
  await cheap.getByLabel('Duration', { exact: true }).fill('6')
  await cheap.getByLabel('Duration type').selectOption('months')
  await cheap.getByRole('button', { name: 'Add plan' }).click()
  // Under the field only, not repeated in a banner.
  await expect(
    cheap.getByText("Amount must be at least the product's price (₦12,500,000.00)"),
  ).toHaveCount(1)
  await expect(cheap.getByLabel('Amount')).toHaveAttribute('aria-invalid', 'true')
  await expect(cheap.getByLabel('Amount')).toHaveAccessibleDescription(
    "Amount must be at least the product's price (₦12,500,000.00)",
  )
  await plans.getByRole('link', { name: 'Cancel' }).click()
  await expect(cheap).toHaveCount(0)
  await expect(plans.getByText('No payment plan available')).toBeVisible()

  for (const [amount, duration] of [
    ['13000000', '6'],
    ['14000000', '12'],
  ]) {
    await plans.getByRole('link', { name: 'Add payment plan' }).click()
    const form = plans.getByRole('form', { name: 'New payment plan' })
    await form.getByLabel('Amount').fill(amount)
    await form.getByLabel('Duration', { exact: true }).fill(duration)
    await form.getByLabel('Duration type').selectOption('months')
    await form.getByRole('button', { name: 'Add plan' }).click()
    await expect(page.getByText('Payment plan created successfully')).toBeVisible()
  }
  const rows = plans.getByTestId('plan-row')
  await expect(rows).toHaveCount(2)
  // (13,000,000 − 1,000,000) / 5 and (14,000,000 − 1,000,000) / 11.
  await expect(plans).toContainText('₦2,400,000.00')
  await expect(plans).toContainText('₦1,181,818.18')

  await plans.getByRole('link', { name: 'Edit plan of ₦13,000,000.00' }).click()
  const editForm = plans.getByRole('form', { name: 'Edit payment plan' })
  await editForm.getByLabel('Amount').fill('13500000')
  await editForm.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Payment plan updated successfully')).toBeVisible()
  await expect(plans).toContainText('₦2,500,000.00')

  await plans.getByRole('link', { name: 'Delete plan of ₦14,000,000.00' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete payment plan' })
  await expect(confirm).toContainText('Are you sure')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Payment plan deleted successfully')).toBeVisible()
  await expect(rows).toHaveCount(1)
  await expect(plans).not.toContainText('₦14,000,000.00')

  await page.goto(`/land-purchases?page=1&search=${tag}`)
  await card.locator('summary').click()
  await card.getByRole('menuitem', { name: 'Edit land' }).click()
  const editPanel = page.getByRole('dialog', { name: 'Edit land' })
  await expect(editPanel.getByLabel('Amount', { exact: true })).toHaveValue('12,500,000')
  await editPanel.getByLabel('Location').fill(`${tag} Court Phase 2, Mowe, Ogun State`)
  await editPanel.getByLabel('Remove image 1').check()
  await editPanel.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Product updated successfully')).toBeVisible()
  await expect(page).toHaveURL(`/land-purchases?page=1&search=${tag}`)
  await expect(card.getByRole('heading', { name: `${tag} Court, Mowe` })).toBeVisible()
  await expect(card).toContainText(`${tag} Court Phase 2, Mowe, Ogun State`)
  await expect(card).toContainText('No image')

  await card.getByRole('heading').getByRole('link').click()
  const details = page.getByRole('dialog', { name: `${tag} Court, Mowe` })
  await expect(details).toContainText(product.reference)
  await expect(details.getByTestId('plan-summary')).toHaveCount(1)
})

test('a customer sees no add or edit control, sees plans, and is refused by the API', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const tag = `cust${token()}`
  const created = await apiCall(request, 'POST', 'admin/product', {
    token: admin,
    body: {
      type: 'land',
      name: `Plots ${tag}`,
      description: `Plots ${tag}`,
      location: `${tag} Heights, Lugbe, Abuja`,
      amount: 5_000_000,
    },
  })
  const reference = created.data.reference
  await apiCall(request, 'POST', `admin/product/${reference}/payment-plan`, {
    token: admin,
    body: { amount: 6_000_000, duration: 4, duration_type: 'months' },
  })

  const customer = await createVerifiedUser(request)
  await signIn(page, customer.email, customer.password)
  for (const [path, add] of [
    ['/land-purchases', 'Add land'],
    ['/land-investments', 'Add investment'],
  ]) {
    await page.goto(path)
    await expect(page.getByTestId('product-card').first()).toBeVisible()
    await expect(page.getByRole('link', { name: add })).toHaveCount(0)
    await expect(page.locator('summary', { hasText: 'Options for' })).toHaveCount(0)
  }

  await page.goto(`/land-purchases/${reference}`)
  const details = page.getByRole('dialog', { name: `Plots ${tag}` })
  await expect(details).toContainText('₦6,000,000.00')
  await expect(details.getByRole('link', { name: /Edit land|payment plans/ })).toHaveCount(0)
  await expect(details.getByRole('link', { name: 'Buy now' })).toBeVisible()

  // The gallery works with links: ?image=N shows the Nth image.
  const images: string[] = []
  for (const name of ['one.png', 'two.png']) {
    const uploaded = await apiCall(request, 'POST', 'media/upload', {
      token: admin,
      body: {
        file_name: name,
        file_in_base64: pngFile(name).buffer.toString('base64'),
        file_extension: 'png',
        folder_path: 'products',
      },
    })
    images.push(uploaded.data.file_url)
  }
  const pictured = (
    await apiCall(request, 'POST', 'admin/product', {
      token: admin,
      body: {
        type: 'land',
        name: `Pictured ${tag}`,
        description: `Pictured ${tag}`,
        location: `${tag} View, Guzape, Abuja`,
        amount: 9_000_000,
        images,
      },
    })
  ).data
  await page.goto(`/land-purchases?page=1&search=${pictured.reference}`)
  await page.getByRole('heading', { name: pictured.name }).getByRole('link').click()
  await expect(page).toHaveURL(
    `/land-purchases/${pictured.reference}?page=1&search=${pictured.reference}`,
  )
  const gallery = page.getByRole('dialog', { name: pictured.name })
  await expect(gallery.getByTestId('gallery-image')).toHaveAttribute('src', pictured.images[0])
  await gallery.getByRole('link', { name: 'Show image 2' }).click()
  await expect(page).toHaveURL(/[?&]image=2/)
  await expect(gallery.getByTestId('gallery-image')).toHaveAttribute('src', pictured.images[1])
  await gallery.getByRole('link', { name: 'Close', exact: true }).click()
  await expect(page).toHaveURL(`/land-purchases?page=1&search=${pictured.reference}`)
  await expect(gallery).toHaveCount(0)

  await page.goto('/land-purchases/new')
  await expect(page).toHaveURL('/land-purchases')
  await expect(page.getByText('You do not have permission to do this')).toBeVisible()

  const body = { type: 'land', description: 'Mine', location: 'Epe, Lagos', amount: 1 }
  expect(
    (await apiCall(request, 'POST', 'admin/product', { token: customer.token, body })).httpStatus,
  ).toBe(403)
  expect(
    (await apiCall(request, 'POST', `admin/product/${reference}`, { token: customer.token, body }))
      .httpStatus,
  ).toBe(403)
  const plan = await apiCall(request, 'POST', `admin/product/${reference}/payment-plan`, {
    token: customer.token,
    body: { amount: 7_000_000, duration: 2, duration_type: 'months' },
  })
  expect(plan.httpStatus).toBe(403)
})

test('4 skeleton cards show while a client-side navigation loads the list; plain page loads never show them', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const customer = await createVerifiedUser(request)
  await signIn(page, customer.email, customer.password)
  await page.goto('/land-investments')
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  await expect(page.getByTestId('skeleton-card')).toHaveCount(0)

  if (!javaScriptEnabled) {
    await filter(page, 'Availability', 'Available', false)
    await expect(page).toHaveURL('/land-investments?page=1&available_status=available')
    await expect(page.getByTestId('product-card').first()).toBeVisible()
    await expect(page.getByTestId('skeleton-card')).toHaveCount(0)
    return
  }
  // Hold the list's data request until the skeletons have been seen.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/land-investments\.data/, async (route) => {
    await held
    await route.continue()
  })
  await page.getByLabel('Availability', { exact: true }).selectOption({ label: 'Available' })
  await expect(page.getByTestId('skeleton-card')).toHaveCount(4)
  release()
  await expect(page).toHaveURL('/land-investments?page=1&available_status=available')
  await expect(page.getByTestId('skeleton-card')).toHaveCount(0)
  await expect(page.getByTestId('product-card').first()).toBeVisible()
})
