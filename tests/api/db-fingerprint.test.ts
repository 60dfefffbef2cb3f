/**
 * The database fingerprint the authorization matrix uses to prove a call changed nothing: a
 * session's last use, which any call touches once it is a few minutes old, is not a change; any
 * other column of the same row is.
 */
import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { createTestApi } from '../support/api-harness'
import { changedTables, createFingerprint } from '../support/db-fingerprint'

test("a session's last use is not a change; its expiry is", async () => {
  const api = await createTestApi()
  await api.createStaff(['can_modify_product'])
  const fingerprint = await createFingerprint(api.db)
  const before = await fingerprint()
  await api.db.execute(sql`update api_tokens set last_used_at = last_used_at - interval '1 minute'`)
  expect(changedTables(before, await fingerprint())).toEqual([])
  await api.db.execute(sql`update api_tokens set expires_at = expires_at - interval '1 minute'`)
  expect(changedTables(before, await fingerprint())).toEqual(['api_tokens'])
})
