import { describe, expect, test } from 'vitest'
import { listHref, paginationRange } from '~/utils/pagination'

describe('paginationRange', () => {
  test('shows every page when there are 5 or fewer', () => {
    expect(paginationRange(1, 1)).toEqual([1])
    expect(paginationRange(3, 5)).toEqual([1, 2, 3, 4, 5])
  })

  test('first 3, last 3 and a window around the current page, with ellipses', () => {
    expect(paginationRange(1, 10)).toEqual([1, 2, 3, 'ellipsis', 8, 9, 10])
    expect(paginationRange(6, 12)).toEqual([1, 2, 3, 'ellipsis', 5, 6, 7, 'ellipsis', 10, 11, 12])
    expect(paginationRange(4, 10)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 8, 9, 10])
    expect(paginationRange(10, 10)).toEqual([1, 2, 3, 'ellipsis', 8, 9, 10])
    expect(paginationRange(500, 10000)).toEqual([
      1,
      2,
      3,
      'ellipsis',
      499,
      500,
      501,
      'ellipsis',
      9998,
      9999,
      10000,
    ])
  })

  test('no ellipsis where the window touches the ends', () => {
    expect(paginationRange(5, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(paginationRange(2, 6)).toEqual([1, 2, 3, 4, 5, 6])
  })
})

describe('listHref', () => {
  test('the base path on page 1 with no filters', () => {
    expect(listHref('/land-investments', { page: 1, search: '', available_status: '' })).toBe(
      '/land-investments',
    )
  })

  test('?page=N plus the filters otherwise', () => {
    expect(listHref('/land-investments', { page: 2 })).toBe('/land-investments?page=2')
    expect(listHref('/land-investments', { page: 1, search: 'lekki' })).toBe(
      '/land-investments?page=1&search=lekki',
    )
    expect(
      listHref('/land-purchases', { page: 3, available_status: 'available', search: 'ibeju' }),
    ).toBe('/land-purchases?page=3&available_status=available&search=ibeju')
  })
})
