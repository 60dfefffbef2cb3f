import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { notifications, users } from '~/backend/db/schema'
import type { TestApi } from '../support/api-harness'

export const codeIn = (mail: string | null) => /code is (\d{6})/.exec(mail ?? '')?.[1] ?? null
export const linkIn = (mail: string | null) => /https?:\/\/\S+/.exec(mail ?? '')?.[0] ?? null
export const tokenIn = (mail: string | null) =>
  new URL(linkIn(mail) ?? 'http://x/').searchParams.get('token')

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${crypto.randomBytes(4).toString('hex')}@example.com`

/** Registers without verifying: what a person has right after the sign-up form. */
export async function registerOnly(
  api: TestApi,
  role: 'customer' | 'realtor' = 'customer',
  extra: Record<string, unknown> = {},
) {
  const email = uniqueEmail(role)
  const password = 'password-123'
  const answer = await api.call('POST', 'auth/register', {
    body: {
      email,
      password,
      first_name: 'Ngozi',
      last_name: 'Eze',
      role,
      ...(role === 'realtor' ? { business_name: 'Eze Estates' } : {}),
      ...extra,
    },
  })
  if (answer.status !== '200') throw new Error(`Registration failed: ${answer.message}`)
  return { email, password, token: answer.data.token as string, user: answer.data.user, answer }
}

export async function userRow(api: TestApi, email: string) {
  const [row] = await api.db.select().from(users).where(eq(users.email, email.toLowerCase()))
  if (!row) throw new Error(`No user ${email}`)
  return row
}

export async function notificationTitles(api: TestApi, userId: number) {
  const rows = await api.db.select().from(notifications).where(eq(notifications.userId, userId))
  return rows.map((row) => row.title)
}
