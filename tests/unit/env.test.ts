import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { EnvError, parseEnv } from '~/utils/env.server'

let dataDir: string
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-env-'))
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  vi.restoreAllMocks()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const base = () => ({ DATA_DIR: dataDir, SESSION_SECRET: 'a-secret-of-sixteen-plus' })

function problemsOf(source: Record<string, string | undefined>) {
  try {
    parseEnv(source)
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError)
    return error as EnvError
  }
  throw new Error('parseEnv accepted a bad environment')
}

describe('parseEnv', () => {
  test('an empty environment gives the embedded defaults', () => {
    const env = parseEnv(base())
    expect(env).toMatchObject({
      NODE_ENV: 'production',
      PORT: 3000,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'admin@example.com',
      SEED_DEMO: true,
      TRUST_PROXY: false,
      JOBS: true,
      APP_TIME_ZONE: 'Africa/Lagos',
    })
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.SMTP_URL).toBeUndefined()
    expect(env.ADMIN_PASSWORD).toBeUndefined()
  })

  test('values are parsed: numbers, flags, and empty strings count as unset', () => {
    const env = parseEnv({ ...base(), PORT: '8080', SEED_DEMO: 'false', TRUST_PROXY: '1', DATABASE_URL: '' })
    expect(env.PORT).toBe(8080)
    expect(env.SEED_DEMO).toBe(false)
    expect(env.TRUST_PROXY).toBe(true)
    expect(env.DATABASE_URL).toBeUndefined()
  })

  test('a bad PORT names the variable, the rule and the value', () => {
    const error = problemsOf({ ...base(), PORT: 'eighty' })
    expect(error.problems).toEqual({ PORT: 'must be a whole number from 1 to 65535 (got "eighty")' })
    expect(error.message).toBe(
      'Invalid environment variables:\n  - PORT: must be a whole number from 1 to 65535 (got "eighty")',
    )
    expect(problemsOf({ ...base(), PORT: '70000' }).problems.PORT).toMatch(/from 1 to 65535/)
    expect(problemsOf({ ...base(), PORT: '0' }).problems.PORT).toMatch(/from 1 to 65535/)
  })

  test('a bad DATABASE_URL is named without echoing its value, which may hold a password', () => {
    const error = problemsOf({ ...base(), DATABASE_URL: 'mysql://root:hunter2@db/app' })
    expect(error.problems).toEqual({
      DATABASE_URL: 'must be a PostgreSQL URL: postgres://user:password@host:5432/database',
    })
    expect(error.message).not.toContain('hunter2')
  })

  test('every bad variable is reported at once, one line each', () => {
    const error = problemsOf({
      ...base(),
      PORT: 'x',
      DATABASE_URL: 'nope',
      SEED_DEMO: 'maybe',
      ADMIN_EMAIL: 'not-an-email',
      SESSION_SECRET: 'short',
    })
    expect(Object.keys(error.problems).sort()).toEqual(['ADMIN_EMAIL', 'DATABASE_URL', 'PORT', 'SEED_DEMO', 'SESSION_SECRET'])
    expect(error.problems.SEED_DEMO).toBe('must be true or false (got "maybe")')
    expect(error.problems.SESSION_SECRET).toBe('must be at least 16 characters')
    expect(error.message.split('\n')).toHaveLength(6)
  })

  test('SESSION_SECRET unset: one secret is made in DATA_DIR, kept, and reused on the next start', () => {
    const first = parseEnv({ DATA_DIR: dataDir })
    const file = path.join(dataDir, 'session-secret')
    expect(fs.readdirSync(dataDir)).toEqual(['session-secret'])
    expect(first.sessionSecrets).toEqual([fs.readFileSync(file, 'utf8')])
    expect(first.sessionSecrets[0]).toMatch(/^[0-9a-f]{64}$/)
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('SESSION_SECRET is not set'))

    const second = parseEnv({ DATA_DIR: dataDir })
    expect(second.sessionSecrets).toEqual(first.sessionSecrets)
    expect(fs.readdirSync(dataDir)).toEqual(['session-secret'])
  })

  test('SESSION_SECRET set: no file is written, and a comma list allows rotation', () => {
    const env = parseEnv({ DATA_DIR: dataDir, SESSION_SECRET: 'new-secret-0123456789, old-secret-0123456789' })
    expect(env.sessionSecrets).toEqual(['new-secret-0123456789', 'old-secret-0123456789'])
    expect(fs.readdirSync(dataDir)).toEqual([])
  })
})
