import { describe, expect, test } from 'vitest'
import { toCsv } from '~/backend/csv'

describe('toCsv: a byte order mark, then the rows', () => {
  test.each([
    ['plain cells and numbers', ['a', 'b'], [['x', 1250000.5]], 'a,b\r\nx,1250000.5\r\n'],
    ['null is an empty cell', ['a', 'b'], [[null, 'y']], 'a,b\r\n,y\r\n'],
    [
      'commas, quotes and line breaks are quoted',
      ['a'],
      [['Ade, "Bola"'], ['two\nlines']],
      'a\r\n"Ade, ""Bola"""\r\n"two\nlines"\r\n',
    ],
    [
      'a formula is escaped with an apostrophe',
      ['a', 'b', 'c', 'd'],
      [['=SUM(A1)', '+1', '-2', '@cmd']],
      "a,b,c,d\r\n'=SUM(A1),'+1,'-2,'@cmd\r\n",
    ],
    ['an escaped formula with a comma is quoted too', ['a'], [['=1,2']], `a\r\n"'=1,2"\r\n`],
    [
      'decimals given as text stay as written',
      ['gross'],
      [['1250000.00']],
      'gross\r\n1250000.00\r\n',
    ],
    ['no rows: the header alone', ['a', 'b'], [], 'a,b\r\n'],
  ] as const)('%s', (_name, header, rows, expected) => {
    expect(
      toCsv(
        [...header],
        rows.map((row) => [...row]),
      ),
    ).toBe(`\uFEFF${expected}`)
  })
})
