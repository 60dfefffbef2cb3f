import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { defaultPoolSize, parseConfig } from '~/backend/config'

const root = path.resolve(import.meta.dirname, '../..')

describe('WEB_CONCURRENCY and DATABASE_POOL_SIZE', () => {
  test.each([
    [1, 10],
    [2, 10],
    [9, 10],
    [10, 9],
    [16, 5],
    [64, 1],
  ])('%i processes get %i connections each by default, under 90 in all', (processes, pool) => {
    expect(defaultPoolSize(processes)).toBe(pool)
    expect(processes * defaultPoolSize(processes)).toBeLessThanOrEqual(Math.max(90, processes))
  })

  test('the API reads them as whole numbers, empty as unset', () => {
    expect(parseConfig({})).toMatchObject({ WEB_CONCURRENCY: 1, DATABASE_POOL_SIZE: undefined })
    expect(parseConfig({ WEB_CONCURRENCY: '4', DATABASE_POOL_SIZE: '' })).toMatchObject({
      WEB_CONCURRENCY: 4,
      DATABASE_POOL_SIZE: undefined,
    })
    expect(() => parseConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(
      'DATABASE_POOL_SIZE: must be a whole number from 1 to 100 (got "0")',
    )
    expect(() => parseConfig({ WEB_CONCURRENCY: '1.5' })).toThrow(
      'WEB_CONCURRENCY: must be a whole number from 1 to 64 (got "1.5")',
    )
  })

  const launch = (env: Record<string, string>) =>
    spawnSync(process.execPath, [path.join(root, 'bin/serve.mjs'), './build/index.js'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
      encoding: 'utf8',
      timeout: 20_000,
    })

  test('npm start refuses bad values, once, before starting any process', () => {
    const result = launch({ WEB_CONCURRENCY: 'two', DATABASE_POOL_SIZE: '500' })
    expect(result.status).toBe(1)
    expect(result.stderr).toBe(
      'Invalid environment variables:\n' +
        '  - WEB_CONCURRENCY: must be a whole number from 1 to 64 (got "two")\n' +
        '  - DATABASE_POOL_SIZE: must be a whole number from 1 to 100 (got "500")\n',
    )
  })

  test('npm start refuses several processes on PGlite, saying what to do', () => {
    const result = launch({ WEB_CONCURRENCY: '2' })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('WEB_CONCURRENCY: 2 processes need PostgreSQL (DATABASE_URL)')
    expect(result.stderr).toContain('unset WEB_CONCURRENCY or set it to 1, or set DATABASE_URL')
  })
})
