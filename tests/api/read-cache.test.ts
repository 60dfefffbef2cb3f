import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApi, type TestApi } from '../support/api-harness'

/**
 * The PGlite runs cache reads as production PGlite does, or they would not test it: a GET is
 * kept, and a write through the API empties the cache.
 */
let api: TestApi
beforeAll(async () => {
  api = await createTestApi()
})
afterAll(async () => {
  await api?.close()
})

test.runIf(!process.env.TEST_DATABASE_URL)(
  'on PGlite a GET is kept until the next write',
  async () => {
    const { readCache } = await import('~/backend/http/read-cache')
    const admin = await api.login('admin@example.com', 'admin-password-1')
    const key = `GET Bearer ${admin.token} http://localhost/api/v1/product?page=1`
    expect(readCache.get(key)).toBeNull()
    expect((await api.call('GET', 'product?page=1', { token: admin.token })).httpStatus).toBe(200)
    expect(readCache.get(key)).not.toBeNull()
    const created = await api.call('POST', 'admin/product', {
      token: admin.token,
      body: {
        type: 'land',
        name: 'Plots for the cache check',
        description: 'Plots for the cache check',
        location: 'Epe, Lagos',
        amount: 1_000_000,
        available_by_quantity: true,
        unit_available: 3,
      },
    })
    expect(created.httpStatus).toBe(200)
    expect(readCache.get(key)).toBeNull()
    const listed = await api.call('GET', 'product?page=1', { token: admin.token })
    expect(listed.data.items.map((item: { reference: string }) => item.reference)).toContain(
      created.data.reference,
    )
  },
)
