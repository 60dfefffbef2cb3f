#!/usr/bin/env node
// npm run bench: builds the app, generates the data set, serves it with remix-serve on 127.0.0.1
// and loads each page with autocannon. Prints figures beside their targets; writes bench/results/*.json.
// Options: --quick (short runs), --no-build, --bundles-only (print the JavaScript each route loads and stop),
// DATABASE_URL=... (also run on PostgreSQL).
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { BENCH_CUSTOMER, generate } from './generate.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)
const args = new Set(process.argv.slice(2))
const quick = args.has('--quick')
const WARMUP_S = quick ? 2 : 10
const MEASURE_S = quick ? 5 : 20
const CONNECTIONS = 50
const PORT = Number(process.env.BENCH_PORT ?? 3390)
const ADMIN = { email: 'admin@bench.test', password: 'bench-admin-password-1' }

const TARGETS = { rps: 700, p99: 150, singleP50: 3, growth: 1.25, coldStartMs: 3000, jsKiB: 95, cssKiB: 15, rssMB: 300 }

const PAGES = [
  { name: '/login', path: '/login', as: null },
  { name: '/', path: '/', as: 'admin' },
  { name: '/land-investments', path: '/land-investments', as: 'customer', list: true },
  { name: '/land-investments?search=…', path: '/land-investments?page=1&search=Lekki', as: 'customer', list: true },
  { name: '/subscriptions?page=500', path: '/subscriptions?page=500&type=land', as: 'admin', list: true },
  { name: '/investment-portfolio', path: '/investment-portfolio', as: 'customer', list: true },
  { name: 'notifications panel', path: '/?notifications=1', as: 'customer', list: true },
  { name: '/customers?search=…', path: '/customers?page=1&search=Okafor', as: 'admin', list: true },
]

function log(line = '') {
  process.stdout.write(`${line}\n`)
}

function startServer(env) {
  const started = performance.now()
  const child = spawn(process.execPath, ['node_modules/@remix-run/serve/dist/cli.js', './build/index.js'], {
    env: { ...process.env, ...env, PORT: String(PORT), HOST: '127.0.0.1', NODE_ENV: 'production', JOBS: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
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
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`The server did not answer:\n${server.output()}`)
}

async function stopServer(server) {
  if (server.child.exitCode !== null) return
  const exited = new Promise((resolve) => server.child.once('exit', resolve))
  server.child.kill('SIGTERM')
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))])
  if (server.child.exitCode === null) server.child.kill('SIGKILL')
}

function peakRssMB(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
  } catch {
    return null
  }
}

async function signIn(base, user) {
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: user.email, password: user.password }),
  })
  const cookie = response.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ')
  if (response.status !== 302 || !cookie.includes('__session')) throw new Error(`Sign-in of ${user.email} failed (${response.status})`)
  return cookie
}

/** min(wanted, the last page of land subscriptions the admin sees), read from the API. */
async function deepestPage(base, user, wanted) {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  })
  const token = (await login.json()).data.token
  const list = await fetch(`${base}/api/v1/product-subscription?type=land&page=1`, { headers: { authorization: `Bearer ${token}` } })
  return Math.min(wanted, (await list.json()).data.totalPages)
}

function load(url, { cookie, connections = CONNECTIONS, duration }) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections, duration, headers: cookie ? { cookie } : {}, timeout: 10 },
      (error, result) => (error ? reject(error) : resolve(result)),
    )
  })
}

async function measurePage(base, page, cookies) {
  const url = `${base}${page.path}`
  const cookie = page.as ? cookies[page.as] : undefined
  await load(url, { cookie, duration: WARMUP_S })
  const result = await load(url, { cookie, duration: MEASURE_S })
  return {
    page: page.name,
    as: page.as ?? 'anonymous',
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

function bundleSizes() {
  const manifestFile = fs.readdirSync('public/build').find((file) => /^manifest-.*\.js$/.test(file))
  const source = fs.readFileSync(path.join('public/build', manifestFile), 'utf8')
  const manifest = JSON.parse(source.replace(/^window\.__remixManifest\s*=\s*/, '').replace(/;\s*$/, ''))
  const gzip = (file) => zlib.gzipSync(fs.readFileSync(path.join('public', file.replace(/^\//, '')))).length
  const base = [manifest.entry.module, ...manifest.entry.imports]
  const chain = (id) => {
    const routes = []
    for (let route = manifest.routes[id]; route; route = manifest.routes[route.parentId]) routes.unshift(route)
    return routes
  }
  const sizes = {}
  const withZod = []
  for (const [id, route] of Object.entries(manifest.routes)) {
    if (id.includes('api.v1') || id.endsWith('logout') || id.startsWith('routes/resources')) continue
    const files = new Set(base)
    for (const item of chain(id)) {
      files.add(item.module)
      for (const file of item.imports ?? []) files.add(file)
    }
    sizes[id] = Math.round(([...files].reduce((sum, file) => sum + gzip(file), 0) / 1024) * 10) / 10
    // zod in the browser is ~90 KiB gzip: forms validate there through formSpec/useSpecForm instead.
    if ([...files].some((file) => /\$ZodType|ZodError/.test(fs.readFileSync(path.join('public', file), 'utf8')))) withZod.push(id)
  }
  const css = fs
    .readdirSync('public/build/_assets')
    .filter((file) => file.endsWith('.css'))
    .reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join('public/build/_assets', file))).length, 0)
  return { jsKiBPerRoute: sizes, cssKiB: Math.round((css / 1024) * 10) / 10, routesWithZod: withZod }
}

async function runDataset({ subscriptions, databaseUrl }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-bench-'))
  const env = {
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-session-secret-0123456789',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
    // Empty means unset: the PGlite runs must not inherit the DATABASE_URL given for the PostgreSQL run.
    DATABASE_URL: databaseUrl ?? '',
  }
  const base = `http://127.0.0.1:${PORT}`
  log(`\n== ${subscriptions.toLocaleString('en')} subscriptions on ${databaseUrl ? 'PostgreSQL' : 'PGlite'} ==`)

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
  const pages = []
  for (const template of PAGES) {
    const page = { ...template, path: template.path.replace('page=500', `page=${deepPage}`) }
    const figures = await measurePage(base, page, cookies)
    if (deepPage !== 500 && template.path !== page.path) figures.loaded = page.path
    pages.push(figures)
    log(`  ${figures.page.padEnd(30)} ${String(figures.rps).padStart(6)} req/s  p50 ${String(figures.p50).padStart(4)} ms  p99 ${String(figures.p99).padStart(4)} ms  non-2xx ${figures.non2xx}  errors ${figures.errors}${figures.loaded ? `  (loaded ${figures.loaded})` : ''}`)
  }
  const single = await load(`${base}/land-investments`, { cookie: cookies.customer, connections: 1, duration: MEASURE_S / 2 })
  const rssMB = peakRssMB(server.child.pid)
  await stopServer(server)
  fs.rmSync(dataDir, { recursive: true, force: true })
  return { subscriptions, database: databaseUrl ? 'postgresql' : 'pglite', generated, coldStartMs, singleConnectionP50: single.latency.p50, peakRssMB: rssMB && Math.round(rssMB), pages }
}

const mark = (ok) => (ok ? 'ok  ' : 'MISS')

function report(big, small, bundles) {
  log('\n== Targets ==')
  for (const page of big.pages.filter((p) => PAGES.find((q) => q.name === p.page)?.list)) {
    log(`  ${mark(page.rps >= TARGETS.rps && page.p99 <= TARGETS.p99)} ${page.page.padEnd(30)} ${page.rps} req/s (≥ ${TARGETS.rps}), p99 ${page.p99} ms (≤ ${TARGETS.p99})`)
  }
  log(`  ${mark(big.singleConnectionP50 <= TARGETS.singleP50)} single-connection p50 ${big.singleConnectionP50} ms (≤ ${TARGETS.singleP50})`)
  for (const page of big.pages) {
    const smallPage = small.pages.find((p) => p.page === page.page)
    if (!smallPage) continue
    const ratio = Math.round((page.p99 / Math.max(smallPage.p99, 1)) * 100) / 100
    log(`  ${mark(ratio <= TARGETS.growth)} ${page.page.padEnd(30)} p99 ${page.p99} ms at ${big.subscriptions.toLocaleString('en')} vs ${smallPage.p99} ms at ${small.subscriptions.toLocaleString('en')}: ×${ratio} (≤ ${TARGETS.growth})`)
  }
  log(`  ${mark(big.coldStartMs <= TARGETS.coldStartMs)} cold start ${big.coldStartMs} ms (≤ ${TARGETS.coldStartMs})`)
  log(`  ${mark((big.peakRssMB ?? 0) <= TARGETS.rssMB)} peak RSS ${big.peakRssMB} MB (≤ ${TARGETS.rssMB})`)
  for (const [route, kib] of Object.entries(bundles.jsKiBPerRoute)) {
    const zod = bundles.routesWithZod.includes(route) ? ', loads zod' : ''
    log(`  ${mark(kib <= TARGETS.jsKiB)} JavaScript for ${route.padEnd(40)} ${kib} KiB gzip (≤ ${TARGETS.jsKiB})${zod}`)
  }
  log(`  ${mark(bundles.cssKiB <= TARGETS.cssKiB)} stylesheet ${bundles.cssKiB} KiB gzip (≤ ${TARGETS.cssKiB})`)
}

if (!args.has('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(1)
}
const bundles = bundleSizes()
if (args.has('--bundles-only')) {
  for (const [route, kib] of Object.entries(bundles.jsKiBPerRoute)) {
    const zod = bundles.routesWithZod.includes(route) ? '  (loads zod)' : ''
    log(`${mark(kib <= TARGETS.jsKiB)} ${route.padEnd(50)} ${String(kib).padStart(6)} KiB gzip${zod}`)
  }
  log(`${mark(bundles.cssKiB <= TARGETS.cssKiB)} ${'stylesheet'.padEnd(50)} ${String(bundles.cssKiB).padStart(6)} KiB gzip`)
  process.exit(0)
}
const results = { date: new Date().toISOString(), machine: { cpus: os.cpus().length, node: process.version }, targets: TARGETS, bundles, runs: [] }
const big = await runDataset({ subscriptions: 100_000 })
const small = await runDataset({ subscriptions: 1_000 })
results.runs.push(big, small)
report(big, small, bundles)
if (process.env.DATABASE_URL) {
  const pgBig = await runDataset({ subscriptions: 100_000, databaseUrl: process.env.DATABASE_URL })
  results.runs.push(pgBig)
}
fs.mkdirSync('bench/results', { recursive: true })
const file = path.join('bench/results', `bench-${results.date.replace(/[:.]/g, '-')}.json`)
fs.writeFileSync(file, JSON.stringify(results, null, 2))
log(`\nWrote ${file}`)
if (process.env.DATABASE_URL) {
  // One process against WEB_CONCURRENCY processes, on the data set just generated there.
  const { runScale } = await import('./scale.mjs')
  await runScale({ databaseUrl: process.env.DATABASE_URL, build: false, generated: true })
}
