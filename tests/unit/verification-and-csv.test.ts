import { describe, expect, test } from 'vitest'
import { csvCell, decimalAmount, toCsv } from '~/backend/csv'
import { newVerificationCode } from '~/backend/verification-codes/issue'
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  CODE_PATTERN,
  codeFromBytes,
  maskName,
  normaliseCode,
} from '~/contract/verification'

describe('verification codes', () => {
  test('12 characters of the unambiguous alphabet, URL-safe, at least 10 long', () => {
    expect(CODE_LENGTH).toBeGreaterThanOrEqual(10)
    expect(CODE_ALPHABET).toHaveLength(32)
    expect(CODE_ALPHABET).not.toMatch(/[01IO]/)
    for (let index = 0; index < 200; index++) {
      const code = newVerificationCode()
      expect(code).toMatch(CODE_PATTERN)
      expect(encodeURIComponent(code)).toBe(code)
    }
  })

  test('drawn from random bytes: 10,000 codes, no two alike, every character used', () => {
    const codes = new Set(Array.from({ length: 10_000 }, newVerificationCode))
    expect(codes.size).toBe(10_000)
    const used = new Set([...codes].join(''))
    expect(used.size).toBe(CODE_ALPHABET.length)
  })

  test.each([
    [new Uint8Array(12).fill(0), '222222222222'],
    [new Uint8Array(12).fill(31), 'ZZZZZZZZZZZZ'],
    [new Uint8Array(12).fill(32), '222222222222'], // a byte maps onto the 32 letters without bias
    [Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]), '23456789ABCD'],
  ])('bytes %s → %s', (bytes, code) => {
    expect(codeFromBytes(bytes)).toBe(code)
  })

  test('too few random bytes is a programming error', () => {
    expect(() => codeFromBytes(new Uint8Array(4))).toThrow()
  })

  test.each([
    ['abcd efgh jkmn', 'ABCDEFGHJKMN'],
    ['ABCD-EFGH-JKMN', 'ABCDEFGHJKMN'],
    ['  k7m2q9xw4r8t ', 'K7M2Q9XW4R8T'],
  ])('a code typed as %j reads as %s', (typed, code) => {
    expect(normaliseCode(typed)).toBe(code)
  })
})

describe('maskName: the first name and the initial of the last', () => {
  test.each([
    ['Ada', 'Obi', 'Ada O.'],
    ['Ada Chioma', 'Obi-Okafor', 'Ada O.'],
    ['  ada ', ' okonkwo', 'ada O.'],
    ['Ngozi', '', 'Ngozi'],
    ['', 'Obi', 'O.'],
    ['Émeka', 'Ànyanwu', 'Émeka À.'],
  ])('%j %j → %j', (first, last, masked) => {
    expect(maskName(first, last)).toBe(masked)
  })
})

describe('CSV cells', () => {
  test.each<[string | number | null, string]>([
    ['plain', 'plain'],
    [null, ''],
    [1250000, '1250000'],
    ['1250000.00', '1250000.00'],
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+2348030000000', "'+2348030000000"],
    ['-1+1', "'-1+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['Epe = Lagos', 'Epe = Lagos'],
  ])('%j → %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell)
  })

  test('a header and rows, CRLF line ends', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x', 1],
          [null, '=1'],
        ],
      ),
    ).toBe("\uFEFFa,b\r\nx,1\r\n,'=1\r\n")
  })
})

describe('decimalAmount: kobo as a plain decimal of naira', () => {
  test.each([
    [125_000_000, '1250000.00'],
    [125_000_050, '1250000.50'],
    [1, '0.01'],
    [0, '0.00'],
    [99, '0.99'],
    [100_000_000_000_000, '1000000000000.00'],
  ])('%s kobo → %s', (kobo, text) => {
    expect(decimalAmount(kobo)).toBe(text)
  })
})
