import { sql } from 'drizzle-orm'
import type { RouteDefinition } from './http/router'

export const healthRoutes: RouteDefinition[] = [
  {
    method: 'GET',
    path: 'health',
    auth: 'public',
    handler: async (ctx) => {
      await ctx.db.execute(sql`select 1`)
      return { message: 'OK', data: { database: 'ok' } }
    },
  },
]
