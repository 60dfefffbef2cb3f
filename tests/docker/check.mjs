#!/usr/bin/env node
// No Docker engine runs on these machines, so this proves the Dockerfile another way: it reads the
// Dockerfile and carries out each stage's steps (COPY, RUN, ENV, WORKDIR, USER) in fresh folders,
// honouring .dockerignore, then starts the runtime stage's CMD and tries its HEALTHCHECK.
//
// Run as root, each stage folder is the container's file system: every RUN, the CMD and the
// HEALTHCHECK run chrooted into it (in a private mount namespace with the host's /usr and /etc
// mounted read-only, and the base image's users), so DATA_DIR, the VOLUME, the RUN's chown and the
// USER are used exactly as the Dockerfile writes them. Not root, the steps that need it (a chown,
// container paths, switching user) are reported as skipped, with the reason.
//
// compose.yaml (several instances behind Caddy) is checked as written: its services, health checks,
// environment, volume and the Caddyfile's upstreams.
//
// Usage: node tests/docker/check.mjs [path/to/Dockerfile]   (or DOCKERFILE=path; default ./Dockerfile)
// Prints one line per step and `docker check: N passed, N failed, N skipped`; exits non-zero when
// anything failed, whether in a step or not.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createRequire } from 'node:module'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const dockerfile = path.resolve(
  process.argv[2] ?? process.env.DOCKERFILE ?? path.join(root, 'Dockerfile'),
)
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-docker-'))
const port = Number(process.env.DOCKER_CHECK_PORT ?? 3399)
const isRoot = process.getuid?.() === 0
const NOT_ROOT = `the checker is not root (uid ${process.getuid?.()}), so it cannot chroot into the stage, run a chown or switch to another user; run it as root for this check`
/** @type {{ name: string, status: 'passed' | 'failed' | 'skipped' }[]} */
const results = []

class StepFailed extends Error {}

function step(name, fn) {
  const started = Date.now()
  try {
    const value = fn()
    results.push({ name, status: 'passed' })
    console.log(`  ✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
    return value
  } catch (error) {
    results.push({ name, status: 'failed' })
    console.log(`  ✗ ${name}: ${error.message}`)
    throw new StepFailed(error.message)
  }
}

function skip(name, reason) {
  results.push({ name, status: 'skipped' })
  console.log(`  - ${name}: skipped, ${reason}`)
}

/** The base images' users (what the image's /etc/passwd holds); node images add `node`. */
function baseImageUsers(image) {
  const users = [{ name: 'root', uid: 0, gid: 0, home: '/root' }]
  if (/^(docker\.io\/)?(library\/)?node[:@]/.test(image))
    users.push({ name: 'node', uid: 1000, gid: 1000, home: '/home/node' })
  return users
}

/** The Dockerfile as instructions: continuation lines joined, comments dropped. */
function readDockerfile(file) {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/)
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') }
    })
}

/** JSON (exec) form as an argv; shell form runs through /bin/sh -c, as Docker does. */
function commandOf(text) {
  const trimmed = text.trim()
  if (trimmed.startsWith('[')) return JSON.parse(trimmed)
  return ['/bin/sh', '-c', trimmed]
}

/** `ENV a=b c="d e"` and the older `ENV a b`. */
function parseEnv(text) {
  const pairs = [...text.matchAll(/(\w+)=("([^"]*)"|'([^']*)'|\S+)/g)]
  if (!pairs.length) {
    const [name, ...value] = text.split(/\s+/)
    return { [name]: value.join(' ') }
  }
  return Object.fromEntries(pairs.map((match) => [match[1], match[3] ?? match[4] ?? match[2]]))
}

/** The build context: the repository's files less what .dockerignore names. */
function buildContext(dir) {
  const ignore = fs
    .readFileSync(path.join(root, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
  const patterns = ignore.map(
    (pattern) =>
      new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}(/|$)`),
  )
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
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

/** A fresh container file system: mount points for the host's /usr, /etc, /dev and /proc, its own /tmp. */
function emptyImage(stageRoot) {
  for (const dir of ['usr', 'etc', 'dev', 'proc', 'root', 'tmp', 'home'])
    fs.mkdirSync(path.join(stageRoot, dir), { recursive: true })
  fs.chmodSync(path.join(stageRoot, 'tmp'), 0o1777)
  for (const [link, target] of [
    ['bin', 'usr/bin'],
    ['lib', 'usr/lib'],
    ['lib64', 'usr/lib64'],
    ['sbin', 'usr/sbin'],
  ]) {
    fs.symlinkSync(target, path.join(stageRoot, link))
  }
}

function userOf(stage, name) {
  const [userName] = String(name).split(':')
  const user = stage.users.find(
    (candidate) => candidate.name === userName || String(candidate.uid) === userName,
  )
  if (!user)
    throw new Error(
      `USER ${name}: no such user in the image (it has ${stage.users.map((u) => u.name).join(', ')})`,
    )
  return user
}

const quote = (value) => `'${String(value).replace(/'/g, `'\\''`)}'`

/**
 * argv run inside the stage's file system as `user`, from `cwd` (container paths): chrooted in a
 * private mount namespace, so the mounts vanish with the process and the host never sees them.
 */
function containerCommand(stage, argv, { user, cwd }) {
  const passwd = path.join(work, `${stage.name}-passwd`)
  const group = path.join(work, `${stage.name}-group`)
  fs.writeFileSync(
    passwd,
    stage.users.map((u) => `${u.name}:x:${u.uid}:${u.gid}::${u.home}:/bin/sh`).join('\n') + '\n',
  )
  fs.writeFileSync(group, stage.users.map((u) => `${u.name}:x:${u.gid}:`).join('\n') + '\n')
  const r = quote(stage.root)
  const mounts = [
    `mount --bind /usr ${r}/usr && mount -o remount,bind,ro ${r}/usr`,
    `mount --bind /etc ${r}/etc && mount -o remount,bind,ro ${r}/etc`,
    `mount --bind ${quote(passwd)} ${r}/etc/passwd`,
    `mount --bind ${quote(group)} ${r}/etc/group`,
    `mount --bind /dev ${r}/dev`,
    `mount -t proc proc ${r}/proc`,
  ]
  // Root's npm cache and configuration: the host's, so `npm ci` needs no second download.
  if (user.uid === 0 && process.env.HOME === '/root') mounts.push(`mount --bind /root ${r}/root`)
  const inside = `cd ${quote(cwd)} && exec "$@"`
  const script = `set -e; ${mounts.join('; ')}; exec chroot --userspec=${user.uid}:${user.gid} --groups=${user.gid} ${r} /bin/sh -c ${quote(inside)} sh ${argv.map(quote).join(' ')}`
  return ['unshare', ['--mount', '--propagation', 'private', '--', 'bash', '-c', script]]
}

/** The environment a process in the container sees: the stage's ENV, plus `extra` (as `docker run -e`). */
function containerEnv(stage, user, extra = {}) {
  return {
    PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    HOME: user.home,
    // The host's network settings for npm (proxy, registry) pass through, as a build network would give them.
    ...Object.fromEntries(
      Object.entries(process.env).filter(([key]) =>
        /^(https?_proxy|no_proxy|npm_config_registry)$/i.test(key),
      ),
    ),
    ...stage.env,
    ...extra,
  }
}

const context = path.join(work, 'context')
const stages = new Map()
const args = {}
let current = null

function stagePath(stage, containerPath) {
  return path.join(stage.root, path.resolve(stage.workdir, containerPath))
}

function copy(from, to) {
  const stat = fs.statSync(from)
  if (stat.isDirectory()) fs.cpSync(from, to, { recursive: true, verbatimSymlinks: true })
  else {
    fs.mkdirSync(path.dirname(to), { recursive: true })
    fs.copyFileSync(from, to)
  }
}

function expand(text, env) {
  return text.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, braced, bare) => env[braced ?? bare] ?? '')
}

/** Runs a RUN step's command. Not root, one that needs a chown or a container path is skipped. */
function runStep(stage, text) {
  const name = `[${stage.name}] RUN ${text}`
  const argv = commandOf(text)
  if (isRoot) {
    step(name, () => {
      const user = userOf(stage, stage.user)
      const [file, fileArgs] = containerCommand(stage, argv, { user, cwd: stage.workdir })
      const result = spawnSync(file, fileArgs, {
        env: containerEnv(stage, user),
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      })
      if (result.status !== 0)
        throw new Error(
          `exit ${result.status}: ${(result.stderr || result.stdout || String(result.error)).slice(-800)}`,
        )
    })
    return
  }
  if (/\bchown\b/.test(text) || /(^|[\s=:;&|])\/(?!dev\/null)\w/.test(text)) {
    skip(name, `it changes owners or container paths outside WORKDIR, and ${NOT_ROOT}`)
    return
  }
  step(name, () => {
    const result = spawnSync(argv[0], argv.slice(1), {
      cwd: stagePath(stage, '.'),
      env: { ...process.env, ...stage.env },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
    if (result.status !== 0)
      throw new Error(
        `exit ${result.status}: ${(result.stderr || result.stdout || String(result.error)).slice(-800)}`,
      )
  })
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * compose.yaml (several instances on one PostgreSQL behind Caddy), read as written: Docker Compose
 * cannot run here either. `declared` is what the Dockerfile's runtime stage declares.
 */
function checkCompose(declared) {
  const file = path.join(root, 'compose.yaml')
  const compose = step('compose.yaml: reads as YAML', () => {
    if (!fs.existsSync(file)) throw new Error('no compose.yaml at the top of the repository')
    // yaml comes with the dev tools (vite, patch-package, the OpenAPI validator); the check runs from a checkout.
    return requireFromRoot('yaml').parse(fs.readFileSync(file, 'utf8'), { merge: true })
  })
  const services = compose.services ?? {}
  const volumes = Object.keys(compose.volumes ?? {})
  const env = (service) =>
    Array.isArray(service.environment)
      ? Object.fromEntries(service.environment.map((item) => item.split(/=(.*)/s).slice(0, 2)))
      : (service.environment ?? {})
  const dependsOnHealthy = (service, name) =>
    service.depends_on?.[name]?.condition === 'service_healthy'
  const [dbName, db] =
    Object.entries(services).find(([, service]) =>
      /^(docker\.io\/)?(library\/)?postgres:16\b/.test(service.image ?? ''),
    ) ?? []
  step('compose.yaml: PostgreSQL 16 with its data on a named volume and a health check', () => {
    if (!db) throw new Error('no service runs postgres:16')
    const mount = (db.volumes ?? [])
      .map((item) => (typeof item === 'string' ? item.split(':') : [item.source, item.target]))
      .find(([, target]) => target === '/var/lib/postgresql/data')
    if (!mount) throw new Error(`${dbName} keeps /var/lib/postgresql/data on no volume`)
    if (!volumes.includes(mount[0]))
      throw new Error(`${dbName}'s volume ${mount[0]} is not declared under volumes:`)
    if (!/pg_isready/.test(JSON.stringify(db.healthcheck?.test ?? '')))
      throw new Error(`${dbName} has no health check running pg_isready`)
  })
  const apps = Object.entries(services).filter(
    ([, service]) => service.build === '.' || service.build?.context === '.',
  )
  const port = declared.env.PORT ?? '3000'
  step(
    'compose.yaml: two or more app instances built from this Dockerfile, on that PostgreSQL, behind a proxy',
    () => {
      if (apps.length < 2)
        throw new Error(`${apps.length} service(s) build this Dockerfile; two or more are needed`)
      for (const [name, service] of apps) {
        const values = env(service)
        for (const variable of [
          'DATABASE_URL',
          'SESSION_SECRET',
          'APP_URL',
          'SMTP_URL',
          'TRUST_PROXY',
        ]) {
          if (!values[variable]) throw new Error(`${name} does not set ${variable}`)
        }
        if (!new RegExp(`^postgres(ql)?://[^@]+@${dbName}(:5432)?/`).test(values.DATABASE_URL))
          throw new Error(`${name}'s DATABASE_URL does not point at ${dbName}`)
        if (String(values.TRUST_PROXY) !== 'true')
          throw new Error(`${name}: TRUST_PROXY=${values.TRUST_PROXY}, not true`)
        if (!/^https:\/\//.test(values.APP_URL))
          throw new Error(`${name}: APP_URL=${values.APP_URL} is not https://`)
        if (!dependsOnHealthy(service, dbName))
          throw new Error(`${name} does not wait for ${dbName} to be healthy`)
        if (service.ports)
          throw new Error(`${name} publishes ports: only the proxy should be reachable`)
        if (service.healthcheck?.disable)
          throw new Error(`${name} disables the image's health check`)
      }
    },
  )
  step(
    "compose.yaml: the app runs as a role that owns no table (DATABASE_URL) and migrates as the owner (DATABASE_MIGRATION_URL), roles the database's init script makes",
    () => {
      // postgres://user:password@host:port/database, where the password may be a ${…} of compose.
      const partsOf = (url) =>
        /^postgres(?:ql)?:\/\/([^:@/]+)(?::[^@]*)?@([^:/]+)(?::\d+)?\/([^?\s]+)/
          .exec(url ?? '')
          ?.slice(1)
      const roles = new Set()
      for (const [name, service] of apps) {
        const values = env(service)
        const app = partsOf(values.DATABASE_URL)
        const owner = partsOf(values.DATABASE_MIGRATION_URL)
        if (!owner)
          throw new Error(
            `${name} sets no DATABASE_MIGRATION_URL (postgres://owner:…@${dbName}:5432/…)`,
          )
        if (owner[1] !== dbName)
          throw new Error(`${name}'s DATABASE_MIGRATION_URL does not point at ${dbName}`)
        if (owner[2] !== app[2])
          throw new Error(
            `${name}: DATABASE_MIGRATION_URL names the database ${owner[2]}, DATABASE_URL ${app[2]}`,
          )
        if (owner[0] === app[0])
          throw new Error(
            `${name}: DATABASE_URL and DATABASE_MIGRATION_URL both connect as ${app[0]}`,
          )
        roles.add(app[0]).add(owner[0])
      }
      const initDir = '/docker-entrypoint-initdb.d'
      const mounted = (db.volumes ?? [])
        .map((item) => (typeof item === 'string' ? item.split(':') : [item.source, item.target]))
        .filter(
          ([source, target]) => target?.startsWith(`${initDir}/`) && /^\.{1,2}\//.test(source),
        )
      const scripts = mounted.map(([source]) => path.resolve(root, source))
      if (!scripts.length)
        throw new Error(`${dbName} mounts no script of this repository into ${initDir}`)
      const text = scripts
        .map((script) => {
          if (!fs.existsSync(script))
            throw new Error(
              `${path.relative(root, script)}, mounted into ${initDir}, does not exist`,
            )
          return fs.readFileSync(script, 'utf8')
        })
        .join('\n')
      for (const role of roles) {
        if (!new RegExp(`CREATE ROLE "?${role}"?\\s`, 'i').test(text))
          throw new Error(`the init script does not create the role ${role}`)
      }
      if (/\bSUPERUSER\b/i.test(text.replace(/^\s*(#|--).*$/gm, '')))
        throw new Error('the init script makes a superuser')
    },
  )
  const [proxyName, proxy] =
    Object.entries(services).find(([, service]) =>
      /^(docker\.io\/)?(library\/)?caddy:/.test(service.image ?? ''),
    ) ?? []
  step(
    'compose.yaml: Caddy serves HTTPS and proxies to every instance, health-checked, with X-Forwarded-For and -Proto',
    () => {
      if (!proxy) throw new Error('no service runs caddy')
      const ports = (proxy.ports ?? []).map(String)
      if (!ports.some((item) => /(^|:)443(\/tcp)?$/.test(item)))
        throw new Error(`${proxyName} does not publish port 443`)
      const target = (proxy.configs ?? []).find((item) => item.target === '/etc/caddy/Caddyfile')
      const mounted = (proxy.volumes ?? [])
        .map(String)
        .find((item) => item.split(':')[1] === '/etc/caddy/Caddyfile')
      // `$$` in compose text is a literal `$`.
      const caddyfile = target
        ? String(compose.configs?.[target.source]?.content ?? '').replace(/\$\$/g, '$')
        : mounted
          ? fs.readFileSync(path.resolve(root, mounted.split(':')[0]), 'utf8')
          : null
      if (!caddyfile)
        throw new Error(
          `${proxyName} gets no Caddyfile (a config or a file mounted at /etc/caddy/Caddyfile)`,
        )
      const text = caddyfile.replace(/#.*$/gm, '')
      const site = text.trim().split(/\s*\{\s*\n/)[0]
      if (/^http:\/\//.test(site) || /:80$/.test(site))
        throw new Error(`the site ${site} is plain HTTP: Caddy's automatic HTTPS needs a host name`)
      const upstreams = /reverse_proxy\s+([^{\n]*)\{/.exec(text)?.[1].trim().split(/\s+/) ?? []
      for (const [name] of apps) {
        if (!upstreams.includes(`${name}:${port}`))
          throw new Error(
            `reverse_proxy does not send to ${name}:${port} (it lists ${upstreams.join(' ') || 'nothing'})`,
          )
      }
      const healthPath =
        /\/api\/v1\/health/.exec(declared.healthcheck ?? '')?.[0] ?? '/api/v1/health'
      if (!new RegExp(`health_uri\\s+${healthPath}\\b`).test(text))
        throw new Error(`no active health check (health_uri ${healthPath})`)
      for (const header of ['X-Forwarded-For', 'X-Forwarded-Proto']) {
        if (!new RegExp(`header_up\\s+${header}\\s`, 'i').test(text))
          throw new Error(`no header_up ${header}`)
      }
      for (const [name] of apps)
        if (!dependsOnHealthy(proxy, name))
          throw new Error(`${proxyName} does not wait for ${name} to be healthy`)
    },
  )
}

function requireFromRoot(name) {
  return createRequire(path.join(root, 'package.json'))(name)
}

async function check() {
  console.log(
    `Dockerfile check of ${dockerfile} in ${work}${isRoot ? '' : ` (${NOT_ROOT.replace(/; run it.*/, '')})`}`,
  )
  const instructions = step(`read ${path.relative(process.cwd(), dockerfile) || dockerfile}`, () =>
    readDockerfile(dockerfile),
  )

  // What the runtime stage (the last one) declares, read as written before anything is built.
  const lastFrom = instructions.map((item) => item.keyword).lastIndexOf('FROM')
  const runtimeSteps = instructions.slice(lastFrom)
  const declared = {
    env: Object.assign(
      {},
      ...runtimeSteps.filter((item) => item.keyword === 'ENV').map((item) => parseEnv(item.args)),
    ),
    volumes: runtimeSteps
      .filter((item) => item.keyword === 'VOLUME')
      .flatMap((item) =>
        item.args.trim().startsWith('[') ? JSON.parse(item.args) : item.args.split(/\s+/),
      ),
    user: runtimeSteps.filter((item) => item.keyword === 'USER').at(-1)?.args,
    healthcheck: runtimeSteps.filter((item) => item.keyword === 'HEALTHCHECK').at(-1)?.args,
    cmd: runtimeSteps.filter((item) => item.keyword === 'CMD').at(-1)?.args,
    runs: runtimeSteps.filter((item) => item.keyword === 'RUN').map((item) => item.args),
  }
  const dataDir = declared.env.DATA_DIR
  step('Dockerfile: the runtime stage has a CMD', () => {
    if (lastFrom < 0) throw new Error('no FROM')
    if (!declared.cmd) throw new Error('no CMD in the runtime stage')
  })
  step('Dockerfile: the runtime stage has a HEALTHCHECK', () => {
    if (!declared.healthcheck || /^NONE\b/i.test(declared.healthcheck))
      throw new Error('no HEALTHCHECK in the runtime stage')
    if (!/\bCMD\b/.test(declared.healthcheck))
      throw new Error(`HEALTHCHECK without CMD: ${declared.healthcheck}`)
  })
  step('Dockerfile: DATA_DIR is set to an absolute path and declared a VOLUME', () => {
    if (!dataDir) throw new Error('the runtime stage sets no DATA_DIR (ENV DATA_DIR=…)')
    if (!path.posix.isAbsolute(dataDir))
      throw new Error(`DATA_DIR=${dataDir} is not an absolute path`)
    if (!declared.volumes.length) throw new Error('the runtime stage declares no VOLUME')
    if (!declared.volumes.includes(dataDir))
      throw new Error(
        `DATA_DIR=${dataDir} is not among the volumes (${declared.volumes.join(', ')})`,
      )
  })
  step('Dockerfile: the runtime stage runs as a named non-root USER', () => {
    if (!declared.user) throw new Error('no USER in the runtime stage: it would run as root')
    const [name] = declared.user.split(':')
    if (name === 'root' || name === '0') throw new Error(`USER ${declared.user} is root`)
  })
  step('Dockerfile: a RUN gives DATA_DIR to that USER', () => {
    const owner = declared.user.split(':')[0]
    const chown = declared.runs.find((text) =>
      new RegExp(
        `\\bchown\\s+(-\\S+\\s+)*${owner}(:\\S+)?\\s+([^&;|]*\\s)?${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$|[&;|])`,
      ).test(text),
    )
    if (!chown) throw new Error(`no RUN in the runtime stage chowns ${dataDir} to ${owner}`)
  })

  checkCompose(declared)

  step('build context honours .dockerignore', () => {
    const count = buildContext(context)
    if (
      fs.existsSync(path.join(context, 'node_modules')) ||
      fs.existsSync(path.join(context, 'tests'))
    ) {
      throw new Error('ignored folders reached the context')
    }
    if (!count) throw new Error('empty context')
  })

  for (const { keyword, args: text } of instructions) {
    if (keyword === 'ARG') {
      const [name, value] = expand(text, args).split('=')
      args[name] = value
    } else if (keyword === 'FROM') {
      const [image, , name] = expand(text, args).split(/\s+/)
      const base = stages.get(image)
      const stageRoot = path.join(work, `stage-${name ?? stages.size}`)
      if (base) fs.cpSync(base.root, stageRoot, { recursive: true, verbatimSymlinks: true })
      else {
        emptyImage(stageRoot)
        for (const user of baseImageUsers(image)) {
          fs.mkdirSync(path.join(stageRoot, user.home), { recursive: true })
          if (isRoot) fs.chownSync(path.join(stageRoot, user.home), user.uid, user.gid)
        }
      }
      current = {
        name: name ?? String(stages.size),
        root: stageRoot,
        workdir: base?.workdir ?? '/',
        env: { ...(base?.env ?? {}) },
        user: 'root',
        users: base?.users ?? baseImageUsers(image),
      }
      stages.set(current.name, current)
    } else if (keyword === 'WORKDIR') {
      current.workdir = path.posix.resolve(
        current.workdir,
        expand(text, { ...args, ...current.env }),
      )
      fs.mkdirSync(stagePath(current, '.'), { recursive: true })
    } else if (keyword === 'ENV') {
      Object.assign(current.env, parseEnv(expand(text, { ...args, ...current.env })))
    } else if (keyword === 'COPY') {
      const expanded = expand(text, { ...args, ...current.env })
      const parts = expanded.split(/\s+/)
      const fromFlag = parts.find((part) => part.startsWith('--from='))
      const paths = parts.filter((part) => !part.startsWith('--'))
      const target = paths.pop()
      const source = fromFlag ? stages.get(fromFlag.slice(7)) : null
      step(`[${current.name}] COPY ${expanded}`, () => {
        if (fromFlag && !source) throw new Error(`no stage ${fromFlag.slice(7)}`)
        for (const item of paths) {
          const from = source ? path.join(source.root, item) : path.join(context, item)
          const to =
            target.endsWith('/') || paths.length > 1
              ? path.join(stagePath(current, target), path.basename(item))
              : stagePath(current, target)
          if (item === '.')
            fs.cpSync(context, stagePath(current, target), {
              recursive: true,
              verbatimSymlinks: true,
            })
          else copy(from, to)
        }
      })
    } else if (keyword === 'RUN') {
      runStep(current, text)
    } else if (keyword === 'USER') {
      current.user = expand(text, { ...args, ...current.env })
    }
  }

  const runtime = current
  const user = userOf(runtime, runtime.user)
  const healthcheck = commandOf(
    declared.healthcheck.slice(declared.healthcheck.search(/\bCMD\b/) + 3),
  )
  const cmd = commandOf(declared.cmd)
  // As `docker run -p … -e …` would: a free port on the loopback and a known admin password.
  const runEnv = {
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_PASSWORD: 'docker-check-password-1',
  }

  let server
  if (isRoot) {
    step(`runtime: ${dataDir} belongs to ${runtime.user} after the Dockerfile's RUN steps`, () => {
      const stat = fs.statSync(path.join(runtime.root, dataDir))
      if (stat.uid !== user.uid)
        throw new Error(`${dataDir} belongs to uid ${stat.uid}, not ${runtime.user} (${user.uid})`)
    })
    const [file, fileArgs] = containerCommand(runtime, cmd, { user, cwd: runtime.workdir })
    server = spawn(file, fileArgs, {
      env: containerEnv(runtime, user, runEnv),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
  } else {
    skip(
      `runtime: ${dataDir} belongs to ${runtime.user} after the Dockerfile's RUN steps`,
      NOT_ROOT,
    )
    // Without a chroot the container path DATA_DIR is not ours to create: the stage's copy of it stands in.
    const hostDataDir = path.join(runtime.root, dataDir)
    fs.mkdirSync(hostDataDir, { recursive: true })
    server = spawn(cmd[0], cmd.slice(1), {
      cwd: stagePath(runtime, '.'),
      env: {
        ...process.env,
        ...runtime.env,
        ...runEnv,
        DATA_DIR: hostDataDir,
        NPM_CONFIG_CACHE: path.join(work, 'npm-cache'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
  }
  let output = ''
  server.stdout.on('data', (chunk) => (output += chunk))
  server.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise((resolve) =>
    server.once('exit', (code, signal) => resolve({ code, signal })),
  )
  let done = false
  void exited.then(() => (done = true))
  try {
    // The HEALTHCHECK as Docker runs it: inside the container, as its user, with its environment.
    const tryHealthcheck = () => {
      if (isRoot) {
        const [file, fileArgs] = containerCommand(runtime, healthcheck, {
          user,
          cwd: runtime.workdir,
        })
        return spawnSync(file, fileArgs, {
          env: containerEnv(runtime, user, runEnv),
          encoding: 'utf8',
          timeout: 10_000,
        })
      }
      return spawnSync(healthcheck[0], healthcheck.slice(1), {
        env: { ...process.env, ...runtime.env, ...runEnv },
        encoding: 'utf8',
        timeout: 10_000,
      })
    }
    const deadline = Date.now() + 90_000
    let healthy = false
    let tries = 0
    while (Date.now() < deadline && !healthy && !done) {
      tries += 1
      healthy = tryHealthcheck().status === 0
      if (!healthy) await sleep(500)
    }
    step(
      `runtime: "${cmd.join(' ')}" starts and its HEALTHCHECK answers (the health route queries the database)`,
      () => {
        if (!healthy)
          throw new Error(
            `not healthy after ${tries} tries${done ? ' (the server exited)' : ''}:\n${output.slice(-1500)}`,
          )
      },
    )
    if (isRoot) {
      step(`runtime: the server runs as ${runtime.user}, not root`, () => {
        const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8')
        const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1])
        if (uid !== user.uid)
          throw new Error(`the server runs as uid ${uid}, not ${runtime.user} (${user.uid})`)
      })
      step(
        `runtime: the database and the session secret were written to DATA_DIR (${dataDir}), by ${runtime.user}`,
        () => {
          for (const name of ['pglite', 'session-secret']) {
            const file = path.join(runtime.root, dataDir, name)
            if (!fs.existsSync(file)) throw new Error(`no ${name} in ${dataDir}`)
            const owner = fs.statSync(file).uid
            if (owner !== user.uid)
              throw new Error(
                `${dataDir}/${name} belongs to uid ${owner}, not ${runtime.user} (${user.uid})`,
              )
          }
        },
      )
    } else {
      skip(`runtime: the server runs as ${runtime.user}, not root`, NOT_ROOT)
      step(
        `runtime: the database and the session secret were written to (a stand-in for) DATA_DIR ${dataDir}`,
        () => {
          for (const name of ['pglite', 'session-secret']) {
            if (!fs.existsSync(path.join(runtime.root, dataDir, name)))
              throw new Error(`no ${name} in ${dataDir}`)
          }
        },
      )
    }
  } finally {
    server.kill('SIGTERM')
    await Promise.race([exited, sleep(15_000)])
    if (!done) server.kill('SIGKILL')
  }
}

let unexpected = null
try {
  await check()
} catch (error) {
  // A failing step was printed and counted; anything else is counted here.
  if (!(error instanceof StepFailed)) {
    unexpected = error
    results.push({ name: 'unexpected error', status: 'failed' })
    console.log(`  ✗ unexpected error: ${error.stack ?? error}`)
  } else {
    console.log('  (the steps after a failure did not run)')
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true })
}

const count = (status) => results.filter((result) => result.status === status).length
const summary = { passed: count('passed'), failed: count('failed'), skipped: count('skipped') }
console.log(
  `docker check: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`,
)
fs.writeFileSync(
  process.env.DOCKER_CHECK_REPORT ?? path.join(os.tmpdir(), 'docker-check.json'),
  JSON.stringify(summary),
)
process.exit(summary.failed || unexpected ? 1 : 0)
