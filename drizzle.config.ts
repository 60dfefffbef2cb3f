import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './app/backend/db/schema.ts',
  out: './app/backend/db/migrations',
})
