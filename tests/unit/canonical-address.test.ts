import { describe, expect, test } from 'vitest'
import { readListQuery, redirectToCanonical } from '~/utils/list.server'

const thrown = (run: () => unknown) => {
  try {
    run()
    return null
  } catch (answer) {
    return answer instanceof Response ? [answer.status, answer.headers.get('location')] : answer
  }
}

describe('a page read at another spelling of its address goes to the canonical one', () => {
  test.each([
    ['GET', 'http://x/payouts', '/payouts?status=due', [302, '/payouts?status=due']],
    ['HEAD', 'http://x/payouts', '/payouts?status=due', [302, '/payouts?status=due']],
    ['GET', 'http://x/payouts?status=due', '/payouts?status=due', null],
    // After a form post the page answers where it was posted, so the action's messages are shown.
    ['POST', 'http://x/payouts', '/payouts?status=due', null],
  ])('%s %s', (method, address, canonical, expected) => {
    expect(thrown(() => redirectToCanonical(new Request(address, { method }), canonical))).toEqual(
      expected,
    )
  })

  test('a list read with empty filters goes to its bare path; a post to it does not', () => {
    const read = new Request('http://x/customers?page=1&search=')
    expect(thrown(() => readListQuery(read, ['search']))).toEqual([302, '/customers'])
    const post = new Request('http://x/customers?page=1&search=', { method: 'POST' })
    expect(readListQuery(post, ['search'])).toEqual({ page: 1, filters: { search: '' } })
  })
})
