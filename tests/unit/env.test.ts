import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { CONFIG_VARIABLES, parseConfig } from '~/backend/config'
import { appUrlOf, checkEnvironment, EnvError } from '~/contract/env'
import { ENV_VARIABLES, parseEnv } from '~/utils/env.server'

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

type Source = Record<string, string | undefined>

function problemsOf(source: Source, parse: (source: Source) => unknown = parseEnv) {
  try {
    parse(source)
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError)
    return error as EnvError
  }
  throw new Error(`${parse.name} accepted a bad environment`)
}

describe('parseEnv (the web layer)', () => {
  test('an empty environment gives the defaults', () => {
    const env = parseEnv(base())
    expect(env).toMatchObject({
      NODE_ENV: 'production',
      PORT: 3000,
      DATA_DIR: dataDir,
      TRUST_PROXY: false,
    })
    expect(env.API_URL).toBeUndefined()
    expect(env.APP_URL).toBeUndefined()
    expect(env.HOST).toBeUndefined()
  })

  test('values are parsed: numbers, flags, and empty strings count as unset', () => {
    const env = parseEnv({ ...base(), PORT: '8080', TRUST_PROXY: '1', API_URL: '' })
    expect(env.PORT).toBe(8080)
    expect(env.TRUST_PROXY).toBe(true)
    expect(env.API_URL).toBeUndefined()
  })

  test('a bad PORT names the variable, the rule and the value', () => {
    const error = problemsOf({ ...base(), PORT: 'eighty' })
    expect(error.problems).toEqual({
      PORT: 'must be a whole number from 1 to 65535 (got "eighty")',
    })
    expect(error.message).toBe(
      'Invalid environment variables:\n  - PORT: must be a whole number from 1 to 65535 (got "eighty")',
    )
    expect(problemsOf({ ...base(), PORT: '70000' }).problems.PORT).toMatch(/from 1 to 65535/)
    expect(problemsOf({ ...base(), PORT: '0' }).problems.PORT).toMatch(/from 1 to 65535/)
  })

  test('every bad variable is reported at once, one line each; the session secret is never echoed', () => {
    const error = problemsOf({
      ...base(),
      PORT: 'x',
      NODE_ENV: 'staging',
      API_URL: 'ftp://api.example.com',
      TRUST_PROXY: 'maybe',
      SESSION_SECRET: 'short',
    })
    expect(Object.keys(error.problems).sort()).toEqual([
      'API_URL',
      'NODE_ENV',
      'PORT',
      'SESSION_SECRET',
      'TRUST_PROXY',
    ])
    expect(error.problems.TRUST_PROXY).toBe('must be true or false (got "maybe")')
    expect(error.problems.API_URL).toBe(
      'must be an http:// or https:// URL (got "ftp://api.example.com")',
    )
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
    const env = parseEnv({
      DATA_DIR: dataDir,
      SESSION_SECRET: 'new-secret-0123456789, old-secret-0123456789',
    })
    expect(env.sessionSecrets).toEqual(['new-secret-0123456789', 'old-secret-0123456789'])
    expect(fs.readdirSync(dataDir)).toEqual([])
  })
})

describe('parseConfig (the API)', () => {
  const apiBase = () => ({ DATA_DIR: dataDir })

  test('an empty environment gives the embedded defaults', () => {
    const config = parseConfig(apiBase())
    expect(config).toEqual({
      PORT: 3000,
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: 1,
      ADMIN_EMAIL: 'admin@example.com',
      SEED_DEMO: true,
      MAIL_FROM: 'Land Banking <no-reply@landbanking.local>',
      APP_TIME_ZONE: 'Africa/Lagos',
      JOBS: true,
      API_CHECK_RESPONSES: false,
    })
  })

  test('values are parsed: numbers, flags, and empty strings count as unset', () => {
    const config = parseConfig({
      ...apiBase(),
      PORT: '8080',
      SEED_DEMO: 'false',
      JOBS: 'no',
      DATABASE_URL: '',
      APP_TIME_ZONE: 'Europe/London',
      SMTP_URL: 'smtps://user:pw@smtp.example.com:465',
    })
    expect(config).toMatchObject({
      PORT: 8080,
      SEED_DEMO: false,
      JOBS: false,
      APP_TIME_ZONE: 'Europe/London',
    })
    expect(config.SMTP_URL).toBe('smtps://user:pw@smtp.example.com:465')
    expect(config.DATABASE_URL).toBeUndefined()
  })

  test('a bad DATABASE_URL or SMTP_URL is named without echoing its value, which may hold a password', () => {
    const error = problemsOf(
      { ...apiBase(), DATABASE_URL: 'mysql://root:hunter2@db/app', SMTP_URL: 'mail://u:hunter3@x' },
      parseConfig,
    )
    expect(error.problems).toEqual({
      DATABASE_URL: 'must be a PostgreSQL URL: postgres://user:password@host:5432/database',
      SMTP_URL: 'must start with smtp:// or smtps://',
    })
    expect(error.message).not.toMatch(/hunter/)
  })

  test("DATABASE_MIGRATION_URL, the tables' owner, needs DATABASE_URL as another role, and its value is never echoed", () => {
    const app = 'postgres://landbanking_app:app-secret@db:5432/landbanking'
    const owner = 'postgres://landbanking_owner:owner-secret@db:5432/landbanking'
    expect(
      parseConfig({ ...apiBase(), DATABASE_URL: app, DATABASE_MIGRATION_URL: owner }),
    ).toMatchObject({
      DATABASE_URL: app,
      DATABASE_MIGRATION_URL: owner,
    })
    expect(
      problemsOf({ ...apiBase(), DATABASE_MIGRATION_URL: owner }, parseConfig).problems,
    ).toEqual({
      DATABASE_MIGRATION_URL:
        "needs DATABASE_URL too: the app's own connection, as a role that owns no table",
    })
    const same = problemsOf(
      {
        ...apiBase(),
        DATABASE_URL: app,
        DATABASE_MIGRATION_URL: app.replace('app-secret', 'third-secret'),
      },
      parseConfig,
    )
    expect(same.problems).toEqual({
      DATABASE_MIGRATION_URL:
        "must connect as another role than DATABASE_URL: the tables' owner, while DATABASE_URL is the app's role",
    })
    const bad = problemsOf(
      { ...apiBase(), DATABASE_URL: app, DATABASE_MIGRATION_URL: 'mysql://root:hunter2@db/app' },
      parseConfig,
    )
    expect(bad.problems).toEqual({
      DATABASE_MIGRATION_URL:
        'must be a PostgreSQL URL: postgres://user:password@host:5432/database',
    })
    expect(same.message + bad.message).not.toMatch(/-secret|hunter2/)
  })

  test('every bad variable is reported at once, one line each', () => {
    const error = problemsOf(
      {
        ...apiBase(),
        PORT: 'x',
        DATABASE_URL: 'nope',
        SEED_DEMO: 'maybe',
        ADMIN_EMAIL: 'not-an-email',
        ADMIN_PASSWORD: 'short',
        APP_TIME_ZONE: 'Mars/Olympus',
        JOBS: 'often',
      },
      parseConfig,
    )
    expect(Object.keys(error.problems).sort()).toEqual([
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
      'APP_TIME_ZONE',
      'DATABASE_URL',
      'JOBS',
      'PORT',
      'SEED_DEMO',
    ])
    expect(error.problems.PORT).toBe('must be a whole number from 1 to 65535 (got "x")')
    expect(error.problems.SEED_DEMO).toBe('must be true or false (got "maybe")')
    expect(error.problems.ADMIN_EMAIL).toBe('must be an e-mail address (got "not-an-email")')
    expect(error.problems.ADMIN_PASSWORD).toBe('must be at least 8 characters')
    expect(error.problems.APP_TIME_ZONE).toBe(
      'must be an IANA time zone such as Africa/Lagos (got "Mars/Olympus")',
    )
    expect(error.message.split('\n')).toHaveLength(8)
  })

  test('PAYMENT_PROVIDER needs its keys, which are never echoed; the base URLs must be http(s)', () => {
    expect(parseConfig(apiBase()).PAYMENT_PROVIDER).toBeUndefined()
    expect(
      parseConfig({
        ...apiBase(),
        PAYMENT_PROVIDER: 'paystack',
        PAYSTACK_SECRET_KEY: 'sk_live_0123456789',
      }),
    ).toMatchObject({ PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: 'sk_live_0123456789' })
    expect(problemsOf({ ...apiBase(), PAYMENT_PROVIDER: 'monnify' }, parseConfig).problems).toEqual(
      {
        MONNIFY_API_KEY: 'is needed when PAYMENT_PROVIDER is monnify',
        MONNIFY_SECRET_KEY: 'is needed when PAYMENT_PROVIDER is monnify',
        MONNIFY_CONTRACT_CODE: 'is needed when PAYMENT_PROVIDER is monnify',
      },
    )
    const bad = problemsOf(
      {
        ...apiBase(),
        PAYMENT_PROVIDER: 'flutterwave',
        PAYSTACK_SECRET_KEY: 'sk live hunter2',
        PAYSTACK_BASE_URL: 'ftp://api.paystack.co',
      },
      parseConfig,
    )
    expect(bad.problems).toEqual({
      PAYMENT_PROVIDER: 'must be paystack or monnify (got "flutterwave")',
      PAYSTACK_SECRET_KEY: 'must be the key as the provider shows it',
      PAYSTACK_BASE_URL: 'must be an http:// or https:// URL (got "ftp://api.paystack.co")',
    })
    expect(bad.message).not.toMatch(/hunter2/)
  })

  test('the API needs no session secret and writes nothing into DATA_DIR', () => {
    parseConfig({ ...apiBase(), SESSION_SECRET: 'short' })
    expect(fs.readdirSync(dataDir)).toEqual([])
  })
})

describe('what both layers read', () => {
  test('PORT, DATA_DIR and APP_URL follow one rule in both layers', () => {
    const source = {
      ...base(),
      PORT: '8080',
      DATA_DIR: '/srv/land',
      APP_URL: 'https://land.example.com/',
    }
    const web = parseEnv(source)
    const api = parseConfig(source)
    expect([web.PORT, web.DATA_DIR, web.APP_URL]).toEqual([api.PORT, api.DATA_DIR, api.APP_URL])
    expect(problemsOf({ ...base(), APP_URL: 'land.example.com' }).problems).toEqual(
      problemsOf({ ...base(), APP_URL: 'land.example.com' }, parseConfig).problems,
    )
  })

  test('a start names the bad variables of both layers at once, printed once', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const source = { ...base(), TRUST_PROXY: 'maybe', JOBS: 'often', PORT: '0' }
    let thrown: unknown
    try {
      checkEnvironment(
        () => parseEnv(source),
        () => parseConfig(source),
      )
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(EnvError)
    expect(Object.keys((thrown as EnvError).problems).sort()).toEqual([
      'JOBS',
      'PORT',
      'TRUST_PROXY',
    ])
    expect(console.error).toHaveBeenCalledTimes(1)
    expect(console.error).toHaveBeenCalledWith((thrown as EnvError).message)

    expect(() =>
      checkEnvironment(
        () => parseEnv(base()),
        () => parseConfig(base()),
      ),
    ).not.toThrow()
    expect(console.error).toHaveBeenCalledTimes(1)
  })

  test('links start with APP_URL without its trailing slash, else localhost on PORT', () => {
    expect(appUrlOf({ APP_URL: 'https://land.example.com/', PORT: 3000 })).toBe(
      'https://land.example.com',
    )
    expect(appUrlOf({ PORT: 8080 })).toBe('http://localhost:8080')
  })

  test('docs/configuration.md lists every variable either layer reads, and no other', () => {
    const doc = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../docs/configuration.md'),
      'utf8',
    )
    const rows = [...doc.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((match) => match[1])
    expect([...rows].sort()).toEqual([...new Set([...ENV_VARIABLES, ...CONFIG_VARIABLES])].sort())
  })
})
