import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], {
    error: 'must be true or false',
  })
  .transform((value) => ['true', '1', 'yes'].includes(value))

const schema = z.object({
  NODE_ENV: z
    .enum(['production', 'development', 'test'], {
      error: 'must be production, development or test',
    })
    .default('production'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(1, 'must be a port number')
    .max(65535, 'must be a port number')
    .default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  API_URL: z.url({ error: 'must be an http(s) URL' }).optional(),
  APP_URL: z.url({ error: 'must be an http(s) URL' }).optional(),
  SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  ADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEED_DEMO: booleanFlag.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Land Banking <no-reply@landbanking.local>'),
  TRUST_PROXY: booleanFlag.default(false),
  APP_TIME_ZONE: z.string().default('Africa/Lagos'),
  JOBS: booleanFlag.default(true),
})

export type Env = z.infer<typeof schema> & { sessionSecrets: string[] }

function readEnv(source: NodeJS.ProcessEnv): Env {
  // Empty strings mean "unset" so `FOO= npm start` behaves like leaving FOO out.
  const raw = Object.fromEntries(
    Object.keys(schema.shape).map((key) => [key, source[key] === '' ? undefined : source[key]]),
  )
  const result = schema.safeParse(raw)
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  - ${String(issue.path[0])}: ${issue.message}`,
    )
    const message = `Invalid environment variables:\n${lines.join('\n')}`
    console.error(message)
    throw new Error(message)
  }
  const env = result.data
  return { ...env, sessionSecrets: resolveSessionSecrets(env) }
}

/**
 * SESSION_SECRET may list several comma-separated secrets: the first signs new
 * cookies, the others still verify old ones, so secrets can be rotated.
 */
function resolveSessionSecrets(env: z.infer<typeof schema>) {
  if (env.SESSION_SECRET) {
    return env.SESSION_SECRET.split(',').map((secret) => secret.trim()).filter(Boolean)
  }
  const file = path.resolve(env.DATA_DIR, 'session-secret')
  if (fs.existsSync(file)) return [fs.readFileSync(file, 'utf8').trim()]
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const secret = crypto.randomBytes(32).toString('hex')
  fs.writeFileSync(file, secret, { mode: 0o600 })
  console.warn(
    `SESSION_SECRET is not set: generated one and kept it in ${file}. Set SESSION_SECRET in deployments.`,
  )
  return [secret]
}

const globalForEnv = globalThis as unknown as { __env?: Env }

export function getEnv(): Env {
  globalForEnv.__env ??= readEnv(process.env)
  return globalForEnv.__env
}

export function appUrl() {
  const env = getEnv()
  return (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '')
}
