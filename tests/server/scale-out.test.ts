/**
 * Scale-out: two server processes of the built app on one PostgreSQL database, driven
 * alternately, keep no state of their own (sessions, limits, files and jobs live in the
 * database); and WEB_CONCURRENCY=2 (bin/serve.mjs) serves from two worker processes. They run as
 * compose.yaml runs them: as an app role that owns no table, with the owner's URL for migrations.
 */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestRoles, roleUrl, TEST_ROLES } from '../support/api-harness'
import { startPostgres } from '../support/postgres.mjs'
import { quietMailLog } from '../support/quiet'
import {
  faultPostgresPort,
  httpClient,
  rawRequest,
  SERVER_ADMIN,
  serverPort,
  startServer,
  webSignIn,
  type RunningServer,
} from '../support/server'
import { uniquePng } from '../support/images'
import { PASSWORD } from '../support/security-world'

quietMailLog()

let postgres: ReturnType<typeof startPostgres>
let servers: [RunningServer, RunningServer]
const running: RunningServer[] = []

/** As compose.yaml runs them (docs/postgresql.md): the app as a role that owns nothing, the owner migrating. */
let database: { DATABASE_URL: string; DATABASE_MIGRATION_URL: string }
/** The superuser, on the app's database. */
let superuserUrl: string

beforeAll(async () => {
  postgres = startPostgres({ port: faultPostgresPort() })
  const admin = new pg.Client({ connectionString: postgres.url })
  await admin.connect()
  await createTestRoles(admin)
  await admin.query(`create database landbanking owner ${TEST_ROLES.owner}`)
  await admin.end()
  database = {
    DATABASE_URL: roleUrl(postgres.url, TEST_ROLES.app, 'landbanking'),
    DATABASE_MIGRATION_URL: roleUrl(postgres.url, TEST_ROLES.owner, 'landbanking'),
  }
  superuserUrl = Object.assign(new URL(postgres.url), { pathname: '/landbanking' }).toString()
  // Started together on an empty database: their migrations, grants and first-start account must not collide.
  servers = (await Promise.all(
    [11, 12].map((offset) => startServer({ port: serverPort(offset), env: database })),
  )) as [RunningServer, RunningServer]
  running.push(...servers)
})

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop('SIGKILL')))
  postgres?.stop()
})

/** The i-th request's server: A, B, A, B… */
const at = (index: number) => servers[index % 2]

async function ok(
  server: RunningServer,
  method: string,
  apiPath: string,
  token: string | null,
  body?: unknown,
) {
  const answer = await httpClient(server).call(method, apiPath, { token, body })
  if (answer.httpStatus !== 200)
    throw new Error(`${method} ${apiPath} on ${server.url}: ${answer.httpStatus} ${answer.message}`)
  return answer.data
}

/** A verified customer: registered on one server, its e-mailed code checked on the other. */
async function customer(index: number, tag: string) {
  const email = `scale-${tag}-${index}-${Date.now().toString(36)}@example.com`
  const registeredOn = at(index)
  const session = await ok(registeredOn, 'POST', 'auth/register', null, {
    email,
    password: PASSWORD,
    first_name: 'Ada',
    last_name: `Scale${index}`,
  })
  const code = /code is (\d{6})/.exec(await httpClient(registeredOn).mail(email))?.[1]
  await ok(at(index + 1), 'POST', 'verify-email', session.token, { otp: code })
  return { email, token: session.token as string }
}

describe('two servers on one PostgreSQL database', () => {
  test('40 customers racing for 8 units give exactly 8 subscriptions; a token and a proof from one server work on the other', async () => {
    const admin = (await ok(servers[0], 'POST', 'auth/login', null, SERVER_ADMIN)).token as string
    await ok(servers[1], 'POST', 'admin/setting', admin, {
      type: 'bank_details',
      account_number: '0123456789',
      account_name: 'Land Banking Ltd',
      bank_name: 'Zenith Bank',
    })
    const product = await ok(servers[1], 'POST', 'admin/product', admin, {
      type: 'land',
      name: 'Eight plots',
      description: 'Eight plots raced for',
      location: 'Epe, Lagos',
      amount: 1_000_000,
      available_by_quantity: true,
      unit_available: 8,
    })
    const people: Array<{ email: string; token: string }> = []
    for (let batch = 0; batch < 40; batch += 10) {
      people.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, index) => customer(batch + index, 'race')),
        )),
      )
    }

    // The token issued by A (registration) reads the account on B, and a web session from A opens a page on B.
    const me = await httpClient(servers[1]).call('GET', 'auth/me', { token: people[0].token })
    expect(me.httpStatus).toBe(200)
    expect(me.data.email).toBe(people[0].email)
    const { cookie } = await webSignIn(servers[0].url, SERVER_ADMIN.email, SERVER_ADMIN.password)
    const page = await fetch(`${servers[1].url}/land-purchases`, {
      headers: { cookie },
      redirect: 'manual',
    })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Eight plots')

    const answers = await Promise.all(
      people.map((person, index) =>
        fetch(`${at(index).url}/api/v1/product-subscription`, {
          method: 'POST',
          headers: { authorization: `Bearer ${person.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            type: 'land',
            product_id: product.reference,
            payment_mode: 'full',
          }),
        }).then(async (response) => ({
          status: response.status,
          json: (await response.json()) as { data: { reference: string } },
          person,
          index,
        })),
      ),
    )
    const won = answers.filter((answer) => answer.status === 200)
    // Eight in all, whichever server sold them: each server's requests reach the product's row lock in
    // a burst, so one server may sell all eight (it did in about half the runs on a quiet machine),
    // and the other then refuses all twenty. A server that kept stock of its own would sell eight more.
    expect(won, 'subscriptions answered with success').toHaveLength(8)
    for (const side of [0, 1]) {
      expect(
        answers.filter((answer) => answer.index % 2 === side && answer.status === 409).length,
        `refusals on server ${side}`,
      ).toBeGreaterThanOrEqual(12)
    }
    expect(
      answers
        .filter((answer) => answer.status !== 200)
        .every((answer) => answer.status >= 400 && answer.status < 500),
    ).toBe(true)
    const after = await ok(servers[0], 'GET', `product/${product.reference}`, admin)
    expect(after.unit_available).toBe(0)
    const list = await ok(servers[1], 'GET', 'product-subscription?page=1', admin)
    expect(
      list.items.filter((item: { product?: { reference?: string } }) =>
        JSON.stringify(item).includes(product.reference),
      ),
    ).toHaveLength(8)

    // A proof of payment uploaded through A is served by B.
    const png = Buffer.from(uniquePng())
    const proof = await ok(servers[0], 'POST', 'media/upload', won[0].person.token, {
      file_name: 'proof.png',
      file_in_base64: png.toString('base64'),
      file_extension: 'png',
    })
    const served = await fetch(
      new URL(new URL(proof.file_url, servers[0].url).pathname, servers[1].url),
      {
        headers: { authorization: `Bearer ${won[0].person.token}` },
      },
    )
    expect(served.status).toBe(200)
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true)

    // Both run the daily jobs at the same moment: each reminder is sent once. The 8 subscriptions
    // are made half a day old (a reminder is not sent the day a subscription is made), their
    // payment due tomorrow.
    const db = new pg.Client({ connectionString: superuserUrl })
    await db.connect()
    try {
      const references = won.map((answer) => answer.json.data.reference)
      await db.query(
        `update subscriptions set created_at = now() - interval '12 hours', next_payment_date = current_date + 1 where reference = any($1)`,
        [references],
      )
      const { runDailyJobs } = await import('~/backend/jobs')
      const { openDatabase } = await import('~/backend/db/client')
      const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-scale-jobs-'))
      process.env.DATA_DIR = outbox
      const [first, second] = await Promise.all(
        [1, 2].map(() =>
          openDatabase({ databaseUrl: database.DATABASE_URL, dataDir: outbox, poolSize: 4 }),
        ),
      )
      try {
        const now = new Date()
        await Promise.all([runDailyJobs(first.db, now), runDailyJobs(second.db, now)])
      } finally {
        await Promise.all([first.close(), second.close()])
      }
      const reminded = await db.query(
        `select u.email, count(*)::int as count from notifications n join users u on u.id = n.user_id
         where n.title = 'Payment due reminder' group by u.email`,
      )
      expect(reminded.rows.map((row) => row.email).sort()).toEqual(
        won.map((answer) => answer.person.email).sort(),
      )
      expect(reminded.rows.every((row) => row.count === 1)).toBe(true)
      const mails = fs.existsSync(path.join(outbox, 'outbox'))
        ? fs.readdirSync(path.join(outbox, 'outbox'))
        : []
      const reminderMails = mails.filter((file) =>
        fs.readFileSync(path.join(outbox, 'outbox', file), 'utf8').includes('Payment reminder'),
      )
      expect(reminderMails).toHaveLength(8)
    } finally {
      await db.end()
    }
  })

  test('both servers started with their daily jobs on at the same moment send each reminder once', async () => {
    const admin = (await ok(servers[1], 'POST', 'auth/login', null, SERVER_ADMIN)).token as string
    const product = await ok(servers[0], 'POST', 'admin/product', admin, {
      type: 'land',
      name: 'Four plots',
      description: 'Four plots due tomorrow',
      location: 'Ibeju-Lekki, Lagos',
      amount: 500_000,
      available_by_quantity: true,
      unit_available: 4,
    })
    const people = await Promise.all([0, 1, 2, 3].map((index) => customer(index, 'jobs')))
    const references: string[] = []
    for (const [index, person] of people.entries()) {
      const subscription = await ok(at(index), 'POST', 'product-subscription', person.token, {
        type: 'land',
        product_id: product.reference,
        payment_mode: 'full',
      })
      references.push(subscription.reference)
    }
    const db = new pg.Client({ connectionString: superuserUrl })
    await db.connect()
    try {
      // Half a day old (no reminder goes out the day a subscription is made), the payment due tomorrow.
      await db.query(
        `update subscriptions set created_at = now() - interval '12 hours', next_payment_date = current_date + 1 where reference = any($1)`,
        [references],
      )
      // Both restart with JOBS on: each runs its daily jobs a few seconds after it starts.
      await Promise.all(servers.map((server) => server.stop()))
      servers = (await Promise.all(
        servers.map((server) =>
          startServer({
            port: server.port,
            dataDir: server.dataDir,
            env: { ...database, JOBS: 'true' },
          }),
        ),
      )) as [RunningServer, RunningServer]
      running.push(...servers)
      const reminded = async () =>
        (
          await db.query(
            `select s.reference, count(*)::int as count from notifications n join users u on u.id = n.user_id
               join subscriptions s on s.user_id = u.id
              where n.title = 'Payment due reminder' and s.reference = any($1) group by s.reference`,
            [references],
          )
        ).rows as Array<{ reference: string; count: number }>
      await expect.poll(async () => (await reminded()).length, { timeout: 60_000 }).toBe(4)
      // Each server runs its jobs 5 s after it starts: give the later one's run time to finish, so
      // a second reminder, if it were sent, would be here.
      await new Promise((resolve) => setTimeout(resolve, 8_000))
      expect((await reminded()).every((row) => row.count === 1)).toBe(true)
      const mails = servers.flatMap((server) => {
        const outbox = path.join(server.dataDir, 'outbox')
        return fs.existsSync(outbox)
          ? fs.readdirSync(outbox).map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
          : []
      })
      for (const reference of references) {
        expect(
          mails.filter((mail) => mail.includes(`Payment reminder: ${reference}`)),
          reference,
        ).toHaveLength(1)
      }
    } finally {
      await db.end()
    }
  })

  test('the sign-in limit for one e-mail counts the attempts made on both servers', async () => {
    const person = await customer(0, 'limit')
    const attempt = (index: number) =>
      httpClient(at(index)).call('POST', 'auth/login', {
        body: { email: person.email, password: 'not-the-password' },
      })
    // 10 failures a minute: 5 on each server.
    for (let index = 0; index < 10; index++) expect((await attempt(index)).httpStatus).toBe(401)
    expect((await attempt(10)).httpStatus).toBe(429)
    expect((await attempt(11)).httpStatus).toBe(429)
  })
})

/** The socket inodes a process holds open. */
function socketInodes(pid: number) {
  const inodes = new Set<string>()
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    const target = (() => {
      try {
        return fs.readlinkSync(`/proc/${pid}/fd/${fd}`)
      } catch {
        return ''
      }
    })()
    const match = /^socket:\[(\d+)\]$/.exec(target)
    if (match) inodes.add(match[1])
  }
  return inodes
}

/** The inode of the server side of the TCP connection from 127.0.0.1:clientPort to serverPort. */
function serverSideInode(serverPort: number, clientPort: number) {
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, '0')
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/)
      if (fields.length < 10) continue
      if (fields[1].endsWith(`:${hex(serverPort)}`) && fields[2].endsWith(`:${hex(clientPort)}`))
        return fields[9]
    }
  }
  return null
}

describe('WEB_CONCURRENCY=2', () => {
  test('two worker processes serve the port; a dead one is replaced; SIGTERM stops them within 10 s', async () => {
    const server = await startServer({
      port: serverPort(13),
      launcher: true,
      env: { ...database, WEB_CONCURRENCY: '2' },
    })
    running.push(server)
    const primary = server.child.pid!
    const workers = () =>
      fs
        .readFileSync(`/proc/${primary}/task/${primary}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number)
    expect(workers()).toHaveLength(2)

    // Connections kept open after their answer: which process holds each one's server side?
    const servedBy = async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 6 })
      const sockets = await Promise.all(
        Array.from(
          { length: 6 },
          () =>
            new Promise<number>((resolve, reject) => {
              const request = http.get(`${server.url}/api/v1/health`, { agent }, (response) => {
                response.resume()
                response.on('end', () =>
                  response.statusCode === 200
                    ? resolve(request.socket!.localPort!)
                    : reject(new Error(String(response.statusCode))),
                )
              })
              request.on('error', reject)
            }),
        ),
      )
      const owners = new Set<number>()
      const byWorker = new Map(workers().map((pid) => [pid, socketInodes(pid)]))
      for (const clientPort of sockets) {
        const inode = serverSideInode(server.port, clientPort)
        for (const [pid, inodes] of byWorker) if (inode && inodes.has(inode)) owners.add(pid)
      }
      agent.destroy()
      return owners
    }
    // The server answers once one worker listens; the other may still be starting on a busy machine.
    const listening = () => server.output().split('[remix-serve]').length - 1
    for (const deadline = Date.now() + 30_000; listening() < 2 && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 100))
    const first = await servedBy()
    expect([...first].sort()).toEqual(workers().sort())

    // A worker killed is replaced, and the two serve again.
    const [victim] = workers()
    process.kill(victim, 'SIGKILL')
    const deadline = Date.now() + 30_000
    while (Date.now() < deadline) {
      const now = workers()
      if (now.length === 2 && !now.includes(victim) && listening() >= 3) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(workers()).toHaveLength(2)
    expect(workers()).not.toContain(victim)
    await new Promise((resolve) => setTimeout(resolve, 500))
    const second = await servedBy()
    expect([...second].sort()).toEqual(workers().sort())

    // Requests sent just before SIGTERM: a worker answers those it has begun (the health check says
    // 503 once the worker is stopping, so a load balancer sends nothing more), refuses with their
    // connection those it had not read yet, and every worker stops within 10 s.
    const inFlight = Array.from({ length: 20 }, (_, index) => {
      const page = index % 2 ? '/login' : '/api/v1/health'
      return rawRequest(`${server.url}${page}`, {}).then(
        (answer) => `${page} ${answer.status}`,
        (error: Error) => `${page} refused: ${error.message}`,
      )
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    const started = Date.now()
    const result = await server.stop('SIGTERM', 15_000)
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(result.code).toBe(0)
    for (const outcome of await Promise.all(inFlight)) {
      expect(outcome).toMatch(
        /^\/login (200|refused: .*(ECONNRESET|socket hang up|ECONNREFUSED))$|^\/api\/v1\/health (200|503|refused: .*(ECONNRESET|socket hang up|ECONNREFUSED))$/,
      )
    }
  })
})
