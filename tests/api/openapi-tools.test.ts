/**
 * The API document as outside tools read it: Redocly's linter with its recommended rules finds
 * nothing to say, and a client generated from it (openapi-typescript types called through
 * openapi-fetch) signs in and lists products, subscriptions and transactions with no cast, while
 * the types refuse the mistakes a client could make (tests/contract-client/sign-in-and-list.mts).
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import openapiTS, { astToString } from 'openapi-typescript'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { endpointList } from '~/contract/endpoints'
import { openApiDocument } from '~/backend/reference/openapi'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../..')
let folder: string
let documentFile: string

beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'openapi-tools-'))
  documentFile = path.join(folder, 'openapi.json')
  await fs.writeFile(documentFile, JSON.stringify(openApiDocument(endpointList), null, 2))
})

afterAll(async () => {
  if (folder) await fs.rm(folder, { recursive: true, force: true })
})

/** Runs a command to its end, answering its exit code and output instead of throwing on failure. */
async function outcome(command: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(command, args, {
      cwd: folder,
      maxBuffer: 64 * 1024 * 1024,
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        NO_COLOR: '1',
      },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string }
    return { code, stdout, stderr }
  }
}

test('redocly lint with the recommended rules reports no error and no warning', async () => {
  const lint = await outcome(path.join(root, 'node_modules/.bin/redocly'), [
    'lint',
    documentFile,
    '--extends',
    'recommended',
    '--format',
    'json',
  ])
  const report = JSON.parse(lint.stdout) as {
    totals: { errors: number; warnings: number }
    problems: { ruleId: string; message: string; location: { pointer: string }[] }[]
  }
  const problems = report.problems.map(
    (problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`,
  )
  expect(problems).toEqual([])
  expect(report.totals).toMatchObject({ errors: 0, warnings: 0 })
  expect(lint.code).toBe(0)
}, 120_000)

test('a client generated with openapi-typescript and called through openapi-fetch type-checks without a cast', async () => {
  const types = astToString(await openapiTS(await fs.readFile(documentFile, 'utf8')))
  const typesFile = path.join(folder, 'landbanking-api.d.ts')
  await fs.writeFile(typesFile, types)
  const script = path.join(root, 'tests/contract-client/sign-in-and-list.mts')
  expect(await fs.readFile(script, 'utf8')).not.toMatch(/\bas\s+(unknown|any|[A-Z]\w*)\b|<any>/)
  await fs.writeFile(
    path.join(folder, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        types: [],
        skipLibCheck: true,
        paths: {
          'landbanking-api': [typesFile],
          'openapi-fetch': [path.join(root, 'node_modules/openapi-fetch')],
        },
      },
      files: [script],
    }),
  )
  const check = await outcome(process.execPath, [
    path.join(root, 'node_modules/typescript/bin/tsc'),
    '-p',
    path.join(folder, 'tsconfig.json'),
  ])
  expect(check.stdout + check.stderr).toBe('')
  expect(check.code).toBe(0)
}, 120_000)
