import { expect, test } from '@playwright/test'
import { ADMIN, apiCall, apiLogin, signIn } from './support'

/**
 * The plot registry in the browser, with and without JavaScript, at the project's width (the phone
 * run is 390 px): staff add an estate and a surveyed plot, see it on the site map and zoom to its
 * block; anyone checks a plot on /verify/plot and learns only its standing.
 */

const rectangle = (easting: number) =>
  [
    [easting, 713_000],
    [easting + 18, 713_000],
    [easting + 18, 713_036],
    [easting, 713_036],
  ]
    .map((pair) => pair.join(' '))
    .join('\n')

test('staff add an estate and a plot from the pages; the site map shows it, by block too; an overlap is refused under the beacons', async ({
  page,
}, testInfo) => {
  const name = `Sunrise Court ${testInfo.project.name} ${Date.now().toString(36)}`
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto('/estates')
  await expect(page.getByRole('heading', { name: 'Estates', level: 1 })).toBeVisible()
  await page.getByLabel('Estate name').fill(name)
  await page.getByLabel('Address').fill('Km 4, Epe Road, Lagos')
  await page.getByLabel(/Minna \/ UTM 31N/).check()
  await page.getByRole('button', { name: 'Add estate' }).click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()

  await page.getByLabel('Block', { exact: true }).fill('C')
  await page.getByLabel('Plot number').fill('14')
  await page.getByLabel('Size (m²)').fill('648')
  await page.getByLabel('Beacons (optional)').fill(rectangle(543_000))
  await page.getByRole('button', { name: 'Add plot' }).click()
  await expect(page.getByTestId('plot-row')).toHaveCount(1)
  await expect(page.getByTestId('plot-row')).toContainText('Block C plot 14')
  await expect(page.getByTestId('plot-row')).toContainText('648 m²')
  const map = page.getByTestId('site-map').locator('svg')
  await expect(map).toHaveAttribute('role', 'img')
  await expect(map.locator('desc')).toContainText(`Site map of ${name}: 1 plot. Free: 1.`)

  // A neighbour shifted 10 m overlaps it: refused beside the beacons, what was typed kept.
  await page.getByLabel('Block', { exact: true }).fill('C')
  await page.getByLabel('Plot number').fill('15')
  await page.getByLabel('Size (m²)').fill('648')
  await page.getByLabel('Beacons (optional)').fill(rectangle(543_010))
  await page.getByRole('button', { name: 'Add plot' }).click()
  await expect(page.getByText('The plot overlaps Block C plot 14 by 288 m²')).toBeVisible()
  await expect(page.getByLabel('Plot number')).toHaveValue('15')

  await page
    .getByRole('navigation', { name: 'Zoom by block' })
    .getByRole('link', { name: 'Block C' })
    .click()
  await expect(page).toHaveURL(/\?block=C$/)
  await expect(page.getByTestId('site-map').locator('svg title').first()).toHaveText(
    `${name}, Block C: site map`,
  )
})

test('anyone checks a plot on /verify/plot: free or taken, and nothing about who holds it', async ({
  page,
  request,
}, testInfo) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const name = `Check Gardens ${testInfo.project.name} ${Date.now().toString(36)}`
  const estate = await apiCall(request, 'POST', 'admin/estate', {
    token: admin,
    body: { name, address: 'Lugbe, Abuja', utm_zone: '32N' },
  })
  expect(estate.status, estate.message).toBe('200')
  await apiCall(request, 'POST', `admin/estate/${estate.data.id}/plot`, {
    token: admin,
    body: { block: 'A', number: '7', size_sqm: 450 },
  })

  await page.goto('/verify/plot')
  await page.getByLabel('Estate').fill(name)
  await page.getByLabel('Block').fill('Block A')
  await page.getByLabel('Plot number').fill('7')
  await page.getByRole('button', { name: 'Check the plot' }).click()
  await expect(page).toHaveURL(/\/verify\/plot\?estate=/)
  await expect(page.getByTestId('plot-check')).toContainText(`${name}, Block A, plot 7 (450 m²)`)
  await expect(page.getByTestId('plot-check')).toContainText('Free: no one holds this plot')

  await page.getByLabel('Plot number').fill('8')
  await page.getByRole('button', { name: 'Check the plot' }).click()
  await expect(page.getByRole('status')).toContainText(
    'No plot of that estate, block and number is in the registry',
  )
})

test('staff give a land product an estate from the form, on create and on edit; its units are the free plots', async ({
  page,
  request,
}, testInfo) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const tag = `${testInfo.project.name}${Date.now().toString(36)}`
  const estates: string[] = []
  for (const name of [`Form Gardens ${tag}`, `Other Gardens ${tag}`]) {
    const estate = await apiCall(request, 'POST', 'admin/estate', {
      token: admin,
      body: { name, address: 'Epe, Lagos', utm_zone: '31N' },
    })
    expect(estate.status, estate.message).toBe('200')
    estates.push(estate.data.id)
  }
  for (const number of ['1', '2']) {
    await apiCall(request, 'POST', `admin/estate/${estates[0]}/plot`, {
      token: admin,
      body: { block: 'A', number, size_sqm: 500 },
    })
  }
  await apiCall(request, 'POST', `admin/estate/${estates[1]}/plot`, {
    token: admin,
    body: { block: 'A', number: '1', size_sqm: 500 },
  })

  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto('/land-purchases/new')
  const panel = page.getByRole('dialog')
  await panel.getByLabel('Name').fill(`Registry Court ${tag}`)
  await panel.getByLabel('Description').fill('Plots sold from the registry')
  await panel.getByLabel('Location').fill('Epe, Lagos')
  await panel.getByLabel('Amount', { exact: true }).fill('1000000')
  await panel.getByLabel('Size', { exact: true }).fill('500')
  await panel.getByLabel('Size measurement').fill('sqm')
  await panel.getByLabel('Estate (optional)').selectOption({ label: `Form Gardens ${tag}` })
  await panel.getByRole('button', { name: 'Create product' }).click()
  await expect(page.getByText('Product created successfully')).toBeVisible()

  const found = await apiCall(request, 'GET', `product?type=land&search=Registry Court ${tag}`, {
    token: admin,
  })
  const product = found.data.items[0]
  expect(product).toMatchObject({ estate_id: estates[0], unit_available: 2 })

  await page.goto(`/land-purchases/${product.reference}/edit`)
  const select = page.getByRole('dialog').getByLabel('Estate (optional)')
  await expect(select).toHaveValue(estates[0])
  await select.selectOption({ label: `Other Gardens ${tag}` })
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Save|Update/ })
    .click()
  await expect(page.getByText('Product updated successfully')).toBeVisible()
  const edited = await apiCall(request, 'GET', `product/${product.reference}`, { token: admin })
  expect(edited.data).toMatchObject({ estate_id: estates[1], unit_available: 1 })
})
