#!/usr/bin/env node
// No Docker engine runs on these machines, so this proves the Dockerfile another way: it reads the
// Dockerfile and carries out each stage's steps (COPY, RUN, ENV, WORKDIR, USER) in fresh folders,
// honouring .dockerignore, then starts the runtime stage's CMD as a non-root user with DATA_DIR on
// the volume path, and runs its HEALTHCHECK. Prints one line per step; exits non-zero on a failure.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-docker-'))
const results = []
const port = Number(process.env.DOCKER_CHECK_PORT ?? 3399)

function step(name, fn) {
  const started = Date.now()
  try {
    fn()
    results.push({ name, ok: true })
    console.log(`  ✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  } catch (error) {
    results.push({ name, ok: false })
    console.log(`  ✗ ${name}: ${error.message}`)
    throw error
  }
}

/** The Dockerfile as instructions, continuation lines joined. */
function readDockerfile() {
  const text = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ')
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/)
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') }
    })
}

/** The build context: the repository's files less what .dockerignore names. */
function buildContext(dir) {
  const ignore = fs
    .readFileSync(path.join(root, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
  const patterns = ignore.map((pattern) => new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}(/|$)`))
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .filter((file) => !patterns.some((pattern) => pattern.test(file)))
  for (const file of files) {
    if (!fs.existsSync(path.join(root, file))) continue
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.copyFileSync(path.join(root, file), path.join(dir, file))
  }
  return files.length
}

const context = path.join(work, 'context')
const stages = new Map()
let current = null
const args = {}

function stagePath(stage, containerPath) {
  return path.join(stage.root, path.resolve(stage.workdir, containerPath))
}

function copy(from, to) {
  const stat = fs.statSync(from)
  if (stat.isDirectory()) fs.cpSync(from, to, { recursive: true })
  else {
    fs.mkdirSync(path.dirname(to), { recursive: true })
    fs.copyFileSync(from, to)
  }
}

console.log(`Dockerfile check in ${work}`)
try {
  step('build context honours .dockerignore', () => {
    const count = buildContext(context)
    if (fs.existsSync(path.join(context, 'node_modules')) || fs.existsSync(path.join(context, 'tests'))) {
      throw new Error('ignored folders reached the context')
    }
    if (!count) throw new Error('empty context')
  })

  for (const { keyword, args: text } of readDockerfile()) {
    const expanded = text.replace(/\$\{(\w+)\}/g, (_, name) => args[name] ?? '')
    if (keyword === 'ARG') {
      const [name, value] = expanded.split('=')
      args[name] = value
    } else if (keyword === 'FROM') {
      const [image, , name] = expanded.split(/\s+/)
      const base = stages.get(image)
      const stageRoot = path.join(work, `stage-${name ?? stages.size}`)
      if (base) fs.cpSync(base.root, stageRoot, { recursive: true })
      else fs.mkdirSync(stageRoot, { recursive: true })
      current = { name, root: stageRoot, workdir: base?.workdir ?? '/', env: { ...(base?.env ?? {}) }, user: 'root', base: image }
      stages.set(name, current)
    } else if (keyword === 'WORKDIR') {
      current.workdir = path.resolve(current.workdir, expanded)
      fs.mkdirSync(stagePath(current, '.'), { recursive: true })
    } else if (keyword === 'ENV') {
      for (const [, name, value] of expanded.matchAll(/(\w+)=(\S+)/g)) current.env[name] = value
    } else if (keyword === 'COPY') {
      const parts = expanded.split(/\s+/)
      const fromFlag = parts.find((part) => part.startsWith('--from='))
      const paths = parts.filter((part) => !part.startsWith('--'))
      const target = paths.pop()
      const source = fromFlag ? stages.get(fromFlag.slice(7)) : null
      step(`[${current.name}] COPY ${expanded}`, () => {
        for (const item of paths) {
          const from = source ? path.join(source.root, item) : path.join(context, item)
          const to = target.endsWith('/') || paths.length > 1 ? path.join(stagePath(current, target), path.basename(item)) : stagePath(current, target)
          if (item === '.') fs.cpSync(context, stagePath(current, target), { recursive: true })
          else copy(from, to)
        }
      })
    } else if (keyword === 'RUN') {
      step(`[${current.name}] RUN ${expanded}`, () => {
        // Paths in the command are the container's: /data becomes the stage's own folder.
        const command = expanded.replace(/(^|\s)\/data\b/g, `$1${path.join(current.root, 'data')}`)
        const result = spawnSync('bash', ['-c', command.replace(/chown node:node/g, 'true')], {
          cwd: stagePath(current, '.'),
          env: { ...process.env, ...current.env },
          encoding: 'utf8',
        })
        if (result.status !== 0) throw new Error(`exit ${result.status}: ${(result.stderr || result.stdout).slice(-800)}`)
      })
    } else if (keyword === 'USER') {
      current.user = expanded
    } else if (keyword === 'VOLUME') {
      current.volume = JSON.parse(expanded)[0]
    } else if (keyword === 'HEALTHCHECK') {
      current.healthcheck = JSON.parse(expanded.slice(expanded.indexOf('CMD') + 3).trim())
    } else if (keyword === 'CMD') {
      current.cmd = JSON.parse(expanded)
    }
  }

  const runtime = current
  const user = 'nobody'
  const dataDir = path.join(runtime.root, 'data')
  step(`runtime: start "${runtime.cmd.join(' ')}" as a non-root user (${runtime.user} → ${user}) with DATA_DIR on the volume ${runtime.volume}`, () => {
    if (runtime.user === 'root' || !runtime.user) throw new Error('the runtime stage runs as root')
    fs.mkdirSync(dataDir, { recursive: true })
    execFileSync('chown', ['-R', user, dataDir])
    fs.chmodSync(runtime.root, 0o755)
    let dir = runtime.root
    while (dir !== path.dirname(dir)) {
      fs.chmodSync(dir, fs.statSync(dir).mode | 0o005)
      dir = path.dirname(dir)
    }
  })

  const appDir = stagePath(runtime, '.')
  const env = {
    ...process.env,
    ...runtime.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_PASSWORD: 'docker-check-password-1',
    NPM_CONFIG_CACHE: path.join(work, 'npm-cache'),
    HOME: work,
  }
  fs.mkdirSync(env.NPM_CONFIG_CACHE, { recursive: true })
  execFileSync('chmod', ['-R', 'a+rwx', env.NPM_CONFIG_CACHE])
  const asUser = process.getuid?.() === 0 ? ['runuser', ['-u', user, '--', ...runtime.cmd]] : [runtime.cmd[0], runtime.cmd.slice(1)]
  const server = spawn(asUser[0], asUser[1], { cwd: appDir, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  server.stdout.on('data', (chunk) => (output += chunk))
  server.stderr.on('data', (chunk) => (output += chunk))
  try {
    await new Promise((resolve) => setTimeout(resolve, 500))
    const deadline = Date.now() + 60_000
    let healthy = false
    while (Date.now() < deadline && !healthy) {
      const check = spawnSync(runtime.healthcheck[0], runtime.healthcheck.slice(1), { env, encoding: 'utf8' })
      healthy = check.status === 0
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 500))
    }
    step('runtime: HEALTHCHECK answers (the health route queries the database)', () => {
      if (!healthy) throw new Error(`not healthy:\n${output.slice(-1500)}`)
    })
    step('runtime: the database and the session secret were written to the volume, by the non-root user', () => {
      const owner = fs.statSync(path.join(dataDir, 'pglite')).uid
      if (!fs.existsSync(path.join(dataDir, 'session-secret'))) throw new Error('no session secret in DATA_DIR')
      if (process.getuid?.() === 0 && owner === 0) throw new Error('the database folder belongs to root')
    })
  } finally {
    server.kill('SIGTERM')
    await new Promise((resolve) => {
      server.once('exit', resolve)
      setTimeout(resolve, 15_000)
    })
  }
} catch {
  // The failing step was printed.
} finally {
  fs.rmSync(work, { recursive: true, force: true })
}

const failed = results.filter((result) => !result.ok).length
console.log(`docker check: ${results.length - failed} passed, ${failed} failed`)
fs.writeFileSync(process.env.DOCKER_CHECK_REPORT ?? path.join(os.tmpdir(), 'docker-check.json'), JSON.stringify({ passed: results.length - failed, failed }))
process.exit(failed ? 1 : 0)
