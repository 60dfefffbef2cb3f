import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { decodeMail } from '../support/api-harness'

export const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' }

export function uniqueEmail(prefix = 'user') {
  return `${prefix}-${crypto.randomBytes(5).toString('hex')}@example.com`
}

/** The mail folders of both apps (the second has a payment provider): each address is unique to its test. */
function outboxDirs() {
  return [process.env.E2E_DATA_DIR, process.env.E2E_PROVIDER_DATA_DIR]
    .filter((dir): dir is string => Boolean(dir))
    .map((dir) => path.join(dir, 'outbox'))
}

/** The .eml files written to an address, oldest first. */
function mailFiles(slug: string) {
  return outboxDirs()
    .filter((dir) => fs.existsSync(dir))
    .flatMap((dir) =>
      fs
        .readdirSync(dir)
        .filter((file) => file.includes(slug))
        .map((file) => ({ file, full: path.join(dir, file) })),
    )
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
}

/** Waits for the newest e-mail to an address (the server writes them as .eml files) and returns its text. */
export async function waitForMail(
  to: string,
  { after = 0, contains }: { after?: number; contains?: RegExp } = {},
) {
  const slug = to.replace(/[^a-z0-9]+/gi, '_').slice(0, 60)
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    const texts = mailFiles(slug)
      .slice(after)
      .map(({ full }) => decodeMail(fs.readFileSync(full, 'utf8')))
    const found = texts.reverse().find((text) => !contains || contains.test(text))
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`No e-mail to ${to} arrived`)
}

export function mailCount(to: string) {
  const slug = to.replace(/[^a-z0-9]+/gi, '_').slice(0, 60)
  return mailFiles(slug).length
}

export const codeFrom = (mail: string) => /code is (\d{6})/.exec(mail)?.[1] ?? ''
export const linkFrom = (mail: string) => /https?:\/\/\S+/.exec(mail)?.[0] ?? ''

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).not.toHaveURL(/\/login/)
}

/** Calls the API over HTTP as a client would; returns the envelope. */
export async function apiCall(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  apiPath: string,
  { token, body }: { token?: string; body?: unknown } = {},
) {
  const send = () =>
    request.fetch(`/api/v1/${apiPath}`, {
      method,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      data: body,
    })
  // A kept-alive connection the server closes (idle for its 5 s) just as a read reuses it is reset;
  // browsers send such a read again, and so does this client (reads only: a write is never repeated).
  const response = await send().catch((error: Error) => {
    if (method !== 'GET' || !/ECONNRESET/.test(error.message)) throw error
    return send()
  })
  return { httpStatus: response.status(), ...(await response.json()) }
}

export async function apiLogin(request: APIRequestContext, email: string, password: string) {
  const answer = await apiCall(request, 'POST', 'auth/login', { body: { email, password } })
  expect(answer.status, answer.message).toBe('200')
  return answer.data.token as string
}

/** A verified customer (or realtor) made through the API and the mailed code. */
export async function createVerifiedUser(
  request: APIRequestContext,
  role: 'customer' | 'realtor' = 'customer',
  extra: Record<string, unknown> = {},
) {
  const email = uniqueEmail(role)
  const password = 'password-123'
  const registered = await apiCall(request, 'POST', 'auth/register', {
    body: {
      email,
      password,
      first_name: 'Chidi',
      last_name: 'Okafor',
      role,
      ...(role === 'realtor' ? { business_name: 'Okafor Realty' } : {}),
      ...extra,
    },
  })
  expect(registered.status, registered.message).toBe('200')
  const token = registered.data.token as string
  const verified = await apiCall(request, 'POST', 'verify-email', {
    token,
    body: { otp: codeFrom(await waitForMail(email)) },
  })
  expect(verified.status, verified.message).toBe('200')
  return { email, password, token, user: verified.data }
}

/** A staff account made by the super admin through admin/user, with a password set from its mail. */
export async function createStaffUser(request: APIRequestContext, permissions: string[]) {
  const token = await apiLogin(request, ADMIN.email, ADMIN.password)
  const email = uniqueEmail('staff')
  const created = await apiCall(request, 'POST', 'admin/user', {
    token,
    body: { first_name: 'Bola', last_name: 'Staff', email, permissions },
  })
  expect(created.status, created.message).toBe('200')
  const password = 'staff-password-1'
  await setPasswordThroughApi(request, email, password)
  return { email, password }
}

export async function setPasswordThroughApi(
  request: APIRequestContext,
  email: string,
  password: string,
) {
  const link = new URL(linkFrom(await waitForMail(email, { contains: /set-password/ })))
  const answer = await apiCall(request, 'POST', 'auth/reset-password', {
    body: {
      email,
      token: link.searchParams.get('token'),
      password,
      password_confirmation: password,
      on_new_password: true,
    },
  })
  expect(answer.status, answer.message).toBe('200')
}

/** Settings are global and both projects run at once: tests that write them take turns. */
export async function withSettingsLock<T>(work: () => Promise<T>): Promise<T> {
  const lock = path.join(process.env.E2E_DATA_DIR ?? '/tmp', 'people-settings.lock')
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      fs.mkdirSync(lock)
      break
    } catch {
      if (Date.now() > deadline) throw new Error('The settings lock was never released')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  try {
    return await work()
  } finally {
    fs.rmSync(lock, { recursive: true, force: true })
  }
}

/** A control a thumb can hit on a phone: at least 44 × 44 CSS pixels (once it has settled in place). */
export async function expectTapTarget(control: Locator) {
  await expect(control).toBeVisible()
  await expect
    .poll(async () => {
      const box = await control.boundingBox()
      return box ? Math.min(box.width, box.height) : 0
    })
    .toBeGreaterThanOrEqual(44)
}
