/**
 * A CSV export is streamed: 100,000 audit entries go out through GET admin/audit?format=csv from
 * the built server, and the server's resident memory (VmRSS, sampled every 100 ms while the file
 * streams) never rises more than 50 MB above what it was just before the export. Once on PGlite
 * (the database in the server's own process, and the API's read cache on) and once on PostgreSQL.
 */
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, test } from 'vitest'
import { PAGE_SIZE } from '~/contract/envelope'
import { quietMailLog } from '../support/quiet'
import { startPostgres } from '../support/postgres.mjs'
import { SERVER_ADMIN, serverPort, startServer, type RunningServer } from '../support/server'

quietMailLog()

const ROWS = 100_000
const LIMIT_BYTES = 50 * 1024 * 1024
// The seeded entries (the admin's sign-ins are entries too).
const FILTER = 'action=customer.updated'

/** One INSERT … SELECT: entries a second apart, each with a summary and changes like real ones. */
const SEED_SQL = `
  insert into audit_log (created_at, actor_reference, actor_name, action, record_type, record_reference, summary, changes, client_ip, user_agent)
  select now() - make_interval(secs => g), 'USR-LOAD', 'Load Tester', 'customer.updated', 'customer', 'CUS-' || lpad(g::text, 6, '0'),
         'Changed the phone number of customer CUS-' || lpad(g::text, 6, '0') || ' from 0801' || g || ' to 0802' || g,
         jsonb_build_object('phone', jsonb_build_object('before', '0801' || g, 'after', '0802' || g)),
         '203.0.113.' || (g % 250), 'Mozilla/5.0 (load test)'
  from generate_series(1, ${ROWS}) as g`

/**
 * The measured server collects garbage whenever its heap grows by a tenth. By default V8 lets the
 * buffers an export has finished with (read from the database, written to the socket) pile up to
 * about 64 MB before a full collection, so whether one fell inside the download decided the peak
 * (the same export measured +9 MB or +73 MB). Memory the export holds on to is not collectable and
 * still counts.
 */
const GC_EVERY_STEP = ['--heap-growing-percent=10']

const running: RunningServer[] = []
const cleanups: (() => void)[] = []
afterAll(async () => {
  for (const server of running) await server.stop()
  for (const cleanup of cleanups) cleanup()
})

function rssBytes(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1])
  if (!Number.isFinite(kb)) throw new Error(`No VmRSS for process ${pid}`)
  return kb * 1024
}

async function adminToken(url: string) {
  const response = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SERVER_ADMIN),
  })
  const body = (await response.json()) as { data: { token: string } }
  return body.data.token
}

type ExportRead = { lines: number; bytes: number; head: string; tail: string }

/** Downloads an export of the audit trail to the end, counting its lines; `onChunk` sees each piece. */
async function readExport(
  url: string,
  token: string,
  query: string,
  onChunk: (read: ExportRead) => void = () => {},
) {
  const read: ExportRead = { lines: 0, bytes: 0, head: '', tail: '' }
  const response = await fetch(`${url}/api/v1/admin/audit?format=csv&${query}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toContain('text/csv')
  const reader = response.body!.getReader()
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true })
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    read.bytes += value.byteLength
    const text = decoder.decode(value, { stream: true })
    if (read.head.length < 300) read.head += text.slice(0, 300)
    read.tail = (read.tail + text).slice(-300)
    for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1))
      read.lines += 1
    onChunk(read)
  }
  return read
}

/**
 * Exports the audit trail, reading the stream to the end while sampling the server's RSS. The
 * baseline is taken after a first, smaller export (the entries of CUS-000001 to CUS-009999): the
 * memory any first download takes (the code compiled, the allocator's and the compressor's working
 * space) is there before the measure, and the rise is what the export's length costs.
 */
async function exportAndMeasure(server: RunningServer) {
  const pid = server.child.pid!
  const token = await adminToken(server.url)
  const warm = await fetch(`${server.url}/api/v1/admin/audit?page=1&${FILTER}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(warm.status).toBe(200)
  const pages = ((await warm.json()) as { data: { totalPages: number } }).data.totalPages
  expect(pages).toBe(Math.ceil(ROWS / PAGE_SIZE))
  const smaller = await readExport(server.url, token, `${FILTER}&search=CUS-00`)
  expect(smaller.lines).toBe(1 + 9_999)
  await new Promise((resolve) => setTimeout(resolve, 500))

  const baseline = rssBytes(pid)
  let peak = baseline
  let bytesRead = 0
  const timeline: string[] = []
  const started = Date.now()
  const sampler = setInterval(() => {
    const now = rssBytes(pid)
    peak = Math.max(peak, now)
    if (process.env.EXPORT_TIMELINE)
      timeline.push(
        `${Date.now() - started} ms: +${((now - baseline) / 1048576).toFixed(1)} MB, ${(bytesRead / 1048576).toFixed(1)} MB read`,
      )
  }, 100)
  let result: ExportRead
  try {
    result = await readExport(server.url, token, FILTER, (read) => (bytesRead = read.bytes))
  } finally {
    clearInterval(sampler)
  }
  peak = Math.max(peak, rssBytes(pid))
  if (timeline.length) console.log(timeline.join('\n'))
  const seconds = (Date.now() - started) / 1000
  const mb = (value: number) => `${(value / 1024 / 1024).toFixed(1)} MB`
  console.log(
    `export of ${result.lines} lines (${mb(result.bytes)}) in ${seconds.toFixed(1)} s: RSS baseline ${mb(baseline)}, peak ${mb(peak)}, rise ${mb(peak - baseline)}`,
  )
  return { ...result, rise: peak - baseline }
}

function expectWholeFile(result: Awaited<ReturnType<typeof exportAndMeasure>>) {
  expect(result.head.startsWith('\uFEFFid,at,actor_reference,actor,action,')).toBe(true)
  // The header and every seeded entry.
  expect(result.lines).toBe(ROWS + 1)
  // Newest first: the oldest seeded entry ends the file.
  expect(result.tail).toContain('CUS-100000')
  expect(result.tail.endsWith('\r\n')).toBe(true)
  expect(result.rise).toBeLessThan(LIMIT_BYTES)
}

describe('a 100,000 row export streams within 50 MB of the baseline', () => {
  test('on PGlite, through the read cache', async () => {
    // The server migrates a fresh folder; the entries go in while it is stopped (one process per folder).
    const first = await startServer({ port: serverPort(10) })
    const dataDir = first.dataDir
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }))
    expect((await first.stop()).code).toBe(0)
    const { PGlite } = await import('@electric-sql/pglite')
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
    const db = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } })
    await db.exec(SEED_SQL)
    await db.close()

    const server = await startServer({ port: serverPort(10), dataDir, nodeArgs: GC_EVERY_STEP })
    running.push(server)
    expectWholeFile(await exportAndMeasure(server))
  }, 300_000)

  test('on PostgreSQL', async () => {
    const postgres = startPostgres({ port: Number(process.env.TEST_PG_PORT ?? 54329) + 4 })
    cleanups.push(() => postgres.stop())
    const server = await startServer({
      port: serverPort(11),
      env: { DATABASE_URL: postgres.url },
      nodeArgs: GC_EVERY_STEP,
    })
    running.push(server)
    const client = new pg.Client({ connectionString: postgres.url })
    await client.connect()
    await client.query(SEED_SQL)
    await client.end()
    expectWholeFile(await exportAndMeasure(server))
  }, 300_000)
})
