import { describe, expect, test } from 'vitest'
import { sameAccountName } from '~/features/settings/payout-check'

describe('sameAccountName: a typed payout account name is the name the bank holds', () => {
  test.each([
    ['ADAEZE NNEKA OKAFOR', 'ADAEZE NNEKA OKAFOR', true],
    ['ADAEZE NNEKA OKAFOR', 'Adaeze Nneka Okafor', true],
    ['ADAEZE NNEKA OKAFOR', '  adaeze   nneka  okafor ', true],
    ['OLUWASEUN ADEYEMI', 'Oluwaseun Adéyemí', true],
    ['EZE, CHIOMA GRACE', 'Eze Chioma Grace', true],
    ['ADAEZE NNEKA OKAFOR', 'Ada Okafor', false],
    ['ADAEZE NNEKA OKAFOR', 'Okafor Adaeze Nneka', false],
    ['ADAEZE NNEKA OKAFOR', 'ADAEZE NNEKA OKAFOR LTD', false],
    ['ADAEZE NNEKA OKAFOR', '', false],
    ['ADAEZE NNEKA OKAFOR', undefined, false],
  ] as const)('%s and %j → %s', (bank, typed, expected) => {
    expect(sameAccountName(bank, typed)).toBe(expected)
  })
})
