import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApi, type TestApi } from '../support/api-harness'

let api: TestApi
let admin: string

async function landProduct(extra: Record<string, unknown> = {}) {
  const answer = await api.call('POST', 'admin/product', {
    token: admin,
    body: { name: 'Arrears Acres', type: 'land', description: 'Plots', location: 'Epe, Lagos', amount: 1_000_000, ...extra },
  })
  expect(answer.status, JSON.stringify(answer.data)).toBe('200')
  return answer.data.reference as string
}

beforeAll(async () => {
  api = await createTestApi()
  admin = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).token
})
afterAll(async () => {
  await api?.close()
})

describe('payment plans carry their late-payment rules', () => {
  test('defaults, values given, and kept when a change leaves them out', async () => {
    const reference = await landProduct()
    const plain = await api.call('POST', `admin/product/${reference}/payment-plan`, {
      token: admin,
      body: { amount: 1_200_000, duration: 4, duration_type: 'months' },
    })
    expect(plain.data).toMatchObject({ grace_days: 7, late_fee_percent: 0, default_after_days: 90, default_action: 'reprice' })
    const strict = await api.call('POST', `admin/product/${reference}/payment-plan`, {
      token: admin,
      body: { amount: 1_200_000, duration: 4, duration_type: 'months', grace_days: 3, late_fee_percent: 2.5, default_after_days: 60, default_action: 'cancel' },
    })
    expect(strict.data).toMatchObject({ grace_days: 3, late_fee_percent: 2.5, default_after_days: 60, default_action: 'cancel' })
    const changed = await api.call('POST', `admin/product/${reference}/payment-plan/${strict.data.uuid}`, {
      token: admin,
      body: { amount: 1_300_000, duration: 4, duration_type: 'months' },
    })
    expect(changed.data).toMatchObject({ amount: 1_300_000, grace_days: 3, late_fee_percent: 2.5, default_after_days: 60, default_action: 'cancel' })
  })

  test('refused with a message on the field', async () => {
    const reference = await landProduct()
    const plan = { amount: 1_200_000, duration: 4, duration_type: 'months' }
    const post = (body: Record<string, unknown>) =>
      api.call('POST', `admin/product/${reference}/payment-plan`, { token: admin, body: { ...plan, ...body } })
    const bad = await post({ grace_days: 91, late_fee_percent: 51, default_after_days: 731, default_action: 'forgive' })
    expect(bad.httpStatus).toBe(422)
    expect(bad.data).toEqual({
      grace_days: ['Grace days must be at most 90'],
      late_fee_percent: ['Late fee must be at most 50'],
      default_after_days: ['Default after must be at most 730'],
      default_action: ['The selected default action is invalid'],
    })
    const before = await post({ grace_days: 30, default_after_days: 30 })
    expect(before.httpStatus).toBe(422)
    expect(before.data).toEqual({ default_after_days: ['Default after must be more days than the grace days'] })
  })
})
