/**
 * What the compiler holds the API's handlers to (`npm run typecheck` runs over this file): every
 * entry of the endpoint table has its handler, each handler stands under its own entry's name, and
 * answers its entry's response type.
 */
import { expect, test } from 'vitest'
import { healthHandlers } from '~/backend/health'
import { implement, type Handlers, type HandlerTable } from '~/backend/http/router'
import { endpoints } from '~/contract/endpoints'

test("a table missing a handler is not the API's handlers", () => {
  // @ts-expect-error every entry but health has no handler
  const partial: Handlers = { ...healthHandlers }
  expect(Object.keys(partial)).toEqual(['health'])
})

test("a handler cannot stand under another entry's name", () => {
  const table = {
    // @ts-expect-error the health handler under the name of the permission list
    permissionList: healthHandlers.health,
  } satisfies HandlerTable
  expect(table.permissionList.endpoint).toBe(endpoints.health)
})

test("a handler's answer is typed by its entry's response schema", () => {
  // @ts-expect-error health answers { database: 'ok' }, not a number
  const wrong = implement(endpoints.health, async () => ({ data: { database: 1 } }))
  expect(wrong.endpoint).toBe(endpoints.health)
})
