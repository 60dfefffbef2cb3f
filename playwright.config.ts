import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test'

// One fresh data folder per run, shared with the test workers so they can read the mail outbox.
process.env.E2E_PORT ??= '3400'
const dataDir = (process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'lb-e2e-')))
const port = Number(process.env.E2E_PORT)

// A second app, with a payment provider: the stand-in (tools/provider-stand-in) speaking Paystack,
// its webhooks sent to that app. Only provider-*.spec.ts run against it; the first app stays as
// it was, with no provider.
process.env.E2E_PROVIDER_PORT ??= String(port + 5)
process.env.E2E_STAND_IN_PORT ??= String(port + 6)
const providerDataDir = (process.env.E2E_PROVIDER_DATA_DIR ??= fs.mkdtempSync(
  path.join(os.tmpdir(), 'lb-e2e-provider-'),
))
const providerPort = Number(process.env.E2E_PROVIDER_PORT)
const standInPort = Number(process.env.E2E_STAND_IN_PORT)
export const E2E_STAND_IN_URL = `http://127.0.0.1:${standInPort}`

/** The specs that run against the app with a payment provider (and only there). */
const PROVIDER_SPECS = /provider-[\w-]+\.spec\.ts$/

export const E2E_ADMIN = { email: 'admin@example.com', password: 'admin-password-1' }

// Debian's headless build of Chromium (package chromium-headless-shell) when it is there: the same
// Blink as /usr/bin/chromium without the desktop browser around it, so the browsers take about 40 %
// less CPU, which on two cores is the suite's time (docs/testing.md).
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const chromium = {
  executablePath:
    process.env.CHROMIUM_PATH ??
    (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
}

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromium,
    // A trace records a screencast of every action, which doubled the browsers' CPU and the suite's
    // time on two cores; E2E_TRACE=1 turns it back on to study a failure.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  // The server starts without bank details: one spec sees it so (with and without JavaScript)
  // and sets them, before the specs that pay run.
  projects: [
    { name: 'bank-details', testMatch: /bank-details\.spec\.ts$/ },
    {
      name: 'js',
      testIgnore: [/bank-details\.spec\.ts$/, PROVIDER_SPECS],
      dependencies: ['bank-details'],
      use: { javaScriptEnabled: true },
    },
    {
      name: 'no-js',
      testIgnore: [/bank-details\.spec\.ts$/, PROVIDER_SPECS],
      dependencies: ['bank-details'],
      use: { javaScriptEnabled: false },
    },
    {
      name: 'provider-js',
      testMatch: PROVIDER_SPECS,
      use: { javaScriptEnabled: true, baseURL: `http://127.0.0.1:${providerPort}` },
    },
    {
      name: 'provider-no-js',
      testMatch: PROVIDER_SPECS,
      use: { javaScriptEnabled: false, baseURL: `http://127.0.0.1:${providerPort}` },
    },
  ],
  webServer: [
    appServer(port, dataDir),
    {
      command: 'node tools/provider-stand-in/cli.mjs',
      url: `${E2E_STAND_IN_URL}/__stand-in/state`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        STAND_IN_PORT: String(standInPort),
        STAND_IN_HOST: '127.0.0.1',
        PAYSTACK_WEBHOOK_URL: `http://127.0.0.1:${providerPort}/api/v1/webhooks/paystack`,
        MONNIFY_WEBHOOK_URL: `http://127.0.0.1:${providerPort}/api/v1/webhooks/monnify`,
      },
    },
    appServer(providerPort, providerDataDir, {
      PAYMENT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: 'sk_test_standin',
      PAYSTACK_BASE_URL: `${E2E_STAND_IN_URL}/paystack`,
    }),
  ],
})

/** The built app served by remix-serve on `port` with a fresh data folder, and `env` on top. */
function appServer(
  appPort: number,
  appDataDir: string,
  env: Record<string, string> = {},
): Extract<PlaywrightTestConfig['webServer'], { command: string }> {
  return {
    command: 'node node_modules/.bin/remix-serve ./build/index.js',
    url: `http://127.0.0.1:${appPort}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(appPort),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DATA_DIR: appDataDir,
      SESSION_SECRET: 'e2e-session-secret-0123456789',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: 'true',
      APP_URL: `http://127.0.0.1:${appPort}`,
      JOBS: 'false',
      API_CHECK_RESPONSES: 'true',
      ...(process.env.E2E_DATABASE_URL && appPort === port
        ? { DATABASE_URL: process.env.E2E_DATABASE_URL }
        : {}),
      ...env,
    },
  }
}
