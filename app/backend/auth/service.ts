import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { SessionData, SessionUser } from '~/contract/auth'
import { heldPermissions, type Permission, type Role } from '~/contract/permissions'
import { formatDateTime } from '~/contract/format'
import { appUrl, getConfig } from '../config'
import type { Executor } from '../db/client'
import { apiTokens, emailCodes, passwordTokens, userPermissions, users } from '../db/schema'
import { userById } from '../http/authenticate'
import type { ApiUser } from '../http/context'
import { ApiError, refusedField } from '../http/errors'
import { assertCanMail, MailCapReached, sendMail, sendSecurityNotice } from '../mail'
import { notify, WELCOME } from '../notifications/service'
import { consume, consumeTogether, countRecent, LIMITS, release } from '../rate-limit'
import { newReference, referencePrefixForRole } from '../references'
import { recordAudit } from '../audit/record'
import { personLabel } from './audit'
import { hashPassword, verifyPassword } from '../secrets/passwords'
import { hashToken, newOneTimeCode, newToken } from '../secrets/tokens'

export const TOKEN_LIFETIME_DAYS = 30
export const RESET_LINK_MINUTES = 60
export const SET_PASSWORD_LINK_DAYS = 7
export const CODE_LIFETIME_MINUTES = 10
export const CODE_MAX_ATTEMPTS = 5
export const CODE_RESEND_SECONDS = 60

export const EMAIL_TAKEN = 'The email has already been taken'

export function toSessionUser(user: ApiUser): SessionUser {
  return {
    uuid: user.uuid,
    reference: user.reference,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    role: user.role,
    permissions: heldPermissions(user),
    email_verified: user.emailVerified,
    business_name: user.businessName,
  }
}

/** A new API token; without 'Remember me' it also ends after SESSION_IDLE_HOURS idle (http/authenticate.ts). */
export async function issueSession(
  db: Executor,
  userId: number,
  remember = false,
): Promise<SessionData> {
  const { token, tokenHash } = newToken()
  await db.insert(apiTokens).values({
    userId,
    tokenHash,
    remember,
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_DAYS * 24 * 3600_000),
  })
  const user = await userById(db, userId)
  if (!user) throw new Error('The user vanished while signing in')
  return { user: toSessionUser(user), token }
}

export async function revokeAllTokens(db: Executor, userId: number) {
  await db.delete(apiTokens).where(eq(apiTokens.userId, userId))
}

export async function findUserByEmail(db: Executor, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1)
  return user
}

export type NewAccount = {
  email: string
  firstName: string
  lastName: string
  role: Role
  businessName?: string | null
  password?: string
  realtorId?: number | null
  /** A realtor's upline (the realtor whose link it signed up through). */
  uplineId?: number | null
  createdById?: number | null
  permissions?: Permission[]
  emailVerified?: boolean
}

/** Creates a user of any role; a taken e-mail answers as a field error on 'email'. */
export async function createAccount(db: Executor, account: NewAccount) {
  const [created] = await db
    .insert(users)
    .values({
      reference: newReference(referencePrefixForRole(account.role)),
      email: account.email.toLowerCase(),
      passwordHash: account.password ? await hashPassword(account.password) : null,
      firstName: account.firstName,
      lastName: account.lastName,
      businessName: account.businessName ?? null,
      role: account.role,
      realtorId: account.realtorId ?? null,
      uplineId: account.uplineId ?? null,
      createdById: account.createdById ?? null,
      emailVerifiedAt: account.emailVerified ? new Date() : null,
    })
    .onConflictDoNothing({ target: users.email })
    .returning()
  if (!created) throw refusedField('email', EMAIL_TAKEN)
  if (account.permissions?.length) {
    await db
      .insert(userPermissions)
      .values(account.permissions.map((permission) => ({ userId: created.id, permission })))
  }
  return created
}

/**
 * Asks a signed-in user for their password again before a change a stolen session must not make
 * alone. A wrong one counts as a failed sign-in of the account, under the same limits (429 past
 * them), so the session cannot be used to guess the password; the right one takes its count back.
 */
export async function confirmCurrentPassword(
  db: Executor,
  user: { id: number; email: string },
  password: string,
) {
  const attempt = await consumeTogether(db, [
    {
      bucket: 'failed-login',
      key: user.email,
      limits: [LIMITS.failedLoginMinute, LIMITS.failedLoginHour],
    },
  ])
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1)
  const valid = await verifyPassword(row?.passwordHash ?? null, password)
  if (valid) await release(db, attempt)
  return valid
}

/** Code and reset e-mails share one budget: at most 3 per account in 15 minutes. */
export const MAIL_BUCKET = 'mail'

export async function mailBudgetLeft(db: Executor, userId: number) {
  return (
    LIMITS.mail.max -
    (await countRecent(db, MAIL_BUCKET, String(userId), LIMITS.mail.windowSeconds))
  )
}

/** Mails a fresh 6-digit code (the old one dies); refused with 429 past the account's or the address's mail budget. */
export async function sendVerificationCode(
  db: Executor,
  user: { id: number; email: string; firstName: string },
) {
  // Checked first, so a refused code does not replace the live one.
  await assertCanMail(db, user.email)
  await consume(db, MAIL_BUCKET, String(user.id), LIMITS.mail)
  const code = newOneTimeCode()
  const values = {
    userId: user.id,
    codeHash: hashCode(user.id, code),
    expiresAt: new Date(Date.now() + CODE_LIFETIME_MINUTES * 60_000),
    attempts: 0,
    sentAt: new Date(),
  }
  await db
    .insert(emailCodes)
    .values(values)
    .onConflictDoUpdate({ target: emailCodes.userId, set: values })
  await sendMail(db, {
    to: user.email,
    subject: `Your verification code is ${code}`,
    text: [
      `Hello ${user.firstName},`,
      '',
      `Your Land Banking verification code is ${code}.`,
      `It expires in ${CODE_LIFETIME_MINUTES} minutes. Enter it at ${appUrl()}/verify-email`,
      '',
      'If you did not create an account, ignore this e-mail.',
    ].join('\n'),
  })
}

export function hashCode(userId: number, code: string) {
  return hashToken(`${userId}:${code}`)
}

/** A single-use link: reset (1 hour) or set-password for staff-made accounts (7 days). */
export async function createPasswordLink(
  db: Executor,
  user: { id: number; email: string },
  purpose: 'reset' | 'set',
) {
  const { token, tokenHash } = newToken()
  const lifetimeMs =
    purpose === 'reset' ? RESET_LINK_MINUTES * 60_000 : SET_PASSWORD_LINK_DAYS * 24 * 3600_000
  await db.insert(passwordTokens).values({
    userId: user.id,
    tokenHash,
    purpose,
    expiresAt: new Date(Date.now() + lifetimeMs),
  })
  const page = purpose === 'reset' ? 'reset-password' : 'set-password'
  const query = new URLSearchParams({ token, email: user.email })
  return `${appUrl()}/${page}?${query}`
}

/**
 * Mails a reset link when the account's and the address's mail budgets allow; past either nothing
 * is sent, silently, so forgot-password answers the same whatever the account's state.
 */
export async function sendResetLink(
  db: Executor,
  user: { id: number; reference: string; email: string; firstName: string; lastName: string },
) {
  try {
    await consume(db, MAIL_BUCKET, String(user.id), LIMITS.mail)
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 429) return false
    throw error
  }
  // Recorded only when a link is made: past the mail budget nothing changes, and nothing is written.
  const link = await db.transaction(async (tx) => {
    const made = await createPasswordLink(tx, user, 'reset')
    await recordAudit(tx, {
      action: 'auth.password_reset_requested',
      record: { type: 'account', reference: user.reference },
      summary: `A password reset link for ${personLabel(user)} was asked for and mailed to ${user.email}`,
    })
    return made
  })
  try {
    await sendMail(db, {
      to: user.email,
      subject: 'Reset your password',
      text: [
        `Hello ${user.firstName},`,
        '',
        'Someone asked to reset the password of your Land Banking account. Choose a new one here:',
        link,
        '',
        `The link works once and expires in ${RESET_LINK_MINUTES} minutes. If it was not you, ignore this e-mail.`,
      ].join('\n'),
    })
  } catch (error) {
    if (error instanceof MailCapReached) return false
    throw error
  }
  return true
}

/** Tells the holder that the password changed (changed in Settings or reset by link), so a takeover does not go unnoticed. */
export async function sendPasswordChangedNotice(
  db: Executor,
  user: { email: string; firstName: string },
  at: Date = new Date(),
) {
  await sendSecurityNotice(db, {
    to: user.email,
    subject: 'Your Land Banking password was changed',
    text: [
      `Hello ${user.firstName},`,
      '',
      `The password of your Land Banking account was changed on ${formatDateTime(at, getConfig().APP_TIME_ZONE)}.`,
      'Every device signed in to your account has been signed out.',
      '',
      `If you did not do this, reset your password at ${appUrl()}/forgot-password and contact support at once.`,
    ].join('\n'),
  })
}

/** Staff-made accounts get a link to choose their own password. */
export async function sendSetPasswordLink(
  db: Executor,
  user: { id: number; email: string; firstName: string },
) {
  const link = await createPasswordLink(db, user, 'set')
  await sendMail(db, {
    to: user.email,
    subject: 'Your Land Banking account is ready',
    text: [
      `Hello ${user.firstName},`,
      '',
      'An account has been created for you on Land Banking. Choose your password here:',
      link,
      '',
      `The link works once and expires in ${SET_PASSWORD_LINK_DAYS} days.`,
    ].join('\n'),
  })
}

/** The live password token for a raw token, with its user. */
export async function findPasswordToken(db: Executor, token: string) {
  const [row] = await db
    .select({ token: passwordTokens, user: users })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(
      and(
        eq(passwordTokens.tokenHash, hashToken(token)),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, sql`now()`),
        eq(users.isSuspended, false),
      ),
    )
    .limit(1)
  return row
}

/** The welcome notification, once: at registration, or at the first sign-in of a staff-made account. */
export async function welcomeOnce(db: Executor, user: { id: number; firstName: string }) {
  const [marked] = await db
    .update(users)
    .set({ welcomedAt: new Date() })
    .where(and(eq(users.id, user.id), isNull(users.welcomedAt)))
    .returning({ id: users.id })
  if (marked) await notify(db, user.id, WELCOME(user.firstName))
}

/** Suspends or restores an account; a suspended account loses every token at once. */
export async function setSuspended(db: Executor, userId: number, suspended: boolean) {
  await db
    .update(users)
    .set({ isSuspended: suspended, updatedAt: new Date() })
    .where(eq(users.id, userId))
  if (suspended) await revokeAllTokens(db, userId)
}

/** After a password change through a link, every other outstanding link of the account dies too. */
export async function usePasswordTokens(db: Executor, userId: number) {
  await db
    .update(passwordTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)))
}
