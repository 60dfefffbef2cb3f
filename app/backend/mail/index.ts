import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import { getEnv } from '~/utils/env.server'

export type MailMessage = { to: string; subject: string; text: string }

type Transport = { sendMail: (message: MailMessage & { from: string }) => Promise<unknown> }

const globalForMail = globalThis as unknown as { __mailTransport?: Transport }

function transport(): Transport {
  if (globalForMail.__mailTransport) return globalForMail.__mailTransport
  const env = getEnv()
  const created: Transport = env.SMTP_URL
    ? nodemailer.createTransport(env.SMTP_URL)
    : { sendMail: writeToOutbox }
  globalForMail.__mailTransport = created
  return created
}

export function outboxDir() {
  return path.resolve(getEnv().DATA_DIR, 'outbox')
}

/** Without SMTP every message becomes an .eml file in DATA_DIR/outbox, and its subject and link are logged. */
async function writeToOutbox(message: MailMessage & { from: string }) {
  const compiler = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
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

export async function sendMail(message: MailMessage) {
  await transport().sendMail({ ...message, from: getEnv().MAIL_FROM })
}
