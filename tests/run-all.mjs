#!/usr/bin/env node
// The README's test command. On a fresh machine it installs what is missing (npm packages,
// Debian's chromium and postgresql), then runs every suite and ends with one line totalling them.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)
const resultsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-results-'))
const totals = { passed: 0, failed: 0, skipped: 0 }
const suites = []

function run(command, args, env = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  return result.status ?? 1
}

function ensureSystemPackages() {
  const missing = []
  if (!fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) missing.push('chromium')
  const pgRoot = '/usr/lib/postgresql'
  const hasPostgres = fs.existsSync(pgRoot) && fs.readdirSync(pgRoot).some((v) => fs.existsSync(path.join(pgRoot, v, 'bin', 'initdb')))
  if (!hasPostgres) missing.push('postgresql')
  if (!missing.length) return
  if (process.getuid?.() !== 0) {
    console.error(`Missing system packages: ${missing.join(', ')}. Install them with: sudo apt-get install -y ${missing.join(' ')}`)
    process.exit(1)
  }
  const env = { DEBIAN_FRONTEND: 'noninteractive' }
  if (run('apt-get', ['update', '-qq'], env) !== 0 || run('apt-get', ['install', '-y', '-qq', ...missing], env) !== 0) {
    console.error('Installing system packages failed')
    process.exit(1)
  }
}

function countVitest(name, file, exitCode) {
  if (!fs.existsSync(file)) {
    suites.push({ name, passed: 0, failed: 1, skipped: 0, note: `no report (exit ${exitCode})` })
    totals.failed += 1
    return
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'))
  const suite = {
    name,
    passed: report.numPassedTests,
    failed: report.numFailedTests + filesThatFailedToLoad(report),
    skipped: report.numPendingTests + report.numTodoTests,
  }
  record(suite)
}

/** A test file that failed without a failing test (it did not load, or a hook threw) counts as one failure. */
function filesThatFailedToLoad(report) {
  return (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length
}

function countPlaywright(name, file, exitCode) {
  if (!fs.existsSync(file)) {
    record({ name, passed: 0, failed: 1, skipped: 0, note: `no report (exit ${exitCode})` })
    return
  }
  const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'))
  record({ name, passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped })
}

function record(suite) {
  suites.push(suite)
  totals.passed += suite.passed
  totals.failed += suite.failed
  totals.skipped += suite.skipped
}

if (!fs.existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  if (run('npm', ['ci', '--no-audit', '--no-fund']) !== 0) process.exit(1)
}
ensureSystemPackages()

// 1. Types.
const tsc = run('npx', ['tsc'])
record({ name: 'typecheck', passed: tsc === 0 ? 1 : 0, failed: tsc === 0 ? 0 : 1, skipped: 0 })

// 2. Unit and API tests on PGlite.
{
  const file = path.join(resultsDir, 'vitest-pglite.json')
  const code = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`])
  countVitest('unit + api (PGlite)', file, code)
}

// 3. The API suite again on a real PostgreSQL server.
{
  const { startPostgres } = await import('./support/postgres.mjs')
  let server
  try {
    server = startPostgres({ port: Number(process.env.TEST_PG_PORT ?? 54329) })
    const file = path.join(resultsDir, 'vitest-postgres.json')
    const code = run('npx', ['vitest', 'run', 'tests/api', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], {
      TEST_DATABASE_URL: server.url,
    })
    countVitest('api (PostgreSQL)', file, code)
  } catch (error) {
    console.error(error)
    record({ name: 'api (PostgreSQL)', passed: 0, failed: 1, skipped: 0, note: 'server did not start' })
  } finally {
    server?.stop()
  }
}

// 4. End to end, in Debian's chromium, with and without JavaScript, against the built app.
//    Then security headers, the web authorization matrix, malformed form posts and fault tolerance
//    (SIGKILL, SIGTERM, PostgreSQL restarts), against server processes of the built app. They use
//    the ports just above E2E_PORT and TEST_PG_PORT + 3 (see tests/support/server.ts).
{
  const build = run('npm', ['run', 'build'])
  if (build !== 0) {
    record({ name: 'e2e', passed: 0, failed: 1, skipped: 0, note: 'build failed' })
    record({ name: 'security + faults (built server)', passed: 0, failed: 1, skipped: 0, note: 'build failed' })
  } else {
    const file = path.join(resultsDir, 'playwright.json')
    const code = run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file })
    countPlaywright('e2e (chromium, js + no-js)', file, code)

    const serverFile = path.join(resultsDir, 'vitest-server.json')
    const serverCode = run('npx', [
      'vitest', 'run', '--config', 'vitest.server.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${serverFile}`,
    ])
    countVitest('security + faults (built server)', serverFile, serverCode)
  }
}

// 6. The Dockerfile's steps in fresh folders, the runtime as a non-root user (no Docker engine here).
{
  const file = path.join(resultsDir, 'docker-check.json')
  const code = run('node', ['tests/docker/check.mjs'], { DOCKER_CHECK_REPORT: file })
  if (fs.existsSync(file)) {
    const { passed, failed } = JSON.parse(fs.readFileSync(file, 'utf8'))
    record({ name: 'docker check', passed, failed, skipped: 0 })
  } else {
    record({ name: 'docker check', passed: 0, failed: 1, skipped: 0, note: `no report (exit ${code})` })
  }
}

console.log('\nSuites:')
for (const suite of suites) {
  console.log(`  ${suite.name}: ${suite.passed} passed, ${suite.failed} failed${suite.skipped ? `, ${suite.skipped} skipped` : ''}${suite.note ? ` (${suite.note})` : ''}`)
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`)
process.exit(totals.failed ? 1 : 0)
