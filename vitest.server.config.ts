import path from 'node:path'
import { defineConfig } from 'vitest/config'

// Checks against the built app served by remix-serve (run `npm run build` first): security headers,
// the web authorization matrix, malformed form posts and fault tolerance. One file at a time, as
// each starts its own server processes.
export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  test: {
    include: ['tests/server/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
})
