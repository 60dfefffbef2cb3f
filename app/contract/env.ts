import { z } from 'zod'

/**
 * What the web layer (app/utils/env.server.ts) and the API (app/backend/config.ts) share about
 * reading the environment: the fields both read, the error that names every bad variable, and
 * the parse rules. Each layer declares and parses only the variables it reads.
 */

export const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes'].includes(value))

export const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })

const PORT_MESSAGE = 'must be a whole number from 1 to 65535'

/** Variables both layers read, with one rule and one default each. */
export const sharedVariables = {
  PORT: z.coerce
    .number({ error: PORT_MESSAGE })
    .int(PORT_MESSAGE)
    .min(1, PORT_MESSAGE)
    .max(65535, PORT_MESSAGE)
    .default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  APP_URL: httpUrl.optional(),
}

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
 * Reads the schema's variables from an environment (process.env or any object). Throws EnvError
 * naming each bad variable; a secret's value is never echoed back. Empty strings count as unset,
 * so `FOO= npm start` behaves like leaving FOO out.
 */
export function parseVariables<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  source: Record<string, string | undefined>,
  secrets: ReadonlySet<string>,
): z.infer<z.ZodObject<Shape>> {
  const raw = Object.fromEntries(
    Object.keys(schema.shape).map((key) => [key, source[key] === '' ? undefined : source[key]]),
  )
  const result = schema.safeParse(raw)
  if (result.success) return result.data
  const problems: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const name = String(issue.path[0])
    if (problems[name]) continue
    const value = raw[name]
    problems[name] =
      secrets.has(name) || value === undefined
        ? issue.message
        : `${issue.message} (got ${JSON.stringify(value)})`
  }
  throw new EnvError(problems)
}

/** Reads once per process and keeps the result. */
export function readOnce<T>(key: string, parse: () => T): () => T {
  const cache = globalThis as unknown as Record<string, T | undefined>
  return () => {
    if (cache[key] === undefined) cache[key] = parse()
    return cache[key] as T
  }
}

/**
 * Runs every reader, so one start names every bad variable of every layer: their problems are
 * printed and thrown as one EnvError.
 */
export function checkEnvironment(...readers: Array<() => unknown>) {
  const problems: Record<string, string> = {}
  for (const read of readers) {
    try {
      read()
    } catch (error) {
      if (!(error instanceof EnvError)) throw error
      Object.assign(problems, error.problems)
    }
  }
  if (Object.keys(problems).length === 0) return
  const error = new EnvError(problems)
  console.error(error.message)
  throw error
}

/** The address people use to reach the app: APP_URL, else this machine on PORT; no trailing slash. */
export function appUrlOf(env: { APP_URL?: string; PORT: number }) {
  return (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '')
}
