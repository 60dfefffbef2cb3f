/**
 * Names every JavaScript object inherits (`constructor`, `__proto__`, `toString`) typed where an
 * address takes a name or a reference: in every web route's parameters and every API read's path
 * parameters, signed in as the super admin, against the built app. Lists and records are looked up
 * as keys, never as an object's properties, so each answers like any unknown name: /export/{name}
 * with 404, and nothing with a 5xx.
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { endpoints } from '~/contract/endpoints'
import { quietMailLog } from '../support/quiet'
import {
  httpClient,
  SERVER_ADMIN,
  serverPort,
  startServer,
  webSignIn,
  type RunningServer,
} from '../support/server'
import { webRoutes } from '../support/web-routes'

quietMailLog()

const INHERITED_NAMES = ['constructor', '__proto__', 'toString']

let server: RunningServer
let cookie: string
let token: string

beforeAll(async () => {
  server = await startServer({ port: serverPort(0) })
  cookie = (await webSignIn(server.url, SERVER_ADMIN.email, SERVER_ADMIN.password)).cookie
  const login = await httpClient(server).call('POST', 'auth/login', { body: SERVER_ADMIN })
  token = login.data.token
})

afterAll(async () => {
  await server?.stop()
})

const webGet = (path: string) =>
  fetch(`${server.url}${path}`, { headers: { cookie }, redirect: 'manual' })

test('/export/{name} answers 404 for an inherited name, as for any list that does not exist; a real list still exports', async () => {
  for (const name of [...INHERITED_NAMES, 'no-such-list']) {
    const response = await webGet(`/export/${encodeURIComponent(name)}`)
    expect(response.status, `/export/${name}`).toBe(404)
  }
  const customers = await webGet('/export/customers')
  expect(customers.status).toBe(200)
  expect(customers.headers.get('content-type')).toContain('text/csv')
})

test('every web route with a parameter, given an inherited name, answers without a server error', async () => {
  const failures: string[] = []
  for (const route of webRoutes().filter((entry) => entry.params.length && entry.hasLoader)) {
    for (const name of INHERITED_NAMES) {
      const path = route.pattern.replace(/:(\w+)/g, () => encodeURIComponent(name))
      const response = await webGet(path)
      if (response.status >= 500) failures.push(`${path}: ${response.status}`)
    }
  }
  expect(failures).toEqual([])
})

test('every API read with a path parameter, given an inherited name, answers without a server error', async () => {
  const failures: string[] = []
  for (const entry of Object.values(endpoints)) {
    if (entry.method !== 'GET' || !entry.path.includes('{')) continue
    for (const name of INHERITED_NAMES) {
      const path = entry.path.replace(/\{\w+\}/g, () => encodeURIComponent(name))
      const response = await fetch(`${server.url}/api/v1/${path}?${encodeURIComponent(name)}=1`, {
        headers: { authorization: `Bearer ${token}` },
      })
      if (response.status >= 500) failures.push(`${path}: ${response.status}`)
    }
  }
  expect(failures).toEqual([])
})
