/**
 * API_URL against a second server of the app itself: the front server has no database it could
 * reach (its DATABASE_URL points nowhere), so a sign-in and a page with data can only work through
 * the first server's /api/v1 over HTTP.
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { quietMailLog } from '../support/quiet'
import {
  httpClient,
  SERVER_ADMIN,
  serverPort,
  startServer,
  webSignIn,
  type RunningServer,
} from '../support/server'

quietMailLog()

let provider: RunningServer
let front: RunningServer

beforeAll(async () => {
  provider = await startServer({ port: serverPort(7) })
  front = await startServer({
    port: serverPort(8),
    env: { API_URL: provider.url, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
    waitForDatabase: false,
  })
})

afterAll(async () => {
  await front?.stop()
  await provider?.stop()
})

test('signing in and a page of products work through the other server', async () => {
  // A product made on the provider, through its API.
  const client = httpClient(provider)
  const admin = await client.call('POST', 'auth/login', { body: SERVER_ADMIN })
  expect(admin.httpStatus).toBe(200)
  const tag = `Ikorodu ${Date.now().toString(36)}`
  const created = await client.call('POST', 'admin/product', {
    token: admin.data.token,
    body: {
      type: 'land',
      name: 'Plots reached through API_URL',
      description: 'Plots reached through API_URL',
      location: tag,
      amount: 2_500_000,
      available_by_quantity: true,
      unit_available: 7,
    },
  })
  expect(created.httpStatus).toBe(200)

  // A wrong password is refused by the provider, and the front says so on its form.
  const refused = await fetch(`${front.url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: SERVER_ADMIN.email, password: 'not-the-password' }),
  })
  expect(refused.status).toBe(400)
  expect(refused.headers.getSetCookie().some((cookie) => cookie.startsWith('__session='))).toBe(
    false,
  )

  const { cookie } = await webSignIn(front.url, SERVER_ADMIN.email, SERVER_ADMIN.password)
  const page = await fetch(`${front.url}/land-purchases`, {
    headers: { cookie },
    redirect: 'manual',
  })
  const html = await page.text()
  expect(page.status).toBe(200)
  expect(html).toContain(tag)
  expect(html).toContain('Plots reached through API_URL')
  expect(html).toContain('₦2,500,000.00')

  // The product's own page too, by the reference the provider gave it.
  const detail = await fetch(`${front.url}/land-purchases/${created.data.reference}`, {
    headers: { cookie },
    redirect: 'manual',
  })
  expect(detail.status).toBe(200)
  expect(await detail.text()).toContain(tag)
}, 120_000)
