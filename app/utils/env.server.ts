import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes'].includes(value))

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })

const PORT_MESSAGE = 'must be a whole number from 1 to 65535'

/** Every variable the app reads (remix-serve reads PORT and HOST itself too). */
const schema = z.object({
  NODE_ENV: z
    .enum(['production', 'development', 'test'], { error: 'must be production, development or test' })
    .default('production'),
  PORT: z.coerce
    .number({ error: PORT_MESSAGE })
    .int(PORT_MESSAGE)
    .min(1, PORT_MESSAGE)
    .max(65535, PORT_MESSAGE)
    .default(3000),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a PostgreSQL URL: postgres://user:password@host:5432/database')
    .optional(),
  API_URL: httpUrl.optional(),
  APP_URL: httpUrl.optional(),
  SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  ADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEED_DEMO: booleanFlag.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3, 'must be a sender address').default('Land Banking <no-reply@landbanking.local>'),
  TRUST_PROXY: booleanFlag.default(false),
  APP_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as Africa/Lagos')
    .default('Africa/Lagos'),
  JOBS: booleanFlag.default(true),
})

/** Values never echoed back in an error message. */
const SECRET_VARIABLES = new Set(['DATABASE_URL', 'SESSION_SECRET', 'ADMIN_PASSWORD', 'SMTP_URL'])

export const ENV_VARIABLES = Object.keys(schema.shape) as Array<keyof typeof schema.shape>

export type Env = z.infer<typeof schema> & { sessionSecrets: string[] }

export class EnvError extends Error {
  constructor(readonly problems: Record<string, string>) {
    super(
      `Invalid environment variables:\n${Object.entries(problems)
        .map(([name, problem]) => `  - ${name}: ${problem}`)
        .join('\n')}`,
    )
    this.name = 'EnvError'
  }
}

/**
 * Validates an environment (process.env or any object) and resolves the session secrets.
 * Throws EnvError naming each bad variable. Empty strings count as unset, so `FOO= npm start`
 * behaves like leaving FOO out.
 */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const raw = Object.fromEntries(
    ENV_VARIABLES.map((key) => [key, source[key] === '' ? undefined : source[key]]),
  )
  const result = schema.safeParse(raw)
  if (!result.success) {
    const problems: Record<string, string> = {}
    for (const issue of result.error.issues) {
      const name = String(issue.path[0])
      if (problems[name]) continue
      const value = raw[name]
      problems[name] =
        SECRET_VARIABLES.has(name) || value === undefined
          ? issue.message
          : `${issue.message} (got ${JSON.stringify(value)})`
    }
    throw new EnvError(problems)
  }
  return { ...result.data, sessionSecrets: resolveSessionSecrets(result.data) }
}

/**
 * SESSION_SECRET may list several comma-separated secrets: the first signs new cookies, the
 * others still verify old ones, so secrets can be rotated. Unset, one random secret is made
 * once and kept in DATA_DIR/session-secret, so sessions survive restarts.
 */
function resolveSessionSecrets(env: z.infer<typeof schema>) {
  if (env.SESSION_SECRET) {
    return env.SESSION_SECRET.split(',').map((secret) => secret.trim()).filter(Boolean)
  }
  const file = path.resolve(env.DATA_DIR, 'session-secret')
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : ''
  if (existing) {
    console.warn(`SESSION_SECRET is not set: using the secret kept in ${file}. Set SESSION_SECRET in deployments.`)
    return [existing]
  }
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const secret = crypto.randomBytes(32).toString('hex')
  fs.writeFileSync(file, secret, { mode: 0o600 })
  console.warn(`SESSION_SECRET is not set: generated one and kept it in ${file}. Set SESSION_SECRET in deployments.`)
  return [secret]
}

function isTimeZone(value: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value })
    return true
  } catch {
    return false
  }
}

const globalForEnv = globalThis as unknown as { __env?: Env }

/** The process's validated environment, read once. */
export function getEnv(): Env {
  if (!globalForEnv.__env) {
    try {
      globalForEnv.__env = parseEnv(process.env)
    } catch (error) {
      if (error instanceof EnvError) console.error(error.message)
      throw error
    }
  }
  return globalForEnv.__env
}

export function appUrl() {
  const env = getEnv()
  return (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '')
}
