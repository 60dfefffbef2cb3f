import { sql } from 'drizzle-orm'
import { endpoints } from '~/contract/endpoints'
import { ApiError } from './http/errors'
import { implement, type HandlerTable } from './http/router'
import { isShuttingDown } from './lifecycle'

const health = implement(endpoints.health, async (ctx) => {
  if (isShuttingDown())
    throw new ApiError(503, 'serviceUnavailable', 'The server is shutting down', null)
  await ctx.db.execute(sql`select 1`)
  return { message: 'OK', data: { database: 'ok' as const } }
})

export const healthHandlers = {
  health: health,
} satisfies HandlerTable
