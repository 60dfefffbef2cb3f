import { sql } from 'drizzle-orm'
import { endpoints } from '~/contract/endpoints'
import { implement } from './http/router'

const health = implement(endpoints.health, async (ctx) => {
  await ctx.db.execute(sql`select 1`)
  return { message: 'OK', data: { database: 'ok' } }
})

export const healthRoutes = [health]
