import { describe, expect, test } from 'vitest'
import { collapseRows, flowHref } from '~/utils/breakdown'

const rows = (count: number) => Array.from({ length: count }, (_, index) => index + 1)

describe('breakdown rows', () => {
  test('5 rows or fewer all show', () => {
    expect(collapseRows(rows(0))).toEqual({ head: [], hidden: 0, last: null })
    expect(collapseRows(rows(1))).toEqual({ head: [1], hidden: 0, last: null })
    expect(collapseRows(rows(5))).toEqual({ head: [1, 2, 3, 4, 5], hidden: 0, last: null })
  })

  test('more than 5: the first rows, a gap, then the last row; five rows with the total', () => {
    expect(collapseRows(rows(6))).toEqual({ head: [1, 2, 3, 4], hidden: 1, last: 6 })
    expect(collapseRows(rows(24))).toEqual({ head: [1, 2, 3, 4], hidden: 19, last: 24 })
  })

  test("'Show all' shows every row", () => {
    expect(collapseRows(rows(24), true)).toEqual({ head: rows(24), hidden: 0, last: null })
  })
})

describe('flow addresses', () => {
  test("the flow's parameters first, blanks dropped, the list's query kept", () => {
    expect(
      flowHref(
        '/land-investments/PRD-1/invest',
        { amount: 500000, step: 'breakdown', all: null },
        '?page=2&search=epe',
      ),
    ).toBe('/land-investments/PRD-1/invest?amount=500000&step=breakdown&page=2&search=epe')
    expect(flowHref('/land-purchases/PRD-1/subscribe', { plan: '' }, '')).toBe(
      '/land-purchases/PRD-1/subscribe',
    )
    expect(flowHref('/x', { step: 'breakdown' }, '?step=other&type=plot')).toBe(
      '/x?step=breakdown&type=plot',
    )
  })
})
