/**
 * SMTP_URL against a real SMTP server (smtp-server, on the loopback) that the test starts: the built
 * app signs in to it with the URL's credentials and delivers the sign-up code there, not to the outbox.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { decodeMail } from '../support/api-harness'
import { PASSWORD } from '../support/security-world'
import { httpClient, serverPort, startServer, type RunningServer } from '../support/server'

type Delivered = { from: string; to: string[]; raw: string }

const SMTP_USER = 'landbanking'
const SMTP_PASSWORD = 'smtp-test-password'
const delivered: Delivered[] = []
const logins: string[] = []
let smtp: SMTPServer
let server: RunningServer

beforeAll(async () => {
  smtp = new SMTPServer({
    // Plain SMTP on the loopback: no certificate to trust, and sign-in allowed without TLS.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push(`${auth.username}:${auth.password}`)
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD)
        callback(null, { user: auth.username })
      else callback(new Error('Invalid username or password'))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        delivered.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const smtpPort = (smtp.server.address() as AddressInfo).port
  server = await startServer({
    port: serverPort(9),
    env: {
      SMTP_URL: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Land Banking <no-reply@land.example.com>',
    },
  })
})

afterAll(async () => {
  await server?.stop()
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()))
})

async function deliveredTo(address: string) {
  const deadline = Date.now() + 15_000
  for (;;) {
    const message = delivered.find((item) => item.to.includes(address))
    if (message) return message
    if (Date.now() > deadline)
      throw new Error(
        `No message reached the SMTP server for ${address} (it has ${delivered.length})`,
      )
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

test('a sign-up code goes through the SMTP server, to the right person, and the code in it verifies the address', async () => {
  const client = httpClient(server)
  const email = `smtp-${Date.now().toString(36)}@example.com`
  const registered = await client.call('POST', 'auth/register', {
    body: { email, password: PASSWORD, first_name: 'Ngozi', last_name: 'Mail' },
  })
  expect(registered.httpStatus).toBe(200)

  const message = await deliveredTo(email)
  expect(logins).toContain(`${SMTP_USER}:${SMTP_PASSWORD}`)
  expect(message.from).toBe('no-reply@land.example.com')
  expect(message.to).toEqual([email])
  const text = decodeMail(message.raw)
  const headers = text.slice(0, text.search(/\r?\n\r?\n/))
  expect(headers).toMatch(new RegExp(`^To: ${email.replace(/[.]/g, '\\.')}$`, 'm'))
  const code = /^Subject: Your verification code is (\d{6})$/m.exec(headers)?.[1]
  expect(code, `subject in:\n${headers}`).toBeTruthy()
  expect(text).toContain('Hello Ngozi,')
  expect(text).toContain(`Your Land Banking verification code is ${code}.`)
  expect(text).toContain(`${server.url}/verify-email`)

  // Nothing went to the outbox instead.
  expect(
    fs.existsSync(path.join(server.dataDir, 'outbox'))
      ? fs.readdirSync(path.join(server.dataDir, 'outbox'))
      : [],
  ).toEqual([])

  const verified = await client.call('POST', 'verify-email', {
    token: registered.data.token,
    body: { otp: code },
  })
  expect(verified.httpStatus).toBe(200)
  expect(verified.data.email_verified).toBe(true)
}, 120_000)
