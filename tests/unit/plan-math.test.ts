import { expect, test } from 'vitest'
import { detectImageType } from '~/backend/media/files'
import { TINY_JPEG } from '../support/images'
import { encodePng } from '~/backend/media/png'
import { planSchedule } from '~/backend/products/plan-math'

test('a plan is the deposit, then duration − 1 equal instalments with the remainder on the last', () => {
  expect(planSchedule(130_000_000, 5, 20_000_000)).toEqual({
    deposit: 20_000_000,
    instalment: 27_500_000,
    instalments: [27_500_000, 27_500_000, 27_500_000, 27_500_000],
  })
  const thirds = planSchedule(100_000_000, 3, null)
  expect(thirds.deposit).toBe(33_333_333)
  expect(thirds.instalments).toEqual([33_333_333, 33_333_334])
  expect(thirds.deposit + thirds.instalments.reduce((sum, value) => sum + value, 0)).toBe(100_000_000)
})

test('every plan adds up to its amount, to the kobo', () => {
  for (const [amount, duration, deposit] of [
    [1_000_001, 7, null],
    [99_999_999, 12, 12_345_678],
    [10, 4, null],
    [5_000_000, 2, 4_999_999],
  ] as const) {
    const { deposit: first, instalments } = planSchedule(amount, duration, deposit)
    expect(instalments).toHaveLength(duration - 1)
    expect(first + instalments.reduce((sum, value) => sum + value, 0)).toBe(amount)
    expect(Math.min(...instalments)).toBe(instalments[0])
  }
})

test('image types come from the content: whole PNGs and JPEGs only', () => {
  const png = encodePng(2, 2, new Uint8Array(12))
  expect(detectImageType(png)?.contentType).toBe('image/png')
  expect(detectImageType(png.subarray(0, 32))).toBeNull()
  expect(detectImageType(TINY_JPEG)?.contentType).toBe('image/jpeg')
  expect(detectImageType(TINY_JPEG.subarray(0, 40))).toBeNull()
  expect(detectImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]))).toBeNull()
  expect(detectImageType(new TextEncoder().encode('GIF89a......'))).toBeNull()
  expect(detectImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
})
