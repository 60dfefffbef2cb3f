import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

/**
 * The app holds two layers that meet only in app/contract: the web layer (routes, features,
 * components, utils and the root modules) and the API (app/backend). The web layer reaches the API
 * only through the /api/v1 mount and the API client's in-process transport; the API imports
 * nothing of the web layer, and the contract imports neither.
 */
const APP = path.resolve(import.meta.dirname, '../../app')
const WEB_DOORS_TO_THE_API = new Set(['routes/api.v1.$.tsx', 'utils/api.server.ts'])

type Layer = 'backend' | 'contract' | 'web'

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : []
  })
}

/** Every module a source names: static imports and re-exports (one line or several), side-effect and dynamic imports. */
function specifiersIn(source: string) {
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ]
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]))
}

/** The app-relative path a specifier points to, or null for a package. */
function resolveInApp(file: string, specifier: string) {
  if (specifier.startsWith('~/')) return specifier.slice(2)
  if (specifier.startsWith('.'))
    return path.relative(APP, path.resolve(path.dirname(file), specifier))
  return null
}

function layerOf(appPath: string): Layer {
  const top = appPath.split(path.sep)[0]
  return top === 'backend' || top === 'contract' ? top : 'web'
}

/** Each import from a file of one layer into another layer, as "file → app path". */
function crossings(from: Layer, into: Layer[], allowed: Set<string> = new Set()) {
  return sourceFiles(APP).flatMap((file) => {
    const relative = path.relative(APP, file)
    if (layerOf(relative) !== from || allowed.has(relative)) return []
    return specifiersIn(fs.readFileSync(file, 'utf8'))
      .map((specifier) => resolveInApp(file, specifier))
      .filter((target): target is string => target !== null && into.includes(layerOf(target)))
      .map((target) => `${relative} → ${target}`)
  })
}

test('the web layer reaches app/backend only through the API client and the /api/v1 mount', () => {
  expect(crossings('web', ['backend'], WEB_DOORS_TO_THE_API)).toEqual([])
})

test('the API imports nothing from the web layer (utils, routes, features, components, root modules)', () => {
  expect(crossings('backend', ['web'])).toEqual([])
})

test('the contract imports nothing from either layer', () => {
  expect(crossings('contract', ['backend', 'web'])).toEqual([])
})

/** Each import from a file under one app folder into any of the others, as "file → app path". */
function importsBetween(from: string, into: string[]) {
  return sourceFiles(path.join(APP, from)).flatMap((file) => {
    const relative = path.relative(APP, file)
    return specifiersIn(fs.readFileSync(file, 'utf8'))
      .map((specifier) => resolveInApp(file, specifier))
      .filter(
        (target): target is string =>
          target !== null && into.some((folder) => isUnder(target, folder)),
      )
      .map((target) => `${relative} → ${target}`)
  })
}

const isUnder = (appPath: string, folder: string) =>
  appPath === folder || appPath.startsWith(folder + path.sep)

/** The room of app/backend a path lies in: its folder, or the file itself for a module at the top. */
function backendRoom(appPath: string) {
  const [, first, second] = appPath.split(path.sep)
  return second === undefined ? first.replace(/\.tsx?$/, '') : first
}

/** Pairs of app/backend rooms that import each other, each with the imports both ways. */
function backendRoomsImportingEachOther() {
  const imports = new Map<string, string[]>()
  for (const line of importsBetween('backend', ['backend'])) {
    const [file, target] = line.split(' → ')
    const from = backendRoom(file)
    const to = backendRoom(target)
    if (from === to) continue
    const key = `${from} → ${to}`
    imports.set(key, [...(imports.get(key) ?? []), line])
  }
  return [...imports.keys()]
    .map((key) => key.split(' → '))
    .filter(([from, to]) => from < to && imports.has(`${to} → ${from}`))
    .map(([from, to]) => ({
      rooms: `${from} ↔ ${to}`,
      imports: [...imports.get(`${from} → ${to}`)!, ...imports.get(`${to} → ${from}`)!],
    }))
}

test('no two app/backend folders import each other: a tool both use lives in a room of its own', () => {
  expect(backendRoomsImportingEachOther()).toEqual([])
})

test('shared widgets (app/components) import nothing from features or routes: they are handed what they show', () => {
  expect(importsBetween('components', ['features', 'routes'])).toEqual([])
})

describe('the import reader', () => {
  test('finds every form an import can take', () => {
    const source = [
      "import { a } from '~/utils/format'",
      "import type { B } from '../utils/env.server'",
      "import {\n  c,\n  d,\n} from '~/features/people/x'",
      "import '~/components/side-effect'",
      "export { e } from '../../routes/_app'",
      "export * from '~/utils/intl'",
      "const f = await import('~/utils/late')",
      "const text = 'a string that says from nowhere'",
    ].join('\n')
    expect(specifiersIn(source)).toEqual([
      '~/utils/format',
      '../utils/env.server',
      '~/features/people/x',
      '../../routes/_app',
      '~/utils/intl',
      '~/components/side-effect',
      '~/utils/late',
    ])
  })

  test('resolves relative paths into the layer they reach', () => {
    const file = path.join(APP, 'backend/subscriptions/jobs.ts')
    expect(layerOf(resolveInApp(file, '../../utils/format')!)).toBe('web')
    expect(layerOf(resolveInApp(file, '../config')!)).toBe('backend')
    expect(layerOf(resolveInApp(file, '~/contract/format')!)).toBe('contract')
    expect(layerOf(resolveInApp(path.join(APP, 'root.tsx'), './backend')!)).toBe('backend')
    expect(resolveInApp(file, 'drizzle-orm')).toBeNull()
  })

  test('names the app/backend room of a path: its folder, or a module at the top by itself', () => {
    expect(backendRoom(path.join('backend', 'pdf', 'kit.ts'))).toBe('pdf')
    expect(backendRoom(path.join('backend', 'subscriptions', 'plans'))).toBe('subscriptions')
    expect(backendRoom(path.join('backend', 'csv.ts'))).toBe('csv')
    expect(backendRoom(path.join('backend', 'csv'))).toBe('csv')
  })
})
