import fs from 'node:fs'
import { createRequire } from 'node:module'
import { expect, test, type Page } from '@playwright/test'
import { investmentProduct, markByApi, payByApi, subscribe } from './payments-support'
import { ADMIN, apiLogin, createVerifiedUser, signIn } from './support'

/**
 * axe-core (the engine eslint-plugin-jsx-a11y also carries) over the pages this round added or
 * changed most: the estates list, an estate's site map, the public plot check, the dashboard and an
 * investor's portfolio with its returns chart.
 * Nothing serious or critical may be found. axe runs through the DevTools protocol, so the page's
 * Content-Security-Policy (no script without the page's nonce) stays as it is; it needs
 * JavaScript, so it runs in the JavaScript project only.
 */
const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }

async function seriousViolations(page: Page) {
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document) => Promise<{ violations: Violation[] }> }
      }
    ).axe
    return (await axe.run(document)).violations
  })
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    )
}

test('axe finds nothing serious on the estates, a site map, the plot check and the dashboard', async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  test.skip(!javaScriptEnabled, 'axe runs in the page: the JavaScript project checks the same HTML')
  const name = `Axe Gardens ${testInfo.project.name} ${Date.now().toString(36)}`
  await signIn(page, ADMIN.email, ADMIN.password)
  expect(await seriousViolations(page), 'the dashboard').toEqual([])

  await page.goto('/estates')
  await page.getByLabel('Estate name').fill(name)
  await page.getByLabel('Address').fill('Km 9, Lekki-Epe Expressway, Lagos')
  await page.getByLabel(/Minna \/ UTM 31N/).check()
  await page.getByRole('button', { name: 'Add estate' }).click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  await page.getByLabel('Block', { exact: true }).fill('A')
  await page.getByLabel('Plot number').fill('1')
  await page.getByLabel('Size (m²)').fill('500')
  await page.getByRole('button', { name: 'Add plot' }).click()
  await expect(page.getByTestId('plot-row')).toHaveCount(1)
  expect(await seriousViolations(page), 'the estate and its site map').toEqual([])

  await page.goto('/estates')
  expect(await seriousViolations(page), 'the estates list').toEqual([])

  await page.context().clearCookies()
  await page.goto(`/verify/plot?estate=${encodeURIComponent(name)}&block=A&plot=1`)
  await expect(page.getByRole('main')).toContainText('Free')
  expect(await seriousViolations(page), 'the public plot check').toEqual([])
})

test('axe finds nothing serious on an investor portfolio with its returns chart, on a phone and a desktop', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, 'axe runs in the page: the JavaScript project checks the same HTML')
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
  const investor = await createVerifiedUser(request)
  const reference = await subscribe(request, investor.token, {
    type: 'land_investment',
    product_id: await investmentProduct(request, admin),
    amount_invested: 300_000,
  })
  await markByApi(
    request,
    admin,
    await payByApi(request, investor.token, reference, 300_000),
    'paid',
  )
  await signIn(page, investor.email, investor.password)
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/investment-portfolio')
    await expect(
      page.getByRole('img', { name: /Cumulative returns, expected against received/ }),
    ).toBeVisible()
    expect(await seriousViolations(page), `the portfolio at ${width} px`).toEqual([])
  }
})
