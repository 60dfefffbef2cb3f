import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

const APP = path.resolve(import.meta.dirname, '../../app')
// The web layer speaks only the /api/v1 contract: just the /api/v1 mount and the API client's
// in-process transport reach the embedded API.
const ALLOWED = new Set(['routes/api.v1.$.tsx', 'utils/api.server.ts'])

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : []
  })
}

test('the web layer reaches app/backend only through the API client and the /api/v1 mount', () => {
  const offenders = sourceFiles(APP)
    .map((file) => path.relative(APP, file))
    .filter((file) => !file.startsWith('backend/') && !ALLOWED.has(file))
    .filter((file) => /from ['"](~\/backend|(\.\.\/)+backend)(['"/])/.test(fs.readFileSync(path.join(APP, file), 'utf8')))
  expect(offenders).toEqual([])
})

test('the embedded API never imports the web layer (routes, components)', () => {
  const offenders = sourceFiles(path.join(APP, 'backend'))
    .filter((file) => /from ['"]~\/(routes|components)\//.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(APP, file))
  expect(offenders).toEqual([])
})
