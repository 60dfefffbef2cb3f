#!/usr/bin/env node
// `npm start`: remix-serve, in this process (WEB_CONCURRENCY unset or 1: exactly what
// `remix-serve ./build/index.js` does), or in WEB_CONCURRENCY worker processes under node:cluster
// that share the port. The primary only supervises: it replaces a worker that dies and, on
// SIGTERM or SIGINT, has every worker finish its requests in flight within docker stop's 10 s.
//
// Usage: node bin/serve.mjs ./build/index.js
import cluster from 'node:cluster'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const require = createRequire(import.meta.url)
const buildPath = process.argv[2]

/** The remix-serve command, where its package's manifest declares it. */
function remixServe() {
  const manifest = require.resolve('@remix-run/serve/package.json')
  const { bin } = require(manifest)
  return path.join(path.dirname(manifest), typeof bin === 'string' ? bin : bin['remix-serve'])
}

/** A whole number from `min` to `max`, or `fallback` when unset; a problem message otherwise. */
function wholeNumber(name, min, max, fallback) {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return { value: fallback }
  const value = Number(raw)
  if (!/^\s*\d+\s*$/.test(raw) || value < min || value > max) {
    return {
      problem: `${name}: must be a whole number from ${min} to ${max} (got ${JSON.stringify(raw)})`,
    }
  }
  return { value }
}

// remix-serve reads the build's path from its first argument, which is ours too.
const runServer = () => import(pathToFileURL(remixServe()).href)

if (!buildPath) {
  console.error(
    'Usage: node bin/serve.mjs <server-build-path>, e.g. node bin/serve.mjs ./build/index.js',
  )
  process.exit(1)
}
const workers = wholeNumber('WEB_CONCURRENCY', 1, 64, 1)
// The API reads DATABASE_POOL_SIZE (app/backend/config.ts); checked here too, so that a bad
// value stops the start once instead of once per worker.
const poolSize = wholeNumber('DATABASE_POOL_SIZE', 1, 100, undefined)
const problems = [workers.problem, poolSize.problem].filter(Boolean)
if (!problems.length && workers.value > 1 && !process.env.DATABASE_URL) {
  problems.push(
    `WEB_CONCURRENCY: ${workers.value} processes need PostgreSQL (DATABASE_URL). The embedded database (PGlite) ` +
      'allows one process per data folder: unset WEB_CONCURRENCY or set it to 1, or set DATABASE_URL.',
  )
}
if (problems.length) {
  console.error(
    `Invalid environment variables:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
  )
  process.exit(1)
}
if (workers.value === 1) runServer()
else supervise(workers.value)

function supervise(count) {
  // Within the 10 s docker stop allows before its SIGKILL; each worker's own drain takes at most 8 s.
  const STOP_GRACE_MS = 9_500
  let stopping = false
  let exitCode = 0
  let lastRestart = 0
  const listening = new WeakSet()
  // Counted here: cluster.workers may still hold a worker whose exit was already reported.
  const alive = new Set()
  const fork = () => alive.add(cluster.fork())

  cluster.setupPrimary({ exec: remixServe(), args: [buildPath] })
  cluster.on('listening', (worker) => listening.add(worker))
  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker)
    if (stopping) {
      if (!alive.size) process.exit(exitCode)
      return
    }
    const how = signal ? `signal ${signal}` : `code ${code}`
    if (!listening.has(worker)) {
      // It never served: its start fails (its message is above) and a new one would fail the same way.
      console.error(
        `[serve] worker ${worker.process.pid} exited with ${how} before listening: stopping`,
      )
      stop('SIGTERM', 1)
      return
    }
    // A worker dying in a loop is restarted at most once a second.
    const delay = Math.max(0, lastRestart + 1_000 - Date.now())
    lastRestart = Date.now() + delay
    console.error(`[serve] worker ${worker.process.pid} exited with ${how}: starting another`)
    setTimeout(() => !stopping && fork(), delay)
  })

  function stop(signal, code = 0) {
    if (stopping) return
    stopping = true
    exitCode = code
    console.log(`[serve] ${signal}: stopping ${alive.size} workers`)
    for (const worker of alive) worker.process.kill('SIGTERM')
    setTimeout(() => {
      for (const worker of alive) worker.process.kill('SIGKILL')
      process.exit(exitCode)
    }, STOP_GRACE_MS).unref()
    if (!alive.size) process.exit(exitCode)
  }
  for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => stop(signal))

  console.log(`[serve] starting ${count} workers (WEB_CONCURRENCY=${count})`)
  for (let index = 0; index < count; index++) fork()
}
