#!/usr/bin/env node
// npm run bench: builds the app and the reference (bench/reference, a bare Remix page), generates the
// data set, serves both with remix-serve on 127.0.0.1 and loads each page with autocannon. Each page's
// req/s is printed as a share of the reference's, measured in the same run, beside its target; writes
// bench/results/*.json. Exits non-zero when the stylesheet is over its budget.
// Options: --quick (short runs), --no-build, --bundles-only (print the JavaScript each route loads and stop),
// --only=/login,/ (these pages; `webhooks` for the webhook scenario, bench/webhooks.mjs), --subscriptions=N (data set size; 100,000 by default), --small (also
// a run on 1,000 subscriptions), DATABASE_URL=... (also run on PostgreSQL).
// A last load runs /land-investments while another client's reads miss the API's read cache (as after
// a write): a slow query must not hold the page. The server's event-loop delay and GC pauses are
// measured page by page (bench/event-loop.mjs);
// BENCH_NODE_ARGS passes flags to the app's server (a CPU profile: "--cpu-prof --cpu-prof-dir=DIR").
// Lighthouse (bench/lighthouse.mjs: mobile, Slow 4G and Regular 3G) ends a full run, once the load
// runs are over; --lighthouse runs it alone, --no-lighthouse skips it.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { fileURLToPath } from 'node:url'
import {
  BENCH_ADMIN,
  IMAGE_RUNTIME_ENV,
  benchServerEnv,
  load as loadPage,
  signIn,
  stopServer,
} from './http.mjs'
import { BENCH_CUSTOMER, customersWithPasswords, generate, openBenchDatabase } from './generate.mjs'
import { runLighthouse } from './lighthouse.mjs'
import { measureWebhooks, providerEnv, startStandIn, webhookTargetLines } from './webhooks.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)
const args = new Set(process.argv.slice(2))
const option = (name) =>
  process.argv
    .slice(2)
    .find((arg) => arg.startsWith(`--${name}=`))
    ?.slice(name.length + 3)
const only = option('only')?.split(',')
const SUBSCRIPTIONS = Number(option('subscriptions') ?? 100_000)
const quick = args.has('--quick')
const WARMUP_S = quick ? 2 : 10
const MEASURE_S = quick ? 5 : 20
const CONNECTIONS = 50
const PORT = Number(process.env.BENCH_PORT ?? 3390)
const REFERENCE_PORT = PORT + 1
const REFERENCE_DIR = path.join(root, 'bench/reference')
const ADMIN = BENCH_ADMIN

// Shares of the reference's req/s, so that the figures hold on any machine the bench runs on.
const TARGETS = {
  listShare: 0.5,
  loginShare: 0.7,
  p99OverP50: 2.5,
  singleP50: 3,
  cssKiB: 15,
  rssMB: 400,
}
const PAGES = [
  { name: '/login', path: '/login', as: null },
  { name: '/', path: '/', as: 'admin' },
  { name: '/land-investments', path: '/land-investments', as: 'customer', list: true },
  {
    name: '/land-investments?search=…',
    path: '/land-investments?page=1&search=Lekki',
    as: 'customer',
    list: true,
  },
  {
    name: '/subscriptions?page=500',
    path: '/subscriptions?page=500&type=land',
    as: 'admin',
    list: true,
  },
  { name: '/investment-portfolio', path: '/investment-portfolio', as: 'customer', list: true },
  { name: 'notifications panel', path: '/?notifications=1', as: 'customer', list: true },
  { name: '/customers?search=…', path: '/customers?page=1&search=Okafor', as: 'admin', list: true },
]

function log(line = '') {
  process.stdout.write(`${line}\n`)
}

const eventLoopFile = (port) => path.join(os.tmpdir(), `lb-bench-event-loop-${port}.json`)

function startServer(env, { port = PORT, cwd = root } = {}) {
  const started = performance.now()
  // BENCH_NODE_ARGS: flags for the app's server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs =
    cwd === root ? (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean) : []
  const child = spawn(
    process.execPath,
    [
      ...nodeArgs,
      '--import',
      path.join(root, 'bench/event-loop.mjs'),
      path.join(root, 'node_modules/.bin/remix-serve'),
      './build/index.js',
    ],
    {
      cwd,
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        JOBS: 'false',
        BENCH_EVENT_LOOP_FILE: eventLoopFile(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  return { child, started, output: () => output }
}

async function waitForFirstResponse(server, url) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url)
      if (response.ok) return performance.now() - server.started
    } catch {
      // Not listening yet: try again.
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`The server did not answer:\n${server.output()}`)
}

/** The CPU time a process has used, in ms (user + system), from /proc. */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  } catch {
    return null
  }
}

function peakRssMB(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
  } catch {
    return null
  }
}

/** A bearer token for the API. */
async function apiToken(base, user) {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  })
  return (await login.json()).data.token
}

/** min(wanted, the last page of land subscriptions the admin sees), read from the API. */
async function deepestPage(base, user, wanted) {
  const token = await apiToken(base, user)
  const list = await fetch(`${base}/api/v1/product-subscription?type=land&page=1`, {
    headers: { authorization: `Bearer ${token}` },
  })
  return Math.min(wanted, (await list.json()).data.totalPages)
}

const load = (url, { cookie, connections = CONNECTIONS, duration }) =>
  loadPage(url, { cookie, connections, duration })

/** The server's event-loop delay and GC pauses since the previous call (bench/event-loop.mjs). */
async function eventLoop(server, port) {
  const file = eventLoopFile(port)
  fs.rmSync(file, { force: true })
  server.child.kill('SIGUSR2')
  for (let i = 0; i < 100 && !fs.existsSync(file); i++)
    await new Promise((resolve) => setTimeout(resolve, 20))
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

async function measurePage(base, page, cookies, server, port = PORT) {
  const url = `${base}${page.path}`
  const cookie = page.as ? cookies[page.as] : undefined
  await load(url, { cookie, duration: WARMUP_S })
  await eventLoop(server, port)
  const cpuBefore = cpuMs(server.child.pid)
  const result = await load(url, { cookie, duration: MEASURE_S })
  const cpuAfter = cpuMs(server.child.pid)
  const delay = await eventLoop(server, port)
  const html = await fetch(url, { headers: cookie ? { cookie } : {} }).then((response) =>
    response.text(),
  )
  return {
    page: page.name,
    as: page.as ?? 'anonymous',
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    htmlKiB: Math.round((Buffer.byteLength(html) / 1024) * 10) / 10,
    // The server's CPU per answer: unlike req/s, it holds when other work shares the machine.
    cpuMsPerRequest:
      cpuBefore === null || cpuAfter === null
        ? null
        : Math.round(((cpuAfter - cpuBefore) / Math.max(result.requests.total, 1)) * 100) / 100,
    eventLoop: delay,
    rssHighMB: Math.round(peakRssMB(server.child.pid) ?? 0),
  }
}

/**
 * /land-investments under load while another client's reads miss the API's read cache, as every
 * read does after a write: the bench customer's dashboard summary (5,000 subscriptions), with a new
 * query string each time, every 500 ms. A slow query must not hold the page's answers.
 */
async function measureWithUncachedReads(base, cookies, server) {
  const url = `${base}/land-investments`
  const token = await apiToken(base, BENCH_CUSTOMER)
  await load(url, { cookie: cookies.customer, duration: WARMUP_S })
  await eventLoop(server, PORT)
  let stopped = false
  const reads = []
  const reader = (async () => {
    while (!stopped) {
      const started = performance.now()
      await fetch(`${base}/api/v1/dashboard-summary?uncached=${reads.length}`, {
        headers: { authorization: `Bearer ${token}` },
      }).then((response) => response.arrayBuffer())
      reads.push(performance.now() - started)
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  })()
  const result = await load(url, { cookie: cookies.customer, duration: MEASURE_S })
  stopped = true
  await reader
  const delay = await eventLoop(server, PORT)
  reads.sort((a, b) => a - b)
  return {
    page: '/land-investments + uncached reads',
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    uncachedReads: reads.length,
    uncachedReadMedianMs: Math.round(reads[reads.length >> 1] ?? 0),
    eventLoop: delay,
    rssHighMB: Math.round(peakRssMB(server.child.pid) ?? 0),
  }
}

const formatPage = (figures) =>
  `${figures.page.padEnd(30)} ${String(figures.rps).padStart(6)} req/s  p50 ${String(figures.p50).padStart(4)} ms  p99 ${String(figures.p99).padStart(4)} ms  ` +
  `non-2xx ${figures.non2xx}  errors ${figures.errors}  HTML ${figures.htmlKiB} KiB  CPU ${figures.cpuMsPerRequest} ms/answer` +
  (figures.eventLoop
    ? `  event loop p99 ${figures.eventLoop.p99} ms max ${figures.eventLoop.max} ms, GC ${figures.eventLoop.gc.totalMs} ms in ${figures.eventLoop.gc.count} (max ${figures.eventLoop.gc.maxMs})`
    : '') +
  // The server's RSS high-water mark so far: the page where it rises is the one that raised the peak.
  (figures.rssHighMB ? `  RSS high ${figures.rssHighMB} MB` : '')

/** The bare Remix page, served beside the app: its req/s is the yardstick of the run. */
async function startReference() {
  const server = startServer(IMAGE_RUNTIME_ENV, { port: REFERENCE_PORT, cwd: REFERENCE_DIR })
  await waitForFirstResponse(server, `http://127.0.0.1:${REFERENCE_PORT}/`)
  return server
}

async function measureReference(server) {
  const figures = await measurePage(
    `http://127.0.0.1:${REFERENCE_PORT}`,
    { name: 'reference', path: '/', as: null },
    {},
    server,
    REFERENCE_PORT,
  )
  log(`  ${formatPage(figures)}`)
  return figures
}

function bundleSizes() {
  const manifestFile = fs.readdirSync('public/build').find((file) => /^manifest-.*\.js$/.test(file))
  const source = fs.readFileSync(path.join('public/build', manifestFile), 'utf8')
  const manifest = JSON.parse(
    source.replace(/^window\.__remixManifest\s*=\s*/, '').replace(/;\s*$/, ''),
  )
  const gzip = (file) =>
    zlib.gzipSync(fs.readFileSync(path.join('public', file.replace(/^\//, '')))).length
  const base = [manifest.entry.module, ...manifest.entry.imports]
  const chain = (id) => {
    const routes = []
    for (let route = manifest.routes[id]; route; route = manifest.routes[route.parentId])
      routes.unshift(route)
    return routes
  }
  const sizes = {}
  const withZod = []
  for (const id of Object.keys(manifest.routes)) {
    if (id.includes('api.v1') || id.endsWith('logout') || id.startsWith('routes/resources'))
      continue
    const files = new Set(base)
    for (const item of chain(id)) {
      files.add(item.module)
      for (const file of item.imports ?? []) files.add(file)
    }
    sizes[id] = Math.round(([...files].reduce((sum, file) => sum + gzip(file), 0) / 1024) * 10) / 10
    // zod in the browser is ~90 KiB gzip: forms validate there through formSpec/useSpecForm instead.
    if (
      [...files].some((file) =>
        /\$ZodType|ZodError/.test(fs.readFileSync(path.join('public', file), 'utf8')),
      )
    )
      withZod.push(id)
  }
  const css = fs
    .readdirSync('public/build/_assets')
    .filter((file) => file.endsWith('.css'))
    .reduce(
      (sum, file) =>
        sum + zlib.gzipSync(fs.readFileSync(path.join('public/build/_assets', file))).length,
      0,
    )
  return {
    jsKiBPerRoute: sizes,
    cssKiB: Math.round((css / 1024) * 10) / 10,
    routesWithZod: withZod,
  }
}

async function runDataset({ subscriptions, databaseUrl, reference }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-bench-'))
  const env = benchServerEnv(dataDir, databaseUrl)
  const base = `http://127.0.0.1:${PORT}`
  log(
    `\n== ${subscriptions.toLocaleString('en')} subscriptions on ${databaseUrl ? 'PostgreSQL' : 'PGlite'} ==`,
  )

  // First start migrates and creates the super admin; the data set is generated while the server is stopped.
  let server = startServer(env)
  await waitForFirstResponse(server, `${base}/api/v1/health`)
  await stopServer(server)
  const generated = await generate({ dataDir, databaseUrl, subscriptions })
  log(`  data set generated in ${generated.ms} ms`)

  server = startServer(env)
  const coldStartMs = Math.round(await waitForFirstResponse(server, `${base}/login`))
  const cookies = { admin: await signIn(base, ADMIN), customer: await signIn(base, BENCH_CUSTOMER) }

  // Page 500 of a list does not exist with 1,000 subscriptions: there the deepest page that does is
  // loaded, so both runs measure a full page far from the first.
  const deepPage = await deepestPage(base, ADMIN, 500)
  // The reference is measured before and after the app's pages: the yardstick is their mean, so a
  // machine that gets busier during the run moves both.
  const references = [await measureReference(reference)]
  const pages = []
  for (const template of PAGES.filter((page) => !only || only.includes(page.name))) {
    const page = { ...template, path: template.path.replace('page=500', `page=${deepPage}`) }
    const figures = await measurePage(base, page, cookies, server)
    if (deepPage !== 500 && template.path !== page.path) figures.loaded = page.path
    pages.push(figures)
    log(`  ${formatPage(figures)}${figures.loaded ? `  (loaded ${figures.loaded})` : ''}`)
  }
  references.push(await measureReference(reference))
  let uncached = null
  if (!only) {
    uncached = await measureWithUncachedReads(base, cookies, server)
    log(
      `  ${formatPage({ ...uncached, htmlKiB: '–', cpuMsPerRequest: '–' })}  (${uncached.uncachedReads} uncached dashboard summaries, median ${uncached.uncachedReadMedianMs} ms)`,
    )
  }
  const referenceRps = Math.round((references[0].rps + references[1].rps) / 2)
  for (const page of pages) page.share = Math.round((page.rps / referenceRps) * 100) / 100
  const single = await load(`${base}/land-investments`, {
    cookie: cookies.customer,
    connections: 1,
    duration: MEASURE_S / 2,
  })
  const singleReference = await load(`http://127.0.0.1:${REFERENCE_PORT}/`, {
    connections: 1,
    duration: MEASURE_S / 2,
  })
  const rssMB = peakRssMB(server.child.pid)
  await stopServer(server)
  const webhooks =
    !only || only.includes('webhooks')
      ? await runWebhooks(env, base, { dataDir, databaseUrl })
      : null
  fs.rmSync(dataDir, { recursive: true, force: true })
  return {
    subscriptions,
    database: databaseUrl ? 'postgresql' : 'pglite',
    generated,
    coldStartMs,
    reference: {
      rps: referenceRps,
      runs: references,
      singleConnectionP50: singleReference.latency.p50,
    },
    singleConnectionP50: single.latency.p50,
    peakRssMB: rssMB && Math.round(rssMB),
    pages,
    uncached,
    webhooks,
  }
}

/** The same data set served with a payment provider (the stand-in): signed webhooks under page load. */
async function runWebhooks(env, base, { dataDir, databaseUrl }) {
  // Transfers go to ten ordinary customers (about twenty subscriptions each), not to the bench
  // customer, whose 5,000 subscriptions no real buyer has.
  const db = await openBenchDatabase({ dataDir, databaseUrl })
  const customers = await customersWithPasswords(db, 10)
  await db.close()
  const standIn = await startStandIn({ port: PORT + 5, appBase: base })
  const server = startServer({ ...env, ...providerEnv(standIn.url) })
  try {
    await waitForFirstResponse(server, `${base}/api/v1/health`)
    const figures = await measureWebhooks({
      base,
      standInUrl: standIn.url,
      customers,
      admin: ADMIN,
      page: { url: `${base}/land-investments`, cookie: await signIn(base, BENCH_CUSTOMER) },
      seconds: quick ? 5 : 15,
    })
    for (const line of webhookTargetLines(figures, mark)) log(`  ${line}`)
    return figures
  } finally {
    await stopServer(server)
    standIn.child.kill()
  }
}

const mark = (ok) => (ok ? 'ok  ' : 'MISS')

/** Prints each figure beside its target; answers 1 when the stylesheet is over its budget. */
function report(run, bundles) {
  log(
    `\n== Targets (${run.subscriptions.toLocaleString('en')} subscriptions, ${run.database}; reference ${run.reference.rps} req/s) ==`,
  )
  if (run.webhooks) for (const line of webhookTargetLines(run.webhooks, mark)) log(`  ${line}`)
  for (const page of run.pages) {
    const login = page.page === '/login'
    const share = login ? TARGETS.loginShare : TARGETS.listShare
    log(
      `  ${mark(page.share >= share)} ${page.page.padEnd(30)} ${String(page.rps).padStart(5)} req/s = ${page.share.toFixed(2)} × reference (≥ ${share})`,
    )
  }
  for (const page of [
    ...run.reference.runs,
    ...run.pages,
    ...(run.uncached ? [run.uncached] : []),
  ]) {
    const ratio = Math.round((page.p99 / Math.max(page.p50, 1)) * 10) / 10
    log(
      `  ${mark(ratio <= TARGETS.p99OverP50)} ${page.page.padEnd(30)} p99 ${page.p99} ms = ${ratio} × p50 ${page.p50} ms (≤ ${TARGETS.p99OverP50})`,
    )
  }
  log(
    `  ${mark(run.singleConnectionP50 <= TARGETS.singleP50)} single-connection p50 ${run.singleConnectionP50} ms on /land-investments (≤ ${TARGETS.singleP50}; reference ${run.reference.singleConnectionP50} ms)`,
  )
  log(
    `  ${mark((run.peakRssMB ?? 0) <= TARGETS.rssMB)} peak RSS ${run.peakRssMB} MB (≤ ${TARGETS.rssMB})`,
  )
  return reportBundles(bundles, '  ')
}

/**
 * The JavaScript each route loads (gzip), for information: what a user waits for is measured by
 * Lighthouse's targets, which replaced the per-route byte budgets. Answers whether the stylesheet
 * is within its budget.
 */
function reportBundles(bundles, indent = '') {
  for (const [route, kib] of Object.entries(bundles.jsKiBPerRoute)) {
    const zod = bundles.routesWithZod.includes(route) ? '  (loads zod)' : ''
    log(
      `${indent}     JavaScript for ${route.padEnd(50)} ${String(kib).padStart(6)} KiB gzip${zod}`,
    )
  }
  const cssOk = bundles.cssKiB <= TARGETS.cssKiB
  log(`${indent}${mark(cssOk)} stylesheet ${bundles.cssKiB} KiB gzip (≤ ${TARGETS.cssKiB})`)
  return cssOk ? 0 : 1
}

if (!args.has('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(1)
  if (!args.has('--bundles-only')) {
    const reference = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/.bin/remix'), 'build'],
      { cwd: REFERENCE_DIR, stdio: 'inherit' },
    )
    if (reference.status !== 0) process.exit(1)
  }
}
const bundles = bundleSizes()
if (args.has('--bundles-only')) process.exit(reportBundles(bundles) ? 1 : 0)
if (args.has('--lighthouse')) {
  const lighthouse = await runLighthouse({ port: PORT, log })
  const file = path.join(
    'bench/results',
    `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  )
  fs.writeFileSync(file, JSON.stringify(lighthouse, null, 2))
  log(`\nWrote ${file}`)
  process.exit(0)
}
const results = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, node: process.version },
  targets: TARGETS,
  bundles,
  runs: [],
}
const reference = await startReference()
let overBudget = 0
try {
  const big = await runDataset({ subscriptions: SUBSCRIPTIONS, reference })
  results.runs.push(big)
  overBudget = report(big, bundles)
  if (args.has('--small')) results.runs.push(await runDataset({ subscriptions: 1_000, reference }))
  if (process.env.DATABASE_URL) {
    const pgBig = await runDataset({
      subscriptions: SUBSCRIPTIONS,
      databaseUrl: process.env.DATABASE_URL,
      reference,
    })
    results.runs.push(pgBig)
  }
} finally {
  await stopServer(reference)
}
// Lighthouse last, alone on the machine: its figures come from a page load timed on this CPU.
if (!only && !quick && !args.has('--no-lighthouse'))
  results.lighthouse = await runLighthouse({ port: PORT, log })
fs.mkdirSync('bench/results', { recursive: true })
const file = path.join('bench/results', `bench-${results.date.replace(/[:.]/g, '-')}.json`)
fs.writeFileSync(file, JSON.stringify(results, null, 2))
log(`\nWrote ${file}`)
if (process.env.DATABASE_URL) {
  // One process against WEB_CONCURRENCY processes, on the data set just generated there.
  const { runScale } = await import('./scale.mjs')
  await runScale({ databaseUrl: process.env.DATABASE_URL, build: false, generated: true })
}
if (overBudget) process.exit(1)
