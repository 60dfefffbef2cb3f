// Starts a throwaway PostgreSQL server (Debian's postgresql package) for the PostgreSQL-mode tests.
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export function findPostgresBin() {
  const root = '/usr/lib/postgresql'
  if (!fs.existsSync(root)) return null
  const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))
  for (const version of versions) {
    const bin = path.join(root, version, 'bin')
    if (fs.existsSync(path.join(bin, 'initdb'))) return bin
  }
  return null
}

export function startPostgres({ port = 54329 } = {}) {
  const bin = findPostgresBin()
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql)')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-pg-'))
  const dataDir = path.join(dir, 'data')
  const isRoot = process.getuid?.() === 0
  // PostgreSQL refuses to run as root: run it as the postgres user the package created.
  const run = (command, args) => {
    const [file, fileArgs] = isRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]]
      : [path.join(bin, command), args]
    const result = spawnSync(file, fileArgs, { encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`)
    return result.stdout
  }
  if (isRoot) {
    fs.chmodSync(dir, 0o777)
    execFileSync('chown', ['postgres', dir])
  }
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync'])
  const logFile = path.join(dir, 'server.log')
  run('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    logFile,
    '-w',
    '-t',
    '60',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`,
    'start',
  ])
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDir,
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop'])
      } catch (error) {
        console.error(String(error))
      }
      fs.rmSync(dir, { recursive: true, force: true })
    },
    restart() {
      this.pause()
      this.resume()
    },
    /** Stops the server (fast shutdown: sessions are cut), keeping its data for resume(). */
    pause() {
      run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop'])
    },
    resume() {
      run('pg_ctl', [
        '-D',
        dataDir,
        '-l',
        logFile,
        '-w',
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`,
        'start',
      ])
    },
  }
}
