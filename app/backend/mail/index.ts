import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import { getConfig } from '../config'
import type { Executor } from '../db/client'
import { ApiError } from '../http/errors'
import { consume, LIMITS, reachedLimit, secondsUntilFree } from '../rate-limit'

export type MailMessage = { to: string; subject: string; text: string }

type Transport = { sendMail: (message: MailMessage & { from: string }) => Promise<unknown> }

const globalForMail = globalThis as unknown as { __mailTransport?: Transport }

function transport(): Transport {
  if (globalForMail.__mailTransport) return globalForMail.__mailTransport
  const env = getConfig()
  const created: Transport = env.SMTP_URL
    ? nodemailer.createTransport(env.SMTP_URL)
    : { sendMail: writeToOutbox }
  globalForMail.__mailTransport = created
  return created
}

export function outboxDir() {
  return path.resolve(getConfig().DATA_DIR, 'outbox')
}

/** Without SMTP every message becomes an .eml file in DATA_DIR/outbox, and its subject and link are logged. */
async function writeToOutbox(message: MailMessage & { from: string }) {
  const compiler = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  })
  const info = await compiler.sendMail(message)
  const dir = outboxDir()
  await fs.mkdir(dir, { recursive: true })
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const slug = message.to.replace(/[^a-z0-9]+/gi, '_').slice(0, 60)
  const file = path.join(dir, `${stamp}-${slug}-${Math.random().toString(36).slice(2, 8)}.eml`)
  await fs.writeFile(file, info.message as Buffer)
  const link = /https?:\/\/\S+/.exec(message.text)?.[0]
  console.log(`[mail] to ${message.to}: ${message.subject}${link ? ` ${link}` : ''}`)
}

/**
 * What a message is, which decides whether the cap counts it:
 * - `routine`: everything the product sends in its course (codes, links, receipts, reminders). It
 *   counts against its address: at most 10 an hour and 30 a day, in the database so the cap holds
 *   across instances. Past the cap nothing is sent and MailCapReached (429, with a message for the
 *   person) is thrown; each caller decides whether its action is then refused or goes on without it.
 * - `security`: a notice that something guarding the account changed (its e-mail address, its
 *   password, its payout account). It is never capped nor counted: a flood of routine mail must not
 *   hide a takeover from the holder. Each is sent only after a change that needs the password or a
 *   staff member, so it cannot be sent in bulk.
 */
export type MailKind = 'routine' | 'security'

const CAPPED_KINDS: ReadonlySet<MailKind> = new Set(['routine'])

const MAIL_CAP = [LIMITS.mailToAddressHour, LIMITS.mailToAddressDay]
const MAIL_TO_BUCKET = 'mail-to'

export class MailCapReached extends ApiError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, 'tooManyRequests', message, null, Math.max(1, Math.ceil(retryAfterSeconds)))
  }
}

const capKey = (address: string) => address.trim().toLowerCase()

/** Refuses (MailCapReached) when the address has had its share of routine e-mails, before anything is created for it. */
export async function assertCanMail(db: Executor, to: string) {
  const reached = await reachedLimit(db, MAIL_TO_BUCKET, capKey(to), MAIL_CAP)
  if (reached)
    throw new MailCapReached(
      reached.message,
      await secondsUntilFree(db, MAIL_TO_BUCKET, capKey(to), reached),
    )
}

export async function sendMail(
  db: Executor,
  { kind = 'routine', ...message }: MailMessage & { kind?: MailKind },
) {
  if (CAPPED_KINDS.has(kind)) {
    try {
      await consume(db, MAIL_TO_BUCKET, capKey(message.to), ...MAIL_CAP)
    } catch (error) {
      if (error instanceof ApiError && error.httpStatus === 429)
        throw new MailCapReached(error.message, error.retryAfterSeconds ?? 1)
      throw error
    }
  }
  await transport().sendMail({ ...message, from: getConfig().MAIL_FROM })
}

/**
 * For an e-mail about something already done (a payment confirmed, a title step recorded): past
 * the cap it is logged and dropped, since refusing now would report a saved change as failed.
 */
export async function sendNotice(db: Executor, message: MailMessage) {
  try {
    await sendMail(db, message)
  } catch (error) {
    if (!(error instanceof MailCapReached)) throw error
    console.warn(`[mail] not sent to ${message.to} (${message.subject}): ${error.message}`)
  }
}

/** A security notice (see MailKind): always sent, whatever routine mail the address has had. */
export async function sendSecurityNotice(db: Executor, message: MailMessage) {
  await sendMail(db, { ...message, kind: 'security' })
}
