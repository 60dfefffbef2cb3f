import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { EmailStatus } from '~/contract/auth'
import { endpoints } from '~/contract/endpoints'
import { apiTokens, emailChanges, emailCodes, passwordTokens, users } from '../db/schema'
import { hashToken, safeEqual } from '../secrets/tokens'
import { rememberDevice } from './devices'
import {
  ApiError,
  conflict,
  refusedField,
  forbidden,
  notFound,
  tooManyRequests,
} from '../http/errors'
import { implement, type HandlerTable } from '../http/router'
import { consume, consumeTogether, LIMITS, release, secondsUntilFree } from '../rate-limit'
import { assertCanMail } from '../mail'
import { hashPassword, verifyPassword } from '../secrets/passwords'
import { createdWith, recordAudit } from '../audit/record'
import { personLabel, personRecordType } from './audit'
import {
  findEmailChange,
  pendingEmailChange,
  requestEmailChange,
  revokeAccountAccess,
  sendEmailChangedNotice,
} from './email-change'
import {
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_SECONDS,
  createAccount,
  findPasswordToken,
  findUserByEmail,
  EMAIL_TAKEN,
  hashCode,
  issueSession,
  MAIL_BUCKET,
  mailBudgetLeft,
  revokeAllTokens,
  sendPasswordChangedNotice,
  sendResetLink,
  sendVerificationCode,
  toSessionUser,
  usePasswordTokens,
  welcomeOnce,
} from './service'
import { prepareAccount } from '../virtual-accounts/service'

export const INVALID_CREDENTIALS = 'These credentials do not match our records'
export const SUSPENDED = 'Your account has been suspended. Please contact support.'
export const RESET_SENT = 'Password reset email sent'
export const INVALID_LINK = 'This link is invalid or has expired'
export const CODE_EXPIRED = 'This code has expired. Request a new one.'

const login = implement(endpoints.login, async (ctx) => {
  const { email, password, remember } = ctx.body
  // Failed sign-ins are counted per e-mail typed (registered or not) and, behind a trusted proxy, per
  // address. Each attempt is counted before its password is checked, in one locked step, so parallel
  // attempts cannot all pass a count none of them is in yet; a right password takes its count back.
  const attempt = await consumeTogether(ctx.db, [
    {
      bucket: 'failed-login',
      key: email,
      limits: [LIMITS.failedLoginMinute, LIMITS.failedLoginHour],
    },
    { bucket: 'failed-login-ip', key: ctx.clientIp, limits: [LIMITS.failedLoginFromAddress] },
  ])
  const user = await findUserByEmail(ctx.db, email)
  const valid = await verifyPassword(user?.passwordHash ?? null, password)
  if (!user || !valid) {
    // A security event, not a change: written on its own, as the answer is a refusal.
    await recordAudit(ctx.db, {
      action: 'auth.sign_in_failed',
      record: { type: 'account', reference: user?.reference ?? email },
      summary: user
        ? `Failed sign-in to ${personLabel(user)} as ${email}: wrong password`
        : `Failed sign-in as ${email}: no such account`,
      actor: user ?? email,
    })
    throw new ApiError(401, 'invalidCredentials', INVALID_CREDENTIALS)
  }
  await release(ctx.db, attempt)
  if (user.isSuspended) {
    await ctx.db.transaction(async (tx) => {
      await revokeAllTokens(tx, user.id)
      await recordAudit(tx, {
        action: 'auth.sign_in_failed',
        record: { type: 'account', reference: user.reference },
        summary: `Refused sign-in to ${personLabel(user)} as ${email}: the account is suspended`,
        actor: user,
      })
    })
    throw forbidden(SUSPENDED)
  }
  const session = await ctx.db.transaction(async (tx) => {
    await welcomeOnce(tx, user)
    const issued = await issueSession(tx, user.id, remember ?? false)
    await rememberDevice(tx, user.id, ctx.request)
    await recordAudit(tx, {
      action: 'auth.sign_in',
      record: { type: 'account', reference: user.reference },
      summary: `${personLabel(user)} signed in as ${user.email}${remember ? ', remembered on this device' : ''}`,
      actor: user,
    })
    return issued
  })
  return { message: 'Login successful', data: session }
})

const register = implement(endpoints.register, async (ctx) => {
  const input = ctx.body
  // Each sign-up mails a code to the address typed: limited per client address (behind a trusted
  // proxy), and refused outright when that address has had its share of e-mails.
  await consumeTogether(ctx.db, [
    { bucket: 'sign-up-ip', key: ctx.clientIp, limits: [LIMITS.signUpFromAddress] },
  ])
  await assertCanMail(ctx.db, input.email)
  let realtorId: number | null = null
  let realtorReference: string | null = null
  if (input.referral) {
    // A realtor's referral link ties a customer (/register?ref=RLT-…) to that realtor, and makes it
    // the upline of a realtor (/realtor/register?ref=RLT-…).
    const [realtor] = await ctx.db
      .select({ id: users.id, reference: users.reference })
      .from(users)
      .where(
        and(
          eq(users.reference, input.referral.toUpperCase()),
          eq(users.role, 'realtor'),
          eq(users.isSuspended, false),
        ),
      )
      .limit(1)
    realtorId = realtor?.id ?? null
    realtorReference = realtor?.reference ?? null
  }
  const { user, session } = await ctx.db.transaction(async (tx) => {
    const created = await createAccount(tx, {
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      role: input.role,
      businessName: input.role === 'realtor' ? input.business_name : null,
      password: input.password,
      realtorId: input.role === 'customer' ? realtorId : null,
      uplineId: input.role === 'realtor' ? realtorId : null,
    })
    await welcomeOnce(tx, created)
    const kind = input.role === 'realtor' ? 'realtor' : 'customer'
    const referredBy = kind === 'realtor' ? 'upline' : 'realtor'
    await recordAudit(tx, {
      action: 'auth.registered',
      record: { type: personRecordType(created.role), reference: created.reference },
      related: [realtorReference],
      summary: `${personLabel(created)} registered as a ${kind} with ${created.email}${realtorReference ? ` through ${realtorReference}'s link` : ''}`,
      changes: createdWith({
        email: created.email,
        first_name: created.firstName,
        last_name: created.lastName,
        ...(kind === 'realtor' ? { business_name: created.businessName } : {}),
        [referredBy]: realtorReference,
      }),
      actor: created,
    })
    await rememberDevice(tx, created.id, ctx.request)
    return { user: created, session: await issueSession(tx, created.id) }
  })
  // The account stands even when the mail server is down: the code can be sent again from /verify-email.
  try {
    await sendVerificationCode(ctx.db, user)
  } catch (error) {
    console.error(
      `[api ${ctx.requestId}] the verification code for user ${user.id} could not be sent`,
      error,
    )
  }
  return { message: 'Registration successful', data: session }
})

const forgotPassword = implement(endpoints.forgotPassword, async (ctx) => {
  const { email } = ctx.body
  // Counted per address typed, registered or not, so neither the answer nor the limit tells
  // whether an account exists; the account's own mail budget then decides whether a link goes out.
  await consume(ctx.db, 'forgot-password', email, LIMITS.mail)
  const user = await findUserByEmail(ctx.db, email)
  if (user && !user.isSuspended) await sendResetLink(ctx.db, user)
  return { message: RESET_SENT, data: null }
})

const verifyPasswordToken = implement(endpoints.verifyPasswordToken, async (ctx) => {
  const found = await findPasswordToken(ctx.db, ctx.body.token)
  if (!found) throw notFound(INVALID_LINK)
  return {
    data: {
      email: found.user.email,
      name: `${found.user.firstName} ${found.user.lastName}`,
      purpose: found.token.purpose,
    },
  }
})

const resetPassword = implement(endpoints.resetPassword, async (ctx) => {
  const input = ctx.body
  const found = await findPasswordToken(ctx.db, input.token)
  if (!found || found.user.email !== input.email) throw conflict(INVALID_LINK)
  const session = await ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordTokens.id, found.token.id), isNull(passwordTokens.usedAt)))
      .returning({ id: passwordTokens.id })
    if (!used) throw conflict(INVALID_LINK)
    await usePasswordTokens(tx, found.user.id)
    await tx
      .update(users)
      .set({
        passwordHash: await hashPassword(input.password),
        // Opening the mailed link proves the address.
        emailVerifiedAt: found.user.emailVerifiedAt ?? new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, found.user.id))
    await tx.delete(emailCodes).where(eq(emailCodes.userId, found.user.id))
    await revokeAllTokens(tx, found.user.id)
    await welcomeOnce(tx, found.user)
    const chosen = found.token.purpose === 'set'
    await recordAudit(tx, {
      action: 'auth.password_reset',
      record: { type: 'account', reference: found.user.reference },
      summary: `${personLabel(found.user)} ${chosen ? 'set a first password' : 'reset the password'} through the link mailed to ${found.user.email}; every other session signed out`,
      changes: found.user.emailVerifiedAt
        ? null
        : { email_verified: { before: false, after: true } },
      actor: found.user,
    })
    await rememberDevice(tx, found.user.id, ctx.request)
    return issueSession(tx, found.user.id)
  })
  // Choosing a first password (an account staff made) changes nothing the holder had.
  if (found.token.purpose === 'reset') await sendPasswordChangedNotice(ctx.db, found.user)
  return {
    message:
      found.token.purpose === 'set' ? 'Password set successfully' : 'Password reset successfully',
    data: session,
  }
})

const logout = implement(endpoints.logout, async (ctx) => {
  const { user } = ctx
  await ctx.db.transaction(async (tx) => {
    await tx.delete(apiTokens).where(eq(apiTokens.tokenHash, hashToken(ctx.token)))
    await recordAudit(tx, {
      action: 'auth.sign_out',
      record: { type: 'account', reference: user.reference },
      summary: `${personLabel(user)} signed out`,
    })
  })
  return { message: 'Logged out successfully', data: null }
})

const me = implement(endpoints.me, async (ctx) => ({ data: toSessionUser(ctx.user) }))

const verifyEmail = implement(endpoints.verifyEmail, async (ctx) => {
  const { user } = ctx
  const { otp } = ctx.body
  if (user.emailVerified) return { message: 'Email already verified', data: toSessionUser(user) }
  if (ctx.clientIp)
    await consume(ctx.db, 'code-check-ip', ctx.clientIp, LIMITS.codeCheckFromAddress)
  // Each check spends one of the code's tries in a single statement, so parallel guesses cannot
  // get past the limit; an expired or spent code matches nothing.
  const [code] = await ctx.db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(
      and(
        eq(emailCodes.userId, user.id),
        lt(emailCodes.attempts, CODE_MAX_ATTEMPTS),
        gt(emailCodes.expiresAt, sql`now()`),
      ),
    )
    .returning()
  if (!code) throw refusedField('otp', CODE_EXPIRED)
  if (!safeEqual(code.codeHash, hashCode(user.id, otp))) {
    const left = CODE_MAX_ATTEMPTS - code.attempts
    throw refusedField(
      'otp',
      left > 0
        ? `The code is incorrect. ${left} ${left === 1 ? 'try' : 'tries'} left.`
        : CODE_EXPIRED,
    )
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, user.id))
    await tx.delete(emailCodes).where(eq(emailCodes.userId, user.id))
    await recordAudit(tx, {
      action: 'auth.email_verified',
      record: { type: 'account', reference: user.reference },
      summary: `${personLabel(user)} verified ${user.email} with the code mailed to it`,
      changes: { email_verified: { before: false, after: true } },
    })
  })
  // A customer's own account number, with a provider that opens one per customer.
  if (user.role === 'customer') await prepareAccount(ctx.db, user.id, null)
  return {
    message: 'Email verified successfully',
    data: toSessionUser({ ...user, emailVerified: true }),
  }
})

const sendOtp = implement(endpoints.sendOtp, async (ctx) => {
  const { user } = ctx
  if (user.emailVerified) throw conflict('Your email is already verified')
  const [code] = await ctx.db
    .select({ sentAt: emailCodes.sentAt })
    .from(emailCodes)
    .where(eq(emailCodes.userId, user.id))
    .limit(1)
  if (code) {
    const wait = Math.ceil(CODE_RESEND_SECONDS - (Date.now() - code.sentAt.getTime()) / 1000)
    if (wait > 0)
      throw tooManyRequests(`Please wait ${wait} seconds before requesting a new code`, wait)
  }
  if ((await mailBudgetLeft(ctx.db, user.id)) <= 0) {
    throw tooManyRequests(
      LIMITS.mail.message,
      await secondsUntilFree(ctx.db, MAIL_BUCKET, String(user.id), LIMITS.mail),
    )
  }
  await sendVerificationCode(ctx.db, user)
  return { message: 'A new code has been sent to your email', data: null }
})

const changePassword = implement(endpoints.changePassword, async (ctx) => {
  const { user, body: input } = ctx
  const [row] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id))
  if (!(await verifyPassword(row?.passwordHash ?? null, input.current_password))) {
    throw refusedField('current_password', 'The current password is incorrect')
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
      .where(eq(users.id, user.id))
    await revokeAllTokens(tx, user.id)
    await recordAudit(tx, {
      action: 'auth.password_changed',
      record: { type: 'account', reference: user.reference },
      summary: `${personLabel(user)} changed the password; every session signed out`,
    })
  })
  await sendPasswordChangedNotice(ctx.db, user)
  return { message: 'Password changed successfully', data: null }
})

const emailStatus = implement(endpoints.emailStatus, async (ctx) => {
  const pending = await pendingEmailChange(ctx.db, ctx.user.id)
  const status: EmailStatus = { email: ctx.user.email, pending_email: pending?.newEmail ?? null }
  return { data: status }
})

export const EMAIL_CHANGE_SENT = (email: string) => `We have sent a confirmation link to ${email}`
export const SAME_EMAIL = 'This is already your email'

/** A user's own e-mail change only starts here: the link mailed to the new address finishes it. */
const changeEmail = implement(endpoints.emailChange, async (ctx) => {
  const { user, body: input } = ctx
  const [row] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id))
  if (!(await verifyPassword(row?.passwordHash ?? null, input.current_password))) {
    throw refusedField('current_password', 'The current password is incorrect')
  }
  if (input.email === user.email) throw refusedField('email', SAME_EMAIL)
  if (await findUserByEmail(ctx.db, input.email)) throw refusedField('email', EMAIL_TAKEN)
  await consume(ctx.db, MAIL_BUCKET, String(user.id), LIMITS.mail)
  await requestEmailChange(ctx.db, user, input.email)
  return { message: EMAIL_CHANGE_SENT(input.email), data: null }
})

export const EMAIL_CHANGED = 'Your email address has been changed'

/**
 * Follows the link of an e-mail change, signed in or not. The change is spent in the same
 * statement that reads it, so a link works once; every other session of the account ends.
 */
const confirmEmail = implement(endpoints.confirmEmail, async (ctx) => {
  const { token } = ctx.body
  const found = await findEmailChange(ctx.db, token)
  if (!found) throw conflict(INVALID_LINK)
  const newEmail = found.change.newEmail
  const keep = ctx.user?.id === found.user.id && ctx.token ? hashToken(ctx.token) : undefined
  try {
    await ctx.db.transaction(async (tx) => {
      const [spent] = await tx
        .delete(emailChanges)
        .where(
          and(eq(emailChanges.userId, found.user.id), eq(emailChanges.tokenHash, hashToken(token))),
        )
        .returning({ userId: emailChanges.userId })
      if (!spent) throw conflict(INVALID_LINK)
      await tx
        .update(users)
        .set({ email: newEmail, emailVerifiedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, found.user.id))
      await revokeAccountAccess(tx, found.user.id, keep)
      await recordAudit(tx, {
        action: 'auth.email_changed',
        record: { type: 'account', reference: found.user.reference },
        summary: `${personLabel(found.user)} changed the e-mail address from ${found.user.email} to ${newEmail} through the link mailed to it`,
        changes: { email: { before: found.user.email, after: newEmail } },
        actor: found.user,
      })
    })
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw refusedField('token', EMAIL_TAKEN)
    throw error
  }
  await sendEmailChangedNotice(ctx.db, found.user, found.user.email, newEmail)
  return { message: EMAIL_CHANGED, data: { email: newEmail } }
})

export const authHandlers = {
  login: login,
  register: register,
  forgotPassword: forgotPassword,
  verifyPasswordToken: verifyPasswordToken,
  resetPassword: resetPassword,
  me: me,
  logout: logout,
  verifyEmail: verifyEmail,
  sendOtp: sendOtp,
  changePassword: changePassword,
  emailStatus: emailStatus,
  emailChange: changeEmail,
  confirmEmail: confirmEmail,
} satisfies HandlerTable
