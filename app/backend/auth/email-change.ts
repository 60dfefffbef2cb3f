import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import { appUrl } from '../config'
import type { Executor } from '../db/client'
import { apiTokens, emailChanges, emailCodes, passwordTokens, users } from '../db/schema'
import { assertCanMail, sendMail, sendSecurityNotice } from '../mail'
import { recordAudit } from '../audit/record'
import { personLabel } from './audit'
import { hashToken, newToken } from '../secrets/tokens'

export const EMAIL_CHANGE_LINK_HOURS = 24

/**
 * After an e-mail change every way into the account that the old address or an old session held
 * dies: API tokens (except the one that confirmed the change), password links, codes and any
 * pending change.
 */
export async function revokeAccountAccess(db: Executor, userId: number, keepTokenHash?: string) {
  await db
    .delete(apiTokens)
    .where(
      keepTokenHash
        ? and(eq(apiTokens.userId, userId), ne(apiTokens.tokenHash, keepTokenHash))
        : eq(apiTokens.userId, userId),
    )
  await db
    .update(passwordTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)))
  await db.delete(emailCodes).where(eq(emailCodes.userId, userId))
  await db.delete(emailChanges).where(eq(emailChanges.userId, userId))
}

type Person = { firstName: string }

/** Tells the old address that staff changed it, so a takeover cannot go unnoticed. */
export async function sendStaffChangedEmailNotice(
  db: Executor,
  person: Person,
  oldEmail: string,
  newEmail: string,
) {
  await sendSecurityNotice(db, {
    to: oldEmail,
    subject: 'Your Land Banking email address was changed',
    text: [
      `Hello ${person.firstName},`,
      '',
      `A member of staff changed the email address of your Land Banking account from ${oldEmail} to ${newEmail}.`,
      'You have been signed out, and any password links sent to this address no longer work.',
      '',
      'If you did not ask for this, contact support at once.',
    ].join('\n'),
  })
}

/** Stores the pending address (replacing an earlier request) and mails its single-use link. */
export async function requestEmailChange(
  db: Executor,
  user: Person & { id: number; reference: string; lastName: string; email: string },
  newEmail: string,
) {
  await assertCanMail(db, newEmail)
  const { token, tokenHash } = newToken()
  const values = {
    userId: user.id,
    newEmail,
    tokenHash,
    expiresAt: new Date(Date.now() + EMAIL_CHANGE_LINK_HOURS * 3600_000),
    createdAt: new Date(),
  }
  await db.transaction(async (tx) => {
    const [earlier] = await tx
      .select({ newEmail: emailChanges.newEmail })
      .from(emailChanges)
      .where(and(eq(emailChanges.userId, user.id), gt(emailChanges.expiresAt, sql`now()`)))
      .limit(1)
    await tx
      .insert(emailChanges)
      .values(values)
      .onConflictDoUpdate({ target: emailChanges.userId, set: values })
    await recordAudit(tx, {
      action: 'auth.email_change_requested',
      record: { type: 'account', reference: user.reference },
      summary: `${personLabel(user)} asked to change the e-mail address from ${user.email} to ${newEmail}; a confirmation link was mailed to ${newEmail}`,
      changes: { pending_email: { before: earlier?.newEmail ?? null, after: newEmail } },
    })
  })
  const link = `${appUrl()}/confirm-email?${new URLSearchParams({ token })}`
  await sendMail(db, {
    to: newEmail,
    subject: 'Confirm your new email address',
    text: [
      `Hello ${user.firstName},`,
      '',
      `You asked to use ${newEmail} for your Land Banking account. Confirm it here:`,
      link,
      '',
      `The link works once and expires in ${EMAIL_CHANGE_LINK_HOURS} hours. Until then your account keeps ${user.email}.`,
      'If it was not you, ignore this e-mail.',
    ].join('\n'),
  })
  await sendSecurityNotice(db, {
    to: user.email,
    subject: 'A change of your email address was requested',
    text: [
      `Hello ${user.firstName},`,
      '',
      `Someone signed in to your Land Banking account asked to change its email address to ${newEmail}.`,
      'Nothing changes until the link sent to that address is followed.',
      '',
      'If it was not you, change your password now and contact support.',
    ].join('\n'),
  })
}

export async function pendingEmailChange(db: Executor, userId: number) {
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, sql`now()`)))
    .limit(1)
  return row ?? null
}

/** The live change behind a raw link token, with its user's current address. */
export async function findEmailChange(db: Executor, token: string) {
  const [row] = await db
    .select({
      change: emailChanges,
      user: {
        id: users.id,
        reference: users.reference,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      },
    })
    .from(emailChanges)
    .innerJoin(users, eq(users.id, emailChanges.userId))
    .where(
      and(
        eq(emailChanges.tokenHash, hashToken(token)),
        gt(emailChanges.expiresAt, sql`now()`),
        eq(users.isSuspended, false),
      ),
    )
    .limit(1)
  return row
}

export async function sendEmailChangedNotice(
  db: Executor,
  person: Person,
  oldEmail: string,
  newEmail: string,
) {
  await sendSecurityNotice(db, {
    to: newEmail,
    subject: 'Your email address has been changed',
    text: [
      `Hello ${person.firstName},`,
      '',
      `Your Land Banking account now uses ${newEmail} instead of ${oldEmail}. Sign in with this address from now on.`,
      'Other devices have been signed out.',
    ].join('\n'),
  })
}
