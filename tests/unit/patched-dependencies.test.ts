/**
 * The dependencies we patch at install (patches/, applied by patch-package from `postinstall`).
 * These fail when the installed package is not the version a patch was written for (an upgrade:
 * the patch must be redone against the new files), when the patched code is missing from
 * node_modules (the postinstall did not run), and when the patched Remix no longer behaves as the
 * app expects.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Writable } from 'node:stream'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import type { AgnosticRouteObject } from '@remix-run/router'
import * as React from 'react'
import { describe, expect, test } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const PATCHES = path.join(ROOT, 'patches')

type Patch = { file: string; name: string; version: string; files: { path: string; hunks: string[][] }[] }

/** patches/@scope+name+1.2.3.patch → @scope/name, 1.2.3, and each hunk's lines as they read once patched. */
function readPatch(file: string): Patch {
  const match = /^(.+)\+(\d+\.\d+\.\d+[^+]*)\.patch$/.exec(file)
  if (!match) throw new Error(`${file}: not named <package>+<version>.patch`)
  const files: Patch['files'] = []
  let hunk: string[] | null = null
  for (const line of fs.readFileSync(path.join(PATCHES, file), 'utf8').split('\n')) {
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
  return { file, name: match[1].replace('+', '/'), version: match[2], files }
}

/** node_modules/@remix-run/router/dist/router.cjs.js of 1.23.3 once patched: redo the patch when this changes. */
const PATCHED_ROUTER_SHA256 = 'e9b945e405bcdef18ed4f8457d0a7c2f022953b615b2ececa11c1db828c241e7'
/** @remix-run/react 2.17.5's dist/server.js and react-router-dom 6.30.4's server.js, once patched. */
const PATCHED_REMIX_SERVER_SHA256 = 'f932abbffa58470c27b1c1bcb21a5c2226d47e2921d420d3c2823e5067dcbe29'
const PATCHED_STATIC_ROUTER_SHA256 = '816c87d71d002de912eaab3aae0d915538245a209cd96b16c7983920cac67c10'
/** react-dom 18.3.1's cjs/react-dom-server.node.production.min.js once patched. */
const PATCHED_PAGE_WRITER_SHA256 = '14397d8fa6167483df20cc7c035027faeb2f988522e93e9fa3e1012c5178ef36'
const sha256Of = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(path.join(ROOT, file))).digest('hex')

/**
 * A two-route server build (root and one page under it), as the compiler would write it: `modules`
 * are the route modules, `entry` the server entry's exports.
 */
function twoRouteBuild({ pagePath, modules, entry, hasAction }: {
  pagePath: string
  modules: { root: object; page: object }
  entry: Record<string, unknown>
  hasAction: boolean
}) {
  const assetRoute = (id: string, parentId: string | undefined, routePath: string) => ({
    id, parentId, path: routePath, module: `/build/${id}.js`, hasAction, hasLoader: true,
    hasClientAction: false, hasClientLoader: false, hasErrorBoundary: 'ErrorBoundary' in modules.page,
  })
  const build = {
    mode: 'production',
    publicPath: '/build/',
    assetsBuildDirectory: 'public/build',
    isSpaMode: false,
    future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_lazyRouteDiscovery: true, v3_singleFetch: true },
    entry: { module: entry },
    routes: {
      root: { id: 'root', path: '', module: modules.root },
      'routes/page': { id: 'routes/page', parentId: 'root', path: pagePath, module: modules.page },
    },
    assets: {
      version: 'test',
      url: '/build/manifest.js',
      entry: { module: '/build/entry.client.js', imports: [] },
      routes: { root: assetRoute('root', undefined, ''), 'routes/page': assetRoute('routes/page', 'root', pagePath) },
    },
  }
  return createRequestHandler(build as unknown as ServerBuild, 'production')
}

const patches = fs.readdirSync(PATCHES).filter((file) => file.endsWith('.patch')).map(readPatch)

test('every patch is named for the exact version installed, and its code is in node_modules', () => {
  expect(patches.map((patch) => patch.name)).toContain('@remix-run/server-runtime')
  for (const patch of patches) {
    const installed = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', patch.name, 'package.json'), 'utf8')).version
    expect(installed, `${patch.name} is ${installed}, ${patch.file} was written for ${patch.version}: redo the patch (README, "Patched dependencies")`).toBe(patch.version)
    expect(patch.files.length, patch.file).toBeGreaterThan(0)
    for (const { path: file, hunks } of patch.files) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8')
      for (const hunk of hunks) {
        expect(text.includes(hunk.join('\n')), `${file} lacks a hunk of ${patch.file}: did the postinstall (patch-package) run?`).toBe(true)
      }
    }
  }
})

describe('Remix as patched: a post another site sends runs neither action nor loader', () => {
  const ran: string[] = []
  const CROSS_SITE = 'Cross-site form posts are not allowed'
  /** The app's rule, reduced: an Origin that is not ours. */
  const refuseCrossSitePost = (request: Request) => {
    const origin = request.headers.get('origin')
    if (origin && new URL(origin).host !== request.headers.get('host')) throw new Response(CROSS_SITE, { status: 403 })
  }

  /** A two-route server build (root and /page), as the compiler would write it, with an entry that reports what rendered. */
  function handler(entryExports: Record<string, unknown>) {
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
        default: (_request: Request, status: number, headers: Headers, context: { staticHandlerContext: { errors: Record<string, { status: number; data: unknown }> | null } }) => {
          const errors = context.staticHandlerContext.errors ?? {}
          const shown = Object.keys(errors)[0]
          return Response.json({ status, boundary: shown ?? null, error: shown ? errors[shown].data : null }, { status, headers })
        },
        ...entryExports,
      },
    })
  }

  const post = (url: string, origin: string) =>
    new Request(`http://app.test${url}`, {
      method: 'POST',
      headers: { host: 'app.test', origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'field=value',
    })

  test('a page post: 403, shown by the root boundary, with nothing run', async () => {
    ran.length = 0
    const answer = await handler({ refuseCrossSitePost })(post('/page', 'https://evil.example'))
    expect(answer.status).toBe(403)
    expect(await answer.json()).toEqual({ status: 403, boundary: 'root', error: CROSS_SITE })
    expect(ran).toEqual([])
  })

  test("a script's post (single fetch): 403, with nothing run", async () => {
    ran.length = 0
    const answer = await handler({ refuseCrossSitePost })(post('/page.data', 'https://evil.example'))
    expect(answer.status).toBe(403)
    expect(await answer.text()).toContain(CROSS_SITE)
    expect(ran).toEqual([])
  })

  test('a post from our own pages runs its action and the loaders', async () => {
    ran.length = 0
    const answer = await handler({ refuseCrossSitePost })(post('/page', 'http://app.test'))
    expect(answer.status).toBe(200)
    expect(ran).toEqual(['page action', 'root loader', 'page loader'])
  })

  test("without the entry's refuseCrossSitePost, Remix's own check stands (a bare 500, nothing run)", async () => {
    ran.length = 0
    const errors: unknown[] = []
    const answer = await handler({ handleError: (error: unknown) => errors.push(error) })(post('/page', 'https://evil.example'))
    expect(answer.status).toBe(500)
    expect(String(errors[0])).toContain('does not match `origin` header')
    expect(ran).toEqual([])
  })
})

describe('@remix-run/router as patched: ranked branches and compiled patterns are cached, matching is unchanged', () => {
  const require = createRequire(import.meta.url)
  const ROUTER = path.join(ROOT, 'node_modules/@remix-run/router/dist/router.cjs.js')
  // What Node loads on the server (the CommonJS build, patched) and the browser build (not patched:
  // lazy route discovery adds routes on the client, and the server's routes never change).
  const patched = require(ROUTER) as typeof import('@remix-run/router')
  const upstream = import('@remix-run/router/dist/router.js' as string) as Promise<typeof import('@remix-run/router')>

  test('the patched file is the one the patch was written for (an upstream change must be looked at: README, "Patched dependencies")', () => {
    expect(patches.map((patch) => patch.name)).toContain('@remix-run/router')
    const sha256 = crypto.createHash('sha256').update(fs.readFileSync(ROUTER)).digest('hex')
    expect(sha256).toBe(PATCHED_ROUTER_SHA256)
  })

  type Route = AgnosticRouteObject
  /** The app's shape: a pathless layout, index routes, statics beside params, nested details, a splat, an optional segment. */
  const tree = (): Route[] => [
    {
      id: 'root',
      path: '',
      children: [
        { id: 'auth', children: [{ id: 'login', path: 'login' }, { id: 'register', path: 'register' }, { id: 'realtor-register', path: 'realtor/register' }] },
        {
          id: 'app',
          children: [
            { id: 'dashboard', index: true },
            { id: 'purchases', path: 'land-purchases' },
            { id: 'purchases-new', path: 'land-purchases/new' },
            { id: 'purchase', path: 'land-purchases/:reference', children: [{ id: 'purchase-index', index: true }, { id: 'purchase-edit', path: 'edit' }] },
            { id: 'receipt', path: 'subscriptions/:reference/transactions/:id/receipt' },
            { id: 'suspend', path: 'customers/:uuid/suspend' },
            { id: 'customer-new', path: 'customers/new' },
            { id: 'customer', path: 'customers/:reference' },
            { id: 'export', path: 'export/:list' },
            { id: 'lang-about', path: ':lang?/about' },
            { id: 'case', path: 'CaseSensitive', caseSensitive: true },
            { id: 'dashed', path: 'verify/:some-code' },
          ],
        },
        { id: 'terms', path: 'terms' },
        { id: 'splat', path: '*' },
      ],
    },
  ]
  const PATHS = [
    '/', '/login', '/register', '/realtor/register', '/land-purchases', '/land-purchases/', '/land-purchases/new',
    '/land-purchases/LP-0001', '/land-purchases/LP-0001/edit', '/land-purchases/LP%200001', '/LAND-PURCHASES/lp-1',
    '/subscriptions/SUB-1/transactions/42/receipt', '/customers/new', '/customers/CUS-1', '/customers/0b6c/suspend',
    '/export/customers', '/about', '/en/about', '/CaseSensitive', '/casesensitive', '/verify/abc-123', '/terms',
    '/nowhere', '/a/b/c', '/land-purchases/LP-1/edit/more',
  ]
  const shape = (matches: ReturnType<typeof patched.matchRoutes>) =>
    matches?.map((match) => ({ id: match.route.id, params: match.params, pathname: match.pathname, pathnameBase: match.pathnameBase })) ?? null

  test('every path matches the same routes, params and pathnames as upstream, the first time and from the cache', async () => {
    const original = await upstream
    expect(String(original.matchRoutes)).not.toContain('flattenAndRankRoutes')
    const routes = tree()
    for (const pathname of PATHS) {
      const expected = shape(original.matchRoutes(tree(), pathname))
      expect(shape(patched.matchRoutes(routes, pathname)), pathname).toEqual(expected)
      expect(shape(patched.matchRoutes(routes, pathname)), `${pathname}, again`).toEqual(expected)
      expect(shape(patched.matchRoutes(routes, `/base${pathname}`, '/base')), `${pathname} under a basename`).toEqual(shape(original.matchRoutes(tree(), `/base${pathname}`, '/base')))
    }
    expect(shape(patched.matchRoutes(routes, '/land-purchases/new'))?.at(-1)?.id).toBe('purchases-new')
    expect(shape(patched.matchRoutes(routes, '/a/b/c'))?.at(-1)).toEqual({ id: 'splat', params: { '*': 'a/b/c' }, pathname: '/a/b/c', pathnameBase: '/' })
  })

  test('matchPath answers as upstream for each pattern, end or not, case-sensitive or not', async () => {
    const original = await upstream
    for (const path of ['/land-purchases/:reference', '/land-purchases/:reference/*', '/:lang?/about', '/', '*', '/CaseSensitive']) {
      for (const end of [true, false]) {
        for (const caseSensitive of [true, false]) {
          for (const pathname of PATHS) {
            const pattern = { path, end, caseSensitive }
            expect(patched.matchPath(pattern, pathname), `${path} ${end} ${caseSensitive} ${pathname}`).toEqual(original.matchPath(pattern, pathname))
            expect(patched.matchPath(pattern, pathname)).toEqual(original.matchPath(pattern, pathname))
          }
        }
      }
    }
  })

  /** A tree whose every route counts the reads of its caseSensitive, which only flattening reads. */
  function countingTree() {
    const reads = { count: 0 }
    const watch = (routes: Route[]): Route[] =>
      routes.map((route) => {
        const copy = { ...route, children: route.children && watch(route.children) } as Route
        Object.defineProperty(copy, 'caseSensitive', { get: () => (reads.count++, route.caseSensitive), enumerable: true })
        return copy
      })
    return { routes: watch(tree()), reads }
  }

  test('a routes array is flattened and ranked once, however many requests match against it', () => {
    const { routes, reads } = countingTree()
    patched.matchRoutes(routes, '/land-purchases/LP-1/edit')
    const once = reads.count
    expect(once).toBeGreaterThan(0)
    for (const pathname of PATHS) patched.matchRoutes(routes, pathname)
    expect(reads.count).toBe(once)
  })

  test("matches answered from the cache are the caller's own: changing them changes no later answer", () => {
    const routes = tree()
    const first = patched.matchRoutes(routes, '/land-purchases/LP-1/edit')!
    ;(first[0].params as Record<string, string>).reference = 'changed'
    first.pop()
    const again = patched.matchRoutes(routes, '/land-purchases/LP-1/edit')!
    expect(shape(again)).toEqual(shape(patched.matchRoutes(tree(), '/land-purchases/LP-1/edit')))
    expect(again.map((match) => match.params.reference)).toEqual(['LP-1', 'LP-1', 'LP-1', 'LP-1'])
    // As upstream, every match of one answer holds the same params object.
    expect(new Set(again.map((match) => match.params)).size).toBe(1)
  })

  test('routes added by patchRoutes (lazy route discovery) are matched: the cache is dropped', () => {
    const router = patched.createRouter({
      routes: [{ id: 'root', path: '/', children: [{ id: 'home', index: true }] }],
      history: patched.createMemoryHistory(),
    })
    expect(patched.matchRoutes(router.routes, '/later')).toBeNull()
    router.patchRoutes('root', [{ id: 'later', path: 'later' }])
    expect(patched.matchRoutes(router.routes, '/later')?.at(-1)?.route.id).toBe('later')
    router.dispose()
  })
})

describe('@remix-run/react and react-router-dom as patched: a build\'s routes are made once for all renders', () => {
  test('the patched files are the ones the patches were written for (README, "Patched dependencies")', () => {
    expect(patches.map((patch) => patch.name)).toEqual(expect.arrayContaining(['@remix-run/react', 'react-router-dom']))
    expect(sha256Of('node_modules/@remix-run/react/dist/server.js')).toBe(PATCHED_REMIX_SERVER_SHA256)
    expect(sha256Of('node_modules/react-router-dom/server.js')).toBe(PATCHED_STATIC_ROUTER_SHA256)
  })

  test('the static router of the same routes has the same data routes, and each render its own matches', async () => {
    // What @remix-run/react's server entry loads: the CommonJS file (an import would get server.mjs).
    const { createStaticHandler, createStaticRouter } = createRequire(import.meta.url)(path.join(ROOT, 'node_modules/react-router-dom/server.js')) as typeof import('react-router-dom/server')
    const routes = [{ id: 'root', path: '/', children: [{ id: 'home', index: true }, { id: 'page', path: 'page/:id' }] }]
    const handler = createStaticHandler(routes)
    const contextOf = async (url: string) => (await handler.query(new Request(`http://app.test${url}`))) as Exclude<Awaited<ReturnType<typeof handler.query>>, Response>
    const one = createStaticRouter(routes, await contextOf('/page/1'))
    const two = createStaticRouter(routes, await contextOf('/page/2'))
    expect(two.routes).toBe(one.routes)
    expect(one.state.matches.map((match) => [match.route.id, match.params.id])).toEqual([['root', '1'], ['page', '1']])
    expect(two.state.matches.map((match) => [match.route.id, match.params.id])).toEqual([['root', '2'], ['page', '2']])
    expect(two.state.matches[1].route).toBe(two.routes[0].children![1])
    expect(createStaticRouter([...routes], await contextOf('/')).routes).not.toBe(one.routes)
  })

  test('two pages of one build render their own content, and the routes are built from the route modules once', async () => {
    const React = await import('react')
    const { renderToString } = await import('react-dom/server')
    const { RemixServer, Outlet, useLoaderData } = await import('@remix-run/react')
    const reads = { handle: 0 }
    const module = (id: string, Component: () => unknown) => ({
      default: Component,
      loader: ({ params }: { params: Record<string, string> }) => ({ id, item: params.item ?? null }),
      get handle() {
        reads.handle++
        return { id }
      },
    })
    const Page = () => React.createElement('p', null, `item ${(useLoaderData() as { item: string }).item}`)
    const handler = twoRouteBuild({
      pagePath: 'items/:item',
      hasAction: false,
      modules: { root: module('root', () => React.createElement(Outlet)), page: module('routes/item', Page) },
      entry: {
        default: (request: Request, status: number, headers: Headers, context: object) =>
          new Response(renderToString(React.createElement(RemixServer, { context: context as never, url: request.url })), { status, headers }),
      },
    })
    const page = async (url: string) => (await handler(new Request(`http://app.test${url}`))).text()
    expect(await page('/items/first')).toContain('item first')
    const afterFirst = reads.handle
    expect(await page('/items/second')).toContain('item second')
    expect(await page('/items/third')).toContain('item third')
    // Each render reads every route's handle for its matches (useMatches); building the routes read them all again.
    expect(reads.handle - afterFirst).toBeLessThan(afterFirst)
  })
})

describe('@remix-run/dev as patched: the browser build drops server-only imports its code no longer uses', () => {
  const require = createRequire(import.meta.url)
  const esbuild = require('esbuild') as typeof import('esbuild')
  const { emptyModulesPlugin } = require('@remix-run/dev/dist/compiler/plugins/emptyModules.js') as {
    emptyModulesPlugin: (ctx: { config: { appDirectory: string } }, filter: RegExp, options?: { includeNodeModules?: boolean }) => import('esbuild').Plugin
  }

  /** Two route modules, as the browser build sees them once their loaders are gone: one imports `data`, one a `.server` helper. */
  async function bundle() {
    const appDirectory = fs.mkdtempSync(path.join(ROOT, 'node_modules/.cache-empty-modules-'))
    try {
      fs.writeFileSync(path.join(appDirectory, 'helper.server.ts'), 'export const secret = 1\n')
      fs.writeFileSync(path.join(appDirectory, 'a.ts'), "import { data } from '@remix-run/node'\nexport const loader = () => data(1)\nexport default 'a'\n")
      fs.writeFileSync(path.join(appDirectory, 'b.ts'), "import { secret } from './helper.server'\nexport const loader = () => secret\nexport default 'b'\n")
      fs.writeFileSync(path.join(appDirectory, 'entry-a.ts'), "export { default } from './a'\n")
      fs.writeFileSync(path.join(appDirectory, 'entry-b.ts'), "export { default } from './b'\n")
      const ctx = { config: { appDirectory } }
      const result = await esbuild.build({
        entryPoints: [path.join(appDirectory, 'entry-a.ts'), path.join(appDirectory, 'entry-b.ts')],
        bundle: true, splitting: true, format: 'esm', write: false, outdir: path.join(appDirectory, 'out'), treeShaking: true,
        plugins: [
          emptyModulesPlugin(ctx, /\.server(\.[jt]sx?)?$/),
          emptyModulesPlugin(ctx, /^@remix-run\/(deno|cloudflare|node)(\/.*)?$/, { includeNodeModules: true }),
        ],
      })
      return result.outputFiles.map((file) => file.text)
    } finally {
      fs.rmSync(appDirectory, { recursive: true, force: true })
    }
  }

  test('no empty module is left in the output, nor a chunk of its own', async () => {
    const files = await bundle()
    expect(files).toHaveLength(2)
    for (const text of files) expect(text).not.toContain('module.exports')
  })
})

describe("react-dom as patched: the server's page writer gathers text and encodes it once per 8 KiB", () => {
  const require = createRequire(import.meta.url)
  // What the server loads in production (patched), and React's own string renderer (not patched).
  const STREAM_RENDERER = path.join(ROOT, 'node_modules/react-dom/cjs/react-dom-server.node.production.min.js')
  const STRING_RENDERER = path.join(ROOT, 'node_modules/react-dom/cjs/react-dom-server-legacy.node.production.min.js')

  test('the patched file is the one the patch was written for (an upstream change must be looked at: README, "Patched dependencies")', () => {
    expect(patches.map((patch) => patch.name)).toContain('react-dom')
    expect(sha256Of('node_modules/react-dom/cjs/react-dom-server.node.production.min.js')).toBe(PATCHED_PAGE_WRITER_SHA256)
  })

  test('a page streamed is byte for byte what React renders to a string, in a few large pieces', async () => {
    const { renderToPipeableStream } = require(STREAM_RENDERER) as typeof import('react-dom/server')
    const { renderToString } = require(STRING_RENDERER) as typeof import('react-dom/server')
    const h = React.createElement
    // Multi-byte text (naira, Yoruba diacritics, an emoji) across piece boundaries, escaping, a long run of text and a script.
    const page = h(
      'html',
      null,
      h(
        'body',
        null,
        h('ul', null, Array.from({ length: 400 }, (_, index) =>
          h('li', { key: index, className: `row row-${index}`, 'data-index': index }, `₦${index},000.00 — Ọ̀ṣun 🌍 `, h('b', null, 'x<y & "z"'), index),
        )),
        h('p', null, 'é'.repeat(9_000)),
        h('script', { dangerouslySetInnerHTML: { __html: 'var closing = "</x>"' } }),
      ),
    )
    const pieces: Buffer[] = []
    await new Promise<void>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(page, {
        onAllReady: () =>
          pipe(
            new Writable({
              write(piece: Buffer, _encoding, done) {
                pieces.push(piece)
                done()
              },
              final(done) {
                done()
                resolve()
              },
            }),
          ),
        onShellError: reject,
      })
    })
    const streamed = Buffer.concat(pieces).toString('utf8')
    expect(streamed).toBe(`<!DOCTYPE html>${renderToString(page)}`)
    expect(streamed.length).toBeGreaterThan(40_000)
    // Upstream writes a piece per 2,048 bytes (28 here); patched, one per 8,192 characters and the rest.
    expect(pieces.length).toBeLessThanOrEqual(Math.ceil(streamed.length / 8_192) + 1)
  })
})
