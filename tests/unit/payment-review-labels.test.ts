import { describe, expect, test } from 'vitest'
import { isAppPath, receiptLink, subscriptionLink, transactionLink } from '~/contract/links'
import { scheduleStatusLabel } from '~/contract/subscription-labels'

describe('scheduleStatusLabel', () => {
  const today = '2026-11-23'
  test.each([
    [{ kind: 'payment', status: 'paid', period: '2026-10-01' }, 'Paid'],
    [{ kind: 'payment', status: 'due', period: '2026-11-22' }, 'Overdue'],
    [{ kind: 'payment', status: 'due', period: '2026-11-23' }, 'Due today'],
    [{ kind: 'payment', status: 'due', period: '2026-12-23' }, 'Upcoming'],
    [{ kind: 'payout', status: 'due', period: '2026-11-01' }, 'Upcoming'],
    [{ kind: 'payout', status: 'paid', period: '2026-11-01' }, 'Paid'],
  ] as const)('%o reads %s', (row, label) => {
    expect(scheduleStatusLabel(row, today)).toBe(label)
  })
})

describe('notification links', () => {
  test('land under /subscriptions, investments under /investment-portfolio', () => {
    expect(subscriptionLink('land', 'SUB-1')).toBe('/subscriptions?page=1&type=land&search=SUB-1')
    expect(subscriptionLink('land_investment', 'SUB-2')).toBe(
      '/investment-portfolio?page=1&search=SUB-2',
    )
    expect(transactionLink('land', 'SUB-1', 'TRX-9')).toBe(
      '/subscriptions/SUB-1/transactions?page=1&type=land#transaction-TRX-9',
    )
    expect(transactionLink('land_investment', 'SUB-2', 'TRX-9')).toBe(
      '/investment-portfolio/SUB-2/transactions#transaction-TRX-9',
    )
    expect(receiptLink('land', 'SUB-1', 'TRX-9')).toBe(
      '/subscriptions/SUB-1/transactions/TRX-9/receipt?page=1&type=land',
    )
  })

  test.each([
    ['/subscriptions?page=1', true],
    ['//evil.example/x', false],
    ['/\\evil.example', false],
    ['https://evil.example/', false],
    ['javascript:alert(1)', false],
    ['/a b', false],
    [null, false],
  ])('%s is followed: %s', (link, followed) => {
    expect(isAppPath(link)).toBe(followed)
  })
})
