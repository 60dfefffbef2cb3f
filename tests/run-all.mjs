#!/usr/bin/env node
// The README's test command. On a fresh machine it installs what is missing (npm packages,
// Debian's chromium and postgresql), then runs every suite and ends with one line totalling them.
//
//   npm test                     every suite
//   npm test -- --list           the suites' names
//   npm test -- --only <name>    one suite (with what it needs: a build, a PostgreSQL server), same
//                                counting and closing line; --only a,b or repeated --only for several
//
// A suite fails when it exits non-zero, when its report lists errors (Playwright's `errors[]`,
// vitest's `success: false`), or when it ran fewer tests than its floor below (no tests found,
// a file that never loaded, a web server that never started).
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { startPostgres } from './support/postgres.mjs'

/**
 * The fewest tests each suite runs (passed + failed; skipped ones do not count), about 90% of what
 * it ran when last measured. Raise a floor when its suite grows.
 */
const FLOORS = {
  typecheck: 1,
  lint: 2, // ESLint and the Prettier check
  'unit-api-pglite': 1141, // 1268 tests
  'api-postgres': 415, // 462 tests
  e2e: 282, // 314 tests (bank-details + js + no-js)
  'web-forms': 4, // 4 tests
  server: 30, // 42 tests
  'export-memory': 2, // 2 tests
  docker: 27, // 30 steps as root (3 of them are skipped when not root)
}

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

/** `run` without holding this process: suites beside it can start and end meanwhile. */
function runAsync(command, args, env = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}`)
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  return new Promise((resolve) => {
    child.on('error', () => resolve(1))
    child.on('close', (status) => resolve(status ?? 1))
  })
}

function ensureSystemPackages() {
  const missing = []
  if (!fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'))
    missing.push('chromium-headless-shell')
  const pgRoot = '/usr/lib/postgresql'
  const hasPostgres =
    fs.existsSync(pgRoot) &&
    fs.readdirSync(pgRoot).some((v) => fs.existsSync(path.join(pgRoot, v, 'bin', 'initdb')))
  if (!hasPostgres) missing.push('postgresql')
  if (!missing.length) return
  if (process.getuid?.() !== 0) {
    console.error(
      `Missing system packages: ${missing.join(', ')}. Install them with: sudo apt-get install -y ${missing.join(' ')}`,
    )
    process.exit(1)
  }
  const env = { DEBIAN_FRONTEND: 'noninteractive' }
  if (
    run('apt-get', ['update', '-qq'], env) !== 0 ||
    run('apt-get', ['install', '-y', '-qq', ...missing], env) !== 0
  ) {
    console.error('Installing system packages failed')
    process.exit(1)
  }
}

/**
 * Counts a suite: its tests as they ran, plus one failure when something went wrong that no
 * failing test shows (a non-zero exit, errors in the report, fewer tests than the floor).
 */
function record(name, { passed = 0, failed = 0, skipped = 0, problems = [] }) {
  const floor = FLOORS[name]
  if (passed + failed < floor)
    problems.push(`ran ${passed + failed} tests, fewer than its floor of ${floor}`)
  const suite = {
    name,
    passed,
    failed: failed === 0 && problems.length ? 1 : failed,
    skipped,
    note: problems.join('; '),
  }
  suites.push(suite)
  totals.passed += suite.passed
  totals.failed += suite.failed
  totals.skipped += suite.skipped
}

function readReport(file) {
  if (!fs.existsSync(file)) return null
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch (error) {
    return { unreadable: String(error) }
  }
}

/** A vitest run's counts from its JSON report, with what went wrong that no failing test shows. */
function readVitest(file, exitCode) {
  const report = readReport(file)
  const problems = exitCode === 0 ? [] : [`exit ${exitCode}`]
  if (!report) return { problems: [...problems, 'no report'] }
  if (report.unreadable)
    return { problems: [...problems, `unreadable report: ${report.unreadable}`] }
  if (report.success === false) problems.push('the report says success: false')
  const notLoaded = filesThatFailedToLoad(report)
  if (notLoaded)
    problems.push(
      `${notLoaded} test file(s) failed without a failing test (did not load, or a hook threw)`,
    )
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + notLoaded,
    skipped: report.numPendingTests + report.numTodoTests,
    problems,
  }
}

function countVitest(name, file, exitCode) {
  record(name, readVitest(file, exitCode))
}

/** A test file that failed without a failing test (it did not load, or a hook threw) counts as one failure. */
function filesThatFailedToLoad(report) {
  return (report.testResults ?? []).filter(
    (file) =>
      file.status === 'failed' &&
      !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length
}

function countPlaywright(name, file, exitCode) {
  const report = readReport(file)
  const problems = exitCode === 0 ? [] : [`exit ${exitCode}`]
  if (!report) return record(name, { problems: [...problems, 'no report'] })
  if (report.unreadable)
    return record(name, { problems: [...problems, `unreadable report: ${report.unreadable}`] })
  for (const error of report.errors ?? [])
    problems.push(
      `error: ${String(error.message ?? error)
        .split('\n')[0]
        .slice(0, 300)}`,
    )
  const { stats } = report
  record(name, {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected,
    skipped: stats.skipped,
    problems,
  })
}

const vitestReporters = (file) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${file}`,
]

function vitest(name, args, env = {}) {
  const file = path.join(resultsDir, `${name}.json`)
  const code = run('npx', ['vitest', 'run', ...args, ...vitestReporters(file)], env)
  countVitest(name, file, code)
}

/** A command beside the suite in the foreground: its output goes to a file, printed when it ends; answers its exit code. */
async function runBeside(name, command, args, env = {}) {
  const log = path.join(resultsDir, `${name}.log`)
  console.log(`\n$ ${[command, ...args].join(' ')} (beside; output in ${log})`)
  const output = fs.openSync(log, 'w')
  const child = spawn(command, args, {
    stdio: ['ignore', output, output],
    env: { ...process.env, ...env },
  })
  const code = await new Promise((resolve) => {
    child.on('error', () => resolve(1))
    child.on('close', (status) => resolve(status ?? 1))
  })
  fs.closeSync(output)
  console.log(`\n--- ${name} (exit ${code}) ---\n${fs.readFileSync(log, 'utf8')}`)
  return code
}

/** A vitest run beside the suite in the foreground. */
async function vitestBeside(name, args, env = {}) {
  const file = path.join(resultsDir, `${name}.json`)
  const code = await runBeside(
    name,
    'npx',
    ['vitest', 'run', ...args, ...vitestReporters(file)],
    env,
  )
  return readVitest(file, code)
}

/** Where tests/support/server.ts puts its servers' ports unless told: just above E2E_PORT. */
const serverTestPort = () =>
  Number(process.env.SERVER_TEST_PORT ?? Number(process.env.E2E_PORT ?? 3400) + 1)

let built = null
/** `npm run build`, once per run, for the suites that serve the built app. */
function build() {
  built ??= run('npm', ['run', 'build']) === 0
  return built
}

/**
 * API test files that check what the API answers to a request from its document and schemas alone
 * (refused before it reads the database, or the document itself): run on PGlite only.
 */
const ONCE_ON_PGLITE = [
  'tests/api/malformed-input-*.test.ts',
  // Who may call what is decided in the API's code, before the engine is asked; on PGlite it runs
  // through the read cache too, the stricter place for one caller's data to reach another.
  'tests/api/authorization-matrix.test.ts',
  'tests/api/openapi-requests.test.ts',
  'tests/api/openapi-tools.test.ts',
  'tests/api/list-query-validation.test.ts',
]

const SUITES = [
  {
    name: 'typecheck',
    about: 'tsc over the app and the tests',
    // One process on one core: it runs beside the next suite.
    overlapsNext: true,
    async run() {
      const code = await runBeside('typecheck', 'npx', ['tsc'])
      record('typecheck', code === 0 ? { passed: 1 } : { failed: 1, problems: [`exit ${code}`] })
    },
  },
  {
    name: 'lint',
    about:
      'ESLint (typescript-eslint, react-hooks, jsx-a11y) and the Prettier check over the repository',
    overlapsNext: true,
    async run() {
      const problems = []
      let passed = 0
      for (const [check, command, args] of [
        ['eslint', 'npx', ['eslint', '--max-warnings=0', '.']],
        ['prettier', 'npx', ['prettier', '--check', '--log-level=warn', '.']],
      ]) {
        const code = await runBeside(check, command, args)
        if (code === 0) passed++
        else problems.push(`${check} exit ${code}`)
      }
      record('lint', { passed, failed: problems.length, problems })
    },
  },
  {
    name: 'unit-api-pglite',
    about:
      "unit and API tests (vitest) on PGlite in memory, with the API's read cache on as production PGlite runs",
    run: () => vitest('unit-api-pglite', []),
  },
  {
    name: 'api-postgres',
    // Much of its time is spent waiting on the PostgreSQL server, so it runs beside the next suite
    // (the browsers), its output printed when it ends.
    overlapsNext: true,
    about:
      "the API tests again on a real PostgreSQL server started for them, as an app role that owns no table while an owner role migrates (docs/postgresql.md); the runs that check requests against the API's document (malformed input, the OpenAPI document's requests and tools, list queries) and the API authorization matrix go once, on PGlite, which is PostgreSQL too",
    async run() {
      let server
      try {
        server = startPostgres({ port: Number(process.env.TEST_PG_PORT ?? 54329) })
      } catch (error) {
        console.error(error)
        return record('api-postgres', { problems: ['the PostgreSQL server did not start'] })
      }
      try {
        record(
          'api-postgres',
          await vitestBeside(
            'api-postgres',
            ['tests/api', ...ONCE_ON_PGLITE.flatMap((files) => ['--exclude', files])],
            { TEST_DATABASE_URL: server.url },
          ),
        )
      } finally {
        server.stop()
      }
    },
  },
  {
    // The two form-post runs against servers of the built app: every web action under malformed
    // posts, and every web route × every kind of caller. They start when api-postgres ends, beside
    // the browsers, whose single app server leaves a core idle much of the time.
    name: 'web-forms',
    about:
      'against server processes of the built app: malformed form posts to every web action, the web authorization matrix',
    overlapsNext: true,
    after: 'api-postgres',
    async run() {
      if (!build()) return record('web-forms', { problems: ['the build failed'] })
      const files = ['tests/server/web-fuzz.test.ts', 'tests/server/web-matrix.test.ts']
      // Ports of their own, clear of the browsers' servers and of the server suite's.
      record(
        'web-forms',
        await vitestBeside('web-forms', ['--config', 'vitest.server.config.ts', ...files], {
          SERVER_TEST_PORT: String(serverTestPort() + 50),
        }),
      )
    },
  },
  {
    // Security headers, body limits, SMTP, API_URL and fault tolerance (SIGKILL, SIGTERM,
    // PostgreSQL restarts), against server processes of the built app, one file at a time. They
    // start when web-forms ends, still beside the browsers, on ports 100 above the e2e run's
    // (SERVER_TEST_PORT) and TEST_PG_PORT + 3 (see tests/support/server.ts).
    name: 'server',
    about:
      'checks against server processes of the built app (headers, body limits, SMTP, API_URL, faults, scale-out)',
    overlapsNext: true,
    after: 'web-forms',
    async run() {
      if (!build()) return record('server', { problems: ['the build failed'] })
      const elsewhere = [
        'tests/server/web-fuzz.test.ts',
        'tests/server/web-matrix.test.ts',
        'tests/server/export-memory.test.ts',
      ]
      record(
        'server',
        await vitestBeside(
          'server',
          [
            '--config',
            'vitest.server.config.ts',
            ...elsewhere.flatMap((file) => ['--exclude', file]),
          ],
          { SERVER_TEST_PORT: String(serverTestPort() + 100) },
        ),
      )
    },
  },
  {
    name: 'e2e',
    about: "end to end in Debian's chromium, with and without JavaScript, against the built app",
    async run() {
      if (!build()) return record('e2e', { problems: ['the build failed'] })
      const file = path.join(resultsDir, 'playwright.json')
      const code = await runAsync('npx', ['playwright', 'test', '--reporter=list,json'], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: file,
      })
      countPlaywright('e2e', file, code)
    },
  },
  {
    // It measures a server's memory, which another run's load makes grow before its garbage is
    // collected: it runs alone, once the browsers and every suite beside them have ended.
    name: 'export-memory',
    about:
      "a 100,000 row export streamed by a server of the built app within 50 MB of the server's memory",
    after: 'server',
    run() {
      if (!build()) return record('export-memory', { problems: ['the build failed'] })
      vitest('export-memory', [
        '--config',
        'vitest.server.config.ts',
        'tests/server/export-memory.test.ts',
      ])
    },
  },
  {
    // It mostly waits on npm and the disk, so it runs beside the other suites: its output goes to a
    // file, printed when it ends.
    name: 'docker',
    about:
      "the Dockerfile's steps in fresh folders, the runtime as its non-root user (no Docker engine here)",
    background: true,
    async run() {
      const file = path.join(resultsDir, 'docker-check.json')
      const log = path.join(resultsDir, 'docker-check.log')
      console.log(`\n$ node tests/docker/check.mjs (beside the other suites; output in ${log})`)
      const output = fs.openSync(log, 'w')
      const child = spawn('node', ['tests/docker/check.mjs'], {
        stdio: ['ignore', output, output],
        env: { ...process.env, DOCKER_CHECK_REPORT: file },
      })
      const code = await new Promise((resolve) => {
        child.on('error', () => resolve(1))
        child.on('close', (status) => resolve(status ?? 1))
      })
      fs.closeSync(output)
      return () => {
        console.log(`\n--- docker check (exit ${code}) ---\n${fs.readFileSync(log, 'utf8')}`)
        const report = readReport(file)
        const problems = code === 0 ? [] : [`exit ${code}`]
        if (!report || report.unreadable)
          return record('docker', { problems: [...problems, 'no report'] })
        record('docker', { ...report, problems })
      }
    },
  },
]

function parseArguments(argv) {
  const only = []
  let list = false
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]
    if (arg === '--list') list = true
    else if (arg === '--only') {
      if (!argv[index + 1]) usage('--only needs a suite name')
      only.push(...argv[++index].split(','))
    } else if (arg.startsWith('--only=')) only.push(...arg.slice(7).split(','))
    else usage(`unknown argument ${arg}`)
  }
  const unknown = only.filter((name) => !SUITES.some((suite) => suite.name === name))
  if (unknown.length) usage(`no suite named ${unknown.join(', ')}`)
  return { list, only }
}

function usage(message) {
  console.error(
    `${message}\nUsage: npm test [-- --list | -- --only <suite>[,<suite>…]]\nSuites: ${SUITES.map((suite) => suite.name).join(', ')}`,
  )
  process.exit(2)
}

const options = parseArguments(process.argv.slice(2))
if (options.list) {
  for (const suite of SUITES)
    console.log(`${suite.name.padEnd(16)} ${suite.about} (at least ${FLOORS[suite.name]})`)
  process.exit(0)
}

if (!fs.existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  if (run('npm', ['ci', '--no-audit', '--no-fund']) !== 0) process.exit(1)
}
ensureSystemPackages()

const chosen = SUITES.filter((suite) => !options.only.length || options.only.includes(suite.name))
const failedToRun = (suite) => (error) => {
  console.error(error)
  record(suite.name, { problems: [`the runner failed: ${error.message}`] })
}
// A background suite answers a function that records its result once the others are done; a suite
// that overlaps the next one is started and waited for at the end.
// Each suite's wall time is printed with its result, so a slow run shows where its time went.
const runStarted = Date.now()
const seconds = new Map()
const timed = (suite, started) => (result) => {
  seconds.set(suite.name, Math.round((Date.now() - started) / 1000))
  return result
}
const background = chosen
  .filter((suite) => suite.background)
  .map((suite) =>
    suite
      .run()
      .catch((error) => () => failedToRun(suite)(error))
      .then(timed(suite, Date.now())),
  )
// A suite `after` another that is running starts when that one ends (without waiting when it was not chosen).
const running = new Map()
for (const suite of chosen.filter((suite) => !suite.background)) {
  // Started at once: a suite that overlaps the next one has its processes running before the next
  // one's synchronous spawn holds this loop.
  const started = (async () => {
    await running.get(suite.after)
    const done = timed(suite, Date.now())
    try {
      await suite.run()
    } catch (error) {
      failedToRun(suite)(error)
    }
    done()
  })()
  running.set(suite.name, started)
  if (suite.overlapsNext) background.push(started.then(() => () => {}))
  else await started
}
for (const finish of await Promise.all(background)) finish()

console.log('\nSuites:')
for (const suite of suites) {
  const time = seconds.has(suite.name) ? ` in ${seconds.get(suite.name)} s` : ''
  console.log(
    `  ${suite.name}: ${suite.passed} passed, ${suite.failed} failed${suite.skipped ? `, ${suite.skipped} skipped` : ''}${time}${suite.note ? ` (${suite.note})` : ''}`,
  )
}
console.log(`\nAll suites took ${Math.round((Date.now() - runStarted) / 1000)} s.`)
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
)
process.exit(totals.failed ? 1 : 0)
