import { expect, test } from 'vitest'
import { detectImageType } from '~/backend/files/content'
import { encodePng } from '~/backend/files/png'
import { TINY_JPEG } from '../support/images'

test('image types come from the content: whole PNGs and JPEGs only', () => {
  const png = encodePng(2, 2, new Uint8Array(12))
  expect(detectImageType(png)?.contentType).toBe('image/png')
  expect(detectImageType(png.subarray(0, 32))).toBeNull()
  expect(detectImageType(TINY_JPEG)?.contentType).toBe('image/jpeg')
  expect(detectImageType(TINY_JPEG.subarray(0, 40))).toBeNull()
  expect(detectImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]))).toBeNull()
  expect(detectImageType(new TextEncoder().encode('GIF89a......'))).toBeNull()
  expect(
    detectImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')),
  ).toBeNull()
})
