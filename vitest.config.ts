import os from 'node:os'
import path from 'node:path'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: Math.max(2, Math.min(4, os.availableParallelism())),
    globalSetup: ['tests/support/pglite-template.ts'],
    // Every API answer is checked against its endpoint table entry (app/backend/index.ts).
    env: { API_CHECK_RESPONSES: 'true' },
  },
})
