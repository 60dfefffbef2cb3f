#!/usr/bin/env node
// Route matching alone, on the app's route tree (read from the client manifest of the last build):
// the time of matchRoutes in the server's build of @remix-run/router (patched, patches/) and in
// its browser build (not patched), for the paths the bench loads. Usage: node bench/match-routes.mjs
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)
const patched = require(path.join(root, 'node_modules/@remix-run/router/dist/router.cjs.js'))
const upstream = await import(path.join(root, 'node_modules/@remix-run/router/dist/router.js'))

const manifestFile = fs.readdirSync(path.join(root, 'public/build')).find((file) => /^manifest-.*\.js$/.test(file))
const source = fs.readFileSync(path.join(root, 'public/build', manifestFile), 'utf8')
const manifest = JSON.parse(source.replace(/^window\.__remixManifest\s*=\s*/, '').replace(/;\s*$/, ''))

/** The tree as server-runtime builds it from the manifest (createRoutes). */
function tree(parentId) {
  return Object.values(manifest.routes)
    .filter((route) => route.parentId === parentId)
    .map((route) => ({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive, children: tree(route.id) }))
}
const routes = tree(undefined)
const PATHS = ['/login', '/', '/land-investments', '/subscriptions', '/investment-portfolio', '/customers', '/land-purchases/LP-0001', '/nowhere']

function time(router, rounds) {
  // CPU time, not wall time: the figure holds while other work shares the machine.
  const started = process.cpuUsage()
  for (let i = 0; i < rounds; i++) for (const pathname of PATHS) router.matchRoutes(routes, pathname)
  const used = process.cpuUsage(started)
  return (used.user + used.system) / (rounds * PATHS.length)
}
for (const router of [patched, upstream]) time(router, 200)
// Interleaved, and the median of each: another process's burst then touches both.
const runs = { patched: [], upstream: [] }
for (let i = 0; i < 7; i++) {
  runs.patched.push(time(patched, 500))
  runs.upstream.push(time(upstream, 500))
}
const median = (values) => Math.round(values.sort((a, b) => a - b)[values.length >> 1] * 10) / 10
const figures = { patched: median(runs.patched), upstream: median(runs.upstream) }
console.log(`${Object.keys(manifest.routes).length} routes, ${PATHS.length} paths; CPU µs per matchRoutes (median of 7):`, figures, `upstream/patched ×${Math.round((figures.upstream / figures.patched) * 10) / 10}`)
