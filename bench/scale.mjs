#!/usr/bin/env node
// Scale-out figures: req/s of one server process and of WEB_CONCURRENCY processes (bin/serve.mjs)
// on the same PostgreSQL data set, page by page, with autocannon.
//   DATABASE_URL=postgres://… node bench/scale.mjs [--quick] [--no-build] [--processes=N] [--subscriptions=N]
// Give it an empty scratch database: the data set is inserted there.
//   node bench/scale.mjs --pglite [--quick] [--no-build]
// compares, on PGlite, one process with one process owning the database and serving /api/v1 to two
// web processes that call it over HTTP (API_URL): the other way WEB_CONCURRENCY could have worked
// there (it is refused instead; docs/operations.md, "Running more than one instance").
// Writes bench/results/scale-<date>.json.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { BENCH_ADMIN, benchServerEnv, load, signIn, stopServer as stop } from './http.mjs'
import { BENCH_CUSTOMER, generate } from './generate.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)
const argv = process.argv.slice(2)
const flag = (name) => argv.includes(`--${name}`)
const option = (name, fallback) =>
  Number(argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)
const quick = flag('quick')
const WARMUP_S = quick ? 2 : 5
const MEASURE_S = quick ? 5 : 15
const CONNECTIONS = 50
const PORT = Number(process.env.BENCH_PORT ?? 3390)
const PROCESSES = option('processes', os.cpus().length)
const SUBSCRIPTIONS = option('subscriptions', 10_000)
const ADMIN = BENCH_ADMIN

const PAGES = [
  { name: '/login', path: '/login', as: null },
  { name: '/land-investments', path: '/land-investments', as: 'customer' },
  { name: '/subscriptions?page=50', path: '/subscriptions?page=50&type=land', as: 'admin' },
  { name: '/customers?search=…', path: '/customers?page=1&search=Okafor', as: 'admin' },
  { name: 'GET /api/v1/health', path: '/api/v1/health', as: null },
]

// A web process's /api/v1 is its own embedded API, not the owner's: pages only.
const PGLITE_PAGES = PAGES.filter((page) => !page.path.startsWith('/api/'))

const log = (line = '') => process.stdout.write(`${line}\n`)
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

function serve({ port, env, launcher = true }) {
  const entry = launcher ? 'bin/serve.mjs' : 'node_modules/.bin/remix-serve'
  const child = spawn(process.execPath, [entry, './build/index.js'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      JOBS: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  return { child, url: `http://127.0.0.1:${port}`, output: () => output }
}

async function ready(server, what = '/api/v1/health') {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) break
    try {
      if ((await fetch(`${server.url}${what}`)).ok) return
    } catch {
      // Not listening yet: try again.
    }
    await sleep(100)
  }
  throw new Error(`The server did not answer:\n${server.output().slice(-3000)}`)
}

/**
 * autocannon stops sending when its time is up, but the server still works through the requests
 * it had accepted: wait until every server answers at once again, so no backlog is measured twice.
 */
async function idle(bases) {
  for (const base of bases) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const started = performance.now()
      await fetch(`${base}/login`).then((response) => response.arrayBuffer())
      if (performance.now() - started < 250) break
      await sleep(200)
    }
  }
}

/** One page on every base URL at once (connections shared out), warmed up, then measured: summed req/s. */
async function measure(bases, page, cookies) {
  const cookie = page.as ? cookies[page.as] : undefined
  const connections = Math.ceil(CONNECTIONS / bases.length)
  await Promise.all(
    bases.map((base) => load(`${base}${page.path}`, { cookie, connections, duration: WARMUP_S })),
  )
  await idle(bases)
  const results = await Promise.all(
    bases.map((base) => load(`${base}${page.path}`, { cookie, connections, duration: MEASURE_S })),
  )
  await idle(bases)
  return {
    page: page.name,
    rps: Math.round(results.reduce((sum, result) => sum + result.requests.average, 0)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    errors: results.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
  }
}

async function measureAll(label, bases, pages = PAGES) {
  const cookies = {
    admin: await signIn(bases[0], ADMIN),
    customer: await signIn(bases[0], BENCH_CUSTOMER),
  }
  const measured = []
  log(`\n-- ${label} --`)
  for (const page of pages) {
    const figures = await measure(bases, page, cookies)
    measured.push(figures)
    log(
      `  ${figures.page.padEnd(26)} ${String(figures.rps).padStart(6)} req/s  p99 ${String(figures.p99).padStart(5)} ms  non-2xx ${figures.non2xx}  errors ${figures.errors}`,
    )
  }
  return { label, pages: measured }
}

function compare(first, second) {
  log(`\n== ${second.label} vs ${first.label} ==`)
  for (const page of first.pages) {
    const other = second.pages.find((item) => item.page === page.page)
    if (!other) continue
    log(
      `  ${page.page.padEnd(26)} ${String(page.rps).padStart(6)} → ${String(other.rps).padStart(6)} req/s  ×${(other.rps / Math.max(page.rps, 1)).toFixed(2)}`,
    )
  }
}

/** The first start migrates and creates the super admin; then the data set, with no server running. */
async function prepare(dataDir, databaseUrl, generated) {
  if (generated) return
  const first = serve({ port: PORT, env: benchServerEnv(dataDir, databaseUrl) })
  await ready(first)
  await stop(first)
  const made = await generate({ dataDir, databaseUrl, subscriptions: SUBSCRIPTIONS })
  log(`data set (${SUBSCRIPTIONS.toLocaleString('en')} subscriptions) generated in ${made.ms} ms`)
}

async function postgresRuns(databaseUrl, generated) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-scale-'))
  log(`== PostgreSQL: 1 process vs WEB_CONCURRENCY=${PROCESSES} (${os.cpus().length} CPUs) ==`)
  await prepare(dataDir, databaseUrl, generated)
  const runs = []
  for (const processes of [1, PROCESSES]) {
    const server = serve({
      port: PORT,
      env: { ...benchServerEnv(dataDir, databaseUrl), WEB_CONCURRENCY: String(processes) },
    })
    try {
      await ready(server, '/login')
      runs.push(
        await measureAll(`${processes} process${processes === 1 ? '' : 'es'}`, [server.url]),
      )
    } finally {
      await stop(server)
    }
  }
  compare(runs[0], runs[1])
  fs.rmSync(dataDir, { recursive: true, force: true })
  return { database: 'postgresql', runs }
}

async function pgliteRuns() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-scale-'))
  log('== PGlite: 1 process vs 1 process owning the database + 2 web processes through API_URL ==')
  await prepare(dataDir, undefined, false)
  const runs = []
  const one = serve({ port: PORT, env: benchServerEnv(dataDir) })
  try {
    await ready(one, '/login')
    runs.push(await measureAll('1 process', [one.url], PGLITE_PAGES))
  } finally {
    await stop(one)
  }
  const owner = serve({ port: PORT, env: benchServerEnv(dataDir) })
  const fronts = [1, 2].map((offset) =>
    serve({
      port: PORT + offset,
      // The web processes have no database of their own: every call goes to the owner.
      env: {
        ...benchServerEnv(fs.mkdtempSync(path.join(os.tmpdir(), 'lb-scale-front-'))),
        API_URL: `http://127.0.0.1:${PORT}`,
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      },
    }),
  )
  try {
    await ready(owner, '/login')
    await Promise.all(fronts.map((front) => ready(front, '/login')))
    const split = await measureAll(
      'owner + 2 web processes (API_URL)',
      fronts.map((front) => front.url),
      PGLITE_PAGES,
    )
    runs.push(split)
  } finally {
    await Promise.all([...fronts, owner].map(stop))
  }
  compare(runs[0], runs[1])
  fs.rmSync(dataDir, { recursive: true, force: true })
  return { database: 'pglite', runs }
}

/**
 * `build`: run npm run build first (unless --no-build); `generated`: the PostgreSQL database already
 * holds the bench data set (bench/run.mjs has just made it).
 */
export async function runScale({
  databaseUrl,
  pglite = false,
  build = !flag('no-build'),
  generated = false,
} = {}) {
  if (build || !fs.existsSync('build/index.js')) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
    if (build.status !== 0) throw new Error('npm run build failed')
  }
  const result = pglite ? await pgliteRuns() : await postgresRuns(databaseUrl, generated)
  const results = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version },
    subscriptions: SUBSCRIPTIONS,
    ...result,
  }
  fs.mkdirSync('bench/results', { recursive: true })
  const file = path.join(
    'bench/results',
    `scale-${result.database}-${results.date.replace(/[:.]/g, '-')}.json`,
  )
  fs.writeFileSync(file, JSON.stringify(results, null, 2))
  log(`\nWrote ${file}`)
  return results
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!flag('pglite') && !process.env.DATABASE_URL) {
    console.error('Set DATABASE_URL to an empty scratch PostgreSQL database (or pass --pglite).')
    process.exit(1)
  }
  await runScale({ databaseUrl: process.env.DATABASE_URL, pglite: flag('pglite') })
}
