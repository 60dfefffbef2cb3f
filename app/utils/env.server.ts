import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import {
  EnvError,
  appUrlOf,
  booleanFlag,
  httpUrl,
  parseVariables,
  readOnce,
  sharedVariables,
} from '~/contract/env'

export { EnvError }

/**
 * The variables the web layer reads (remix-serve reads PORT and HOST itself too). The API reads
 * its own in app/backend/config.ts.
 */
const schema = z.object({
  NODE_ENV: z
    .enum(['production', 'development', 'test'], {
      error: 'must be production, development or test',
    })
    .default('production'),
  ...sharedVariables,
  HOST: z.string().min(1).optional(),
  API_URL: httpUrl.optional(),
  SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  TRUST_PROXY: booleanFlag.default(false),
})

/** Values never echoed back in an error message. */
const SECRET_VARIABLES = new Set(['SESSION_SECRET'])

export const ENV_VARIABLES = Object.keys(schema.shape) as Array<keyof typeof schema.shape>

export type Env = z.infer<typeof schema> & { sessionSecrets: string[] }

/**
 * Validates an environment (process.env or any object) and resolves the session secrets.
 * Throws EnvError naming each bad variable; empty strings count as unset.
 */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const env = parseVariables(schema, source, SECRET_VARIABLES)
  return { ...env, sessionSecrets: resolveSessionSecrets(env) }
}

/**
 * SESSION_SECRET may list several comma-separated secrets: the first signs new cookies, the
 * others still verify old ones, so secrets can be rotated. Unset, one random secret is made
 * once and kept in DATA_DIR/session-secret, so sessions survive restarts.
 */
function resolveSessionSecrets(env: z.infer<typeof schema>) {
  if (env.SESSION_SECRET) {
    return env.SESSION_SECRET.split(',')
      .map((secret) => secret.trim())
      .filter(Boolean)
  }
  const file = path.resolve(env.DATA_DIR, 'session-secret')
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : ''
  if (existing) {
    console.warn(
      `SESSION_SECRET is not set: using the secret kept in ${file}. Set SESSION_SECRET in deployments.`,
    )
    return [existing]
  }
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const secret = crypto.randomBytes(32).toString('hex')
  fs.writeFileSync(file, secret, { mode: 0o600 })
  console.warn(
    `SESSION_SECRET is not set: generated one and kept it in ${file}. Set SESSION_SECRET in deployments.`,
  )
  return [secret]
}

/** The web layer's validated environment, read once per process. */
export const getEnv: () => Env = readOnce('__env', () => parseEnv(process.env))

/** The address people use to reach the app, for links the web layer shows. */
export function appUrl() {
  return appUrlOf(getEnv())
}
