/**
 * Every API answer leaves the server through its entry's response schema: in production a field
 * the entry does not declare is dropped; under test (API_CHECK_RESPONSES) it is an error, so the
 * endpoint table cannot drift from what the handlers send.
 */
import { describe, expect, test } from 'vitest'
import { endpoints } from '~/contract/endpoints'
import { serialise } from '~/backend/http/serialise'

describe('an answer with a field its entry does not declare', () => {
  const health = { database: 'ok', password_hash: '$argon2id$…' }
  const permissions = [
    { name: 'can_view_customer', description: 'View customers', granted_by: 'USR-1' },
    { name: 'can_reconcile', description: 'Reconcile statements' },
  ]

  test('in production, leaves without it, at any depth', () => {
    expect(serialise(endpoints.health, health, { strict: false })).toEqual({ database: 'ok' })
    expect(serialise(endpoints.permissionList, permissions, { strict: false })).toEqual([
      { name: 'can_view_customer', description: 'View customers' },
      { name: 'can_reconcile', description: 'Reconcile statements' },
    ])
  })

  test('under test, is an error naming the field', () => {
    expect(() => serialise(endpoints.health, health, { strict: true })).toThrow(
      'GET health answered fields its entry does not declare: data.password_hash',
    )
    expect(() => serialise(endpoints.permissionList, permissions, { strict: true })).toThrow(
      'data[0].granted_by',
    )
  })
})

test('an answer its entry does not describe is an error in production too, never sent as it is', () => {
  expect(() => serialise(endpoints.health, { database: 'down' }, { strict: false })).toThrow(
    'GET health answered data its entry does not describe',
  )
})

test('an answer as declared leaves unchanged', () => {
  expect(serialise(endpoints.health, { database: 'ok' }, { strict: true })).toEqual({
    database: 'ok',
  })
})
