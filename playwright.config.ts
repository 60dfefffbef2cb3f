import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'

// One fresh data folder per run, shared with the test workers so they can read the mail outbox.
process.env.E2E_PORT ??= '3400'
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'lb-e2e-'))
const port = Number(process.env.E2E_PORT)

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
      testIgnore: /bank-details\.spec\.ts$/,
      dependencies: ['bank-details'],
      use: { javaScriptEnabled: true },
    },
    {
      name: 'no-js',
      testIgnore: /bank-details\.spec\.ts$/,
      dependencies: ['bank-details'],
      use: { javaScriptEnabled: false },
    },
  ],
  webServer: {
    command: 'node node_modules/.bin/remix-serve ./build/index.js',
    url: `http://127.0.0.1:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DATA_DIR: process.env.E2E_DATA_DIR,
      SESSION_SECRET: 'e2e-session-secret-0123456789',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: 'true',
      APP_URL: `http://127.0.0.1:${port}`,
      JOBS: 'false',
      API_CHECK_RESPONSES: 'true',
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
})
