/**
 * What we take from our dependencies as they are, and the one patch we apply (patches/, applied by
 * patch-package from `postinstall`). A patch is a verbatim backport of a fix made upstream and
 * names it (docs/patches.md). These fail when a patch names no upstream change, when the installed
 * package is not the version a patch was written for or its file is not the one patched (an
 * upgrade: drop the patch if the release has the fix, otherwise redo it), when the patched code is
 * missing from node_modules (the postinstall did not run), and when Remix stops refusing a
 * cross-site post before any action or loader runs.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import { describe, expect, test } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const PATCHES = path.join(ROOT, 'patches')

type Patch = {
  file: string
  name: string
  version: string
  header: string
  files: { path: string; hunks: string[][] }[]
}

/** patches/@scope+name+1.2.3.patch → @scope/name, 1.2.3, the text before its diff, and each hunk's lines as they read once patched. */
function readPatch(file: string): Patch {
  const match = /^(.+)\+(\d+\.\d+\.\d+[^+]*)\.patch$/.exec(file)
  if (!match) throw new Error(`${file}: not named <package>+<version>.patch`)
  const text = fs.readFileSync(path.join(PATCHES, file), 'utf8')
  const files: Patch['files'] = []
  let hunk: string[] | null = null
  for (const line of text.split('\n')) {
    const target = /^\+\+\+ b\/(.+)$/.exec(line)
    if (target) {
      files.push({ path: target[1], hunks: [] })
      hunk = null
    } else if (line.startsWith('@@')) {
      hunk = []
      files.at(-1)!.hunks.push(hunk)
    } else if (hunk && (line.startsWith(' ') || line.startsWith('+'))) {
      hunk.push(line.slice(1))
    }
  }
  return {
    file,
    name: match[1].replace('+', '/'),
    version: match[2],
    header: text.slice(0, text.indexOf('diff --git')),
    files,
  }
}

/** Each patched file's SHA-256 once patched, so an upstream change of the file is noticed. */
const PATCHED_FILES_SHA256: Record<string, string> = {
  'node_modules/@remix-run/node/dist/stream.js':
    'fe8111e6bce5ac7245acf5d3769852794681c25a3f9ec6d009c00b347ebd53d2',
}
const sha256Of = (file: string) =>
  crypto
    .createHash('sha256')
    .update(fs.readFileSync(path.join(ROOT, file)))
    .digest('hex')

const patches = fs
  .readdirSync(PATCHES)
  .filter((file) => file.endsWith('.patch'))
  .map(readPatch)

describe('patches', () => {
  test('at most two, each naming the upstream commit or pull request it backports', () => {
    expect(patches.length).toBeLessThanOrEqual(2)
    for (const patch of patches) {
      expect(patch.header, patch.file).toMatch(
        /https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/(pull|commit)\/\w+/,
      )
      expect(patch.header, patch.file).toMatch(/backport/i)
    }
  })

  test('each is named for the exact version installed, and its code is in node_modules', () => {
    for (const patch of patches) {
      const installed = JSON.parse(
        fs.readFileSync(path.join(ROOT, 'node_modules', patch.name, 'package.json'), 'utf8'),
      ).version
      expect(
        installed,
        `${patch.name} is ${installed}, ${patch.file} was written for ${patch.version}: drop or redo the patch (docs/patches.md)`,
      ).toBe(patch.version)
      expect(patch.files.length, patch.file).toBeGreaterThan(0)
      for (const { path: file, hunks } of patch.files) {
        const text = fs.readFileSync(path.join(ROOT, file), 'utf8')
        for (const hunk of hunks) {
          expect(
            text.includes(hunk.join('\n')),
            `${file} lacks a hunk of ${patch.file}: did the postinstall (patch-package) run?`,
          ).toBe(true)
        }
      }
    }
  })

  test('each patched file is the one the patch was written for', () => {
    const patched = patches.flatMap((patch) => patch.files.map((file) => file.path))
    expect(patched.sort()).toEqual(Object.keys(PATCHED_FILES_SHA256).sort())
    for (const file of patched)
      expect(sha256Of(file), `${file} changed upstream: look at docs/patches.md`).toBe(
        PATCHED_FILES_SHA256[file],
      )
  })
})

/**
 * A two-route server build (root and one page under it), as the compiler would write it: `modules`
 * are the route modules, `entry` the server entry's exports.
 */
function twoRouteBuild({
  pagePath,
  modules,
  entry,
  hasAction,
}: {
  pagePath: string
  modules: { root: object; page: object }
  entry: Record<string, unknown>
  hasAction: boolean
}) {
  const assetRoute = (id: string, parentId: string | undefined, routePath: string) => ({
    id,
    parentId,
    path: routePath,
    module: `/build/${id}.js`,
    hasAction,
    hasLoader: true,
    hasClientAction: false,
    hasClientLoader: false,
    hasErrorBoundary: 'ErrorBoundary' in modules.page,
  })
  const build = {
    mode: 'production',
    publicPath: '/build/',
    assetsBuildDirectory: 'public/build',
    isSpaMode: false,
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_lazyRouteDiscovery: true,
      v3_singleFetch: true,
    },
    entry: { module: entry },
    routes: {
      root: { id: 'root', path: '', module: modules.root },
      'routes/page': { id: 'routes/page', parentId: 'root', path: pagePath, module: modules.page },
    },
    assets: {
      version: 'test',
      url: '/build/manifest.js',
      entry: { module: '/build/entry.client.js', imports: [] },
      routes: {
        root: assetRoute('root', undefined, ''),
        'routes/page': assetRoute('routes/page', 'root', pagePath),
      },
    },
  }
  return createRequestHandler(build as unknown as ServerBuild, 'production')
}

describe('Remix, unpatched: a post whose Origin names another host runs neither action nor loader', () => {
  const ran: string[] = []

  /** A two-route server build (root and /page), as the compiler would write it, with an entry that reports what rendered. */
  function handler(errors: unknown[]) {
    const module = (id: string) => ({
      default: () => null,
      ErrorBoundary: () => null,
      loader: () => (ran.push(`${id} loader`), { id }),
      action: () => (ran.push(`${id} action`), { done: true }),
    })
    return twoRouteBuild({
      pagePath: 'page',
      hasAction: true,
      modules: { root: module('root'), page: module('page') },
      entry: {
        default: (_request: Request, status: number, headers: Headers) =>
          new Response('rendered', { status, headers }),
        handleError: (error: unknown) => errors.push(error),
      },
    })
  }

  const post = (url: string, origin: string) =>
    new Request(`http://app.test${url}`, {
      method: 'POST',
      headers: { host: 'app.test', origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'field=value',
    })

  test.each([
    ['a page post', '/page', 'https://evil.example', ''],
    [
      "a script's post (single fetch)",
      '/page.data',
      'https://evil.example',
      'Unexpected Server Error',
    ],
    ['a page post from a sandboxed frame (Origin: null)', '/page', 'null', ''],
  ])(
    '%s: a 500 saying nothing of the app, nothing run, the refusal reported to handleError',
    async (_, url, origin, said) => {
      ran.length = 0
      const errors: unknown[] = []
      const answer = await handler(errors)(post(url, origin))
      expect(answer.status).toBe(500)
      const text = await answer.text()
      if (said) expect(text).toContain(said)
      else expect(text).toBe('')
      expect(String(errors[0])).toContain('does not match `origin` header')
      expect(ran).toEqual([])
    },
  )

  test('a post from our own pages runs its action and the loaders', async () => {
    ran.length = 0
    const answer = await handler([])(post('/page', 'http://app.test'))
    expect(answer.status).toBe(200)
    expect(ran).toEqual(['page action', 'root loader', 'page loader'])
  })
})
