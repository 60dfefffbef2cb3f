import { expect, test } from 'vitest'
import type { DashboardSummary } from '~/contract/dashboard'
import { dashboardDisplay } from '~/features/dashboard/dashboard-display.server'

const share = {
  amount: 408_000,
  instalments: 2,
  instalments_amount: 400_000,
  late_fees: 2,
  late_fees_amount: 8_000,
}

function summary(overdue: { amount: number; purchases: number }): DashboardSummary {
  return {
    today: '2026-11-27',
    week_start: '2026-11-23',
    staff: null,
    realtor: null,
    own: {
      land: { count: 2, units: 3, amount_paid: 0, balance: 0, plots: [], overdue_now: overdue },
      next_payment: {
        reference: 'SUB-FIRST',
        type: 'land',
        title: 'Palm Grove',
        amount: 200_000,
        date: '2026-10-01',
        overdue: true,
        owed_now: share,
      },
      investments: { active: 0, portfolio_value: 0, next_payout: null },
    },
  }
}

test.each([
  [
    'one purchase in arrears: its sum and parts',
    { amount: 408_000, purchases: 1 },
    {
      amount: '₦408,000.00',
      across: null,
      parts: '2 instalments ₦400,000.00 and 2 late fees ₦8,000.00',
    },
  ],
  [
    'two purchases in arrears: the sum of both, then the share the button pays',
    { amount: 1_224_000, purchases: 2 },
    {
      amount: '₦1,224,000.00',
      across: 'on 2 purchases',
      parts: '₦408,000.00 of it on Palm Grove: 2 instalments ₦400,000.00 and 2 late fees ₦8,000.00',
    },
  ],
])('%s', (_, overdue, owedNow) => {
  const display = dashboardDisplay('customer', null, summary(overdue))
  expect(display.own?.nextPayment?.owedNow).toEqual(owedNow)
})
