import { describe, expect, test } from 'vitest'
import { parseWithZod } from '@conform-to/zod/v4'
import { nairaAmount } from '~/contract/fields'
import { nairaToKobo } from '~/contract/money'
import { transactionPayloadSchema } from '~/contract/subscriptions'
import { z } from 'zod'

describe('nairaToKobo: naira to integer kobo, at least one kobo', () => {
  test.each([
    [1_250_000.5, { ok: true, kobo: 125_000_050 }],
    [0.01, { ok: true, kobo: 1 }],
    [0.005, { ok: true, kobo: 1 }], // half a kobo rounds up to one
    [1.005, { ok: true, kobo: 101 }], // the decimal text, not its binary neighbour 1.00499…
    [0.1 + 0.2, { ok: true, kobo: 30 }],
    [1e12, { ok: true, kobo: 1e14 }],
    [0.004, { ok: false, problem: 'below_one_kobo' }],
    [0.001, { ok: false, problem: 'below_one_kobo' }],
    [0, { ok: false, problem: 'below_one_kobo' }],
    [-0, { ok: false, problem: 'below_one_kobo' }],
    [-5, { ok: false, problem: 'below_one_kobo' }],
    [1e12 + 1, { ok: false, problem: 'too_large' }],
    [Number.NaN, { ok: false, problem: 'not_a_number' }],
    [Number.POSITIVE_INFINITY, { ok: false, problem: 'not_a_number' }],
  ])('%s naira', (naira, expected) => {
    expect(nairaToKobo(naira)).toEqual(expected)
  })
})

describe('the money field says so next to the field', () => {
  const form = z.object({ amount: nairaAmount('Amount') })
  const errorFor = (amount: string) => {
    const submission = parseWithZod(new URLSearchParams({ amount }), { schema: form })
    return submission.status === 'success' ? null : submission.error?.amount
  }
  test.each([
    ['0.001', ['Amount must be at least ₦0.01']],
    ['0', ['Amount must be at least ₦0.01']],
    ['-1,000', ['Amount must be at least ₦0.01']],
    ['abc', ['Amount must be a number']],
    ['', ['Amount is a required field']],
    ['1,000,000,000,001', ['Amount is too large']],
    ['0.01', null],
    ['₦1,250,000.50', null],
  ])('%j', (typed, expected) => {
    expect(errorFor(typed)).toEqual(expected)
  })

  test('a payment of ₦0.001 sent as JSON is refused by the payment payload', () => {
    const parsed = transactionPayloadSchema.safeParse({ amount: 0.001, proof_of_payment: 'x.png', paid_at: '2026-01-01' })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['amount', 'Amount must be at least ₦0.01']])
  })
})
