import { z } from 'zod'
import {
  appUrlOf,
  booleanFlag,
  EnvError,
  httpUrl,
  parseVariables,
  readOnce,
  sharedVariables,
} from '~/contract/env'
import { DEFAULT_TIME_ZONE } from '~/contract/format'

export { EnvError }

const postgresUrl = z
  .string()
  .regex(
    /^postgres(ql)?:\/\/\S+$/,
    'must be a PostgreSQL URL: postgres://user:password@host:5432/database',
  )

const providerKey = z.string().regex(/^\S{8,200}$/, 'must be the key as the provider shows it')

/** The variables the API reads. The web layer reads its own in app/utils/env.server.ts. */
const schema = z
  .object({
    ...sharedVariables,
    /** The app's own connection; with DATABASE_MIGRATION_URL, as a role that owns no table (docs/postgresql.md). */
    DATABASE_URL: postgresUrl.optional(),
    /** The tables' owner: runs the migrations and grants DATABASE_URL's role its rights, nothing else. */
    DATABASE_MIGRATION_URL: postgresUrl.optional(),
    /** Server processes per instance (bin/serve.mjs); with the pool size, how many connections each may hold. */
    WEB_CONCURRENCY: wholeNumber(1, 64).default(1),
    /** Connections in each process's PostgreSQL pool; unset, see defaultPoolSize. */
    DATABASE_POOL_SIZE: wholeNumber(1, 100).optional(),
    ADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).default('admin@example.com'),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    SEED_DEMO: booleanFlag.default(true),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/\S+$/, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z
      .string()
      .min(3, 'must be a sender address')
      .default('Land Banking <no-reply@landbanking.local>'),
    APP_TIME_ZONE: z
      .string()
      .refine(isTimeZone, 'must be an IANA time zone such as Africa/Lagos')
      .default(DEFAULT_TIME_ZONE),
    JOBS: booleanFlag.default(true),
    /** Checks every answer against its endpoint table entry (the test configurations turn it on). */
    API_CHECK_RESPONSES: booleanFlag.default(false),
    /** Who gives customers account numbers and confirms their transfers; unset, payments are proved by hand. */
    PAYMENT_PROVIDER: z
      .enum(['paystack', 'monnify'], { error: 'must be paystack or monnify' })
      .optional(),
    PAYSTACK_SECRET_KEY: providerKey.optional(),
    /** Unset: Paystack's own API (app/backend/payment-provider/settings.ts). */
    PAYSTACK_BASE_URL: httpUrl.optional(),
    MONNIFY_API_KEY: providerKey.optional(),
    MONNIFY_SECRET_KEY: providerKey.optional(),
    MONNIFY_CONTRACT_CODE: z
      .string()
      .regex(/^[0-9A-Za-z-]{1,40}$/, 'must be the contract code shown on the Monnify dashboard')
      .optional(),
    /** Unset: Monnify's own API. */
    MONNIFY_BASE_URL: httpUrl.optional(),
  })
  .superRefine((config, ctx) => {
    const needed =
      config.PAYMENT_PROVIDER === 'paystack'
        ? (['PAYSTACK_SECRET_KEY'] as const)
        : config.PAYMENT_PROVIDER === 'monnify'
          ? (['MONNIFY_API_KEY', 'MONNIFY_SECRET_KEY', 'MONNIFY_CONTRACT_CODE'] as const)
          : []
    for (const name of needed) {
      if (!config[name])
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `is needed when PAYMENT_PROVIDER is ${config.PAYMENT_PROVIDER}`,
        })
    }
    if (!config.DATABASE_MIGRATION_URL) return
    const problem = !config.DATABASE_URL
      ? "needs DATABASE_URL too: the app's own connection, as a role that owns no table"
      : userOf(config.DATABASE_MIGRATION_URL) &&
          userOf(config.DATABASE_MIGRATION_URL) === userOf(config.DATABASE_URL)
        ? "must connect as another role than DATABASE_URL: the tables' owner, while DATABASE_URL is the app's role"
        : null
    if (problem)
      ctx.addIssue({ code: 'custom', path: ['DATABASE_MIGRATION_URL'], message: problem })
  })

/** Values never echoed back in an error message. */
const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'DATABASE_MIGRATION_URL',
  'ADMIN_PASSWORD',
  'SMTP_URL',
  'PAYSTACK_SECRET_KEY',
  'MONNIFY_API_KEY',
  'MONNIFY_SECRET_KEY',
])

export const CONFIG_VARIABLES = Object.keys(schema.shape) as Array<keyof typeof schema.shape>

export type Config = z.infer<typeof schema>

/** Validates an environment (process.env or any object); throws EnvError naming each bad variable. */
export function parseConfig(source: Record<string, string | undefined>): Config {
  return parseVariables(schema, source, SECRET_VARIABLES)
}

/** The user name a PostgreSQL URL names ('' when it names none: the driver then takes PGUSER or the system user). */
function userOf(url: string) {
  try {
    return decodeURIComponent(new URL(url).username)
  } catch {
    return ''
  }
}

function wholeNumber(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message)
}

/**
 * Each process's pool: 10 connections, fewer when there are many processes, so that all of an
 * instance's stay within 90 of PostgreSQL's default 100 (the rest for administration).
 */
export function defaultPoolSize(processes: number) {
  return Math.max(1, Math.min(10, Math.floor(90 / processes)))
}

function isTimeZone(value: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value })
    return true
  } catch {
    return false
  }
}

/** The API's validated configuration, read from process.env once, when the API starts. */
export const getConfig: () => Config = readOnce('__apiConfig', () => parseConfig(process.env))

/** The address people use to reach the app: e-mailed links start with it. */
export function appUrl() {
  return appUrlOf(getConfig())
}
