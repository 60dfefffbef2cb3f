import zlib from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { acceptsBrotli, compressPage } from '~/utils/page-compression.server'

describe('acceptsBrotli', () => {
  test.each([
    ['gzip, deflate, br, zstd', true],
    ['br', true],
    ['BR;q=0.5, gzip', true],
    ['gzip, br ; q = 1', true],
    ['br;q=0, gzip', false],
    ['br;q=0.0', false],
    ['gzip, deflate', false],
    ['*', false],
    ['brotli', false],
    ['', false],
    [null, false],
  ])('%s → %s', (header, expected) => {
    expect(acceptsBrotli(header)).toBe(expected)
  })
})

describe('compressPage', () => {
  const html = Buffer.from(
    `<!DOCTYPE html><html><body>${'<p class="card">Lekki Pearl Gardens</p>'.repeat(400)}</body></html>`,
  )
  const request = (acceptEncoding?: string) =>
    new Request('http://localhost/land-purchases', {
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    })

  test('a browser that takes brotli gets the same page, smaller, and told so', async () => {
    const headers = new Headers()
    const body = await compressPage(request('gzip, deflate, br'), html, headers)
    expect(headers.get('content-encoding')).toBe('br')
    expect(headers.get('vary')).toBe('Accept-Encoding')
    expect(body.length).toBeLessThan(html.length / 10)
    expect(zlib.brotliDecompressSync(body).equals(html)).toBe(true)
  })

  test('anyone else gets the page as rendered (the server gzips it on the way out)', async () => {
    for (const acceptEncoding of [undefined, 'gzip', 'br;q=0, gzip']) {
      const headers = new Headers()
      const body = await compressPage(request(acceptEncoding), html, headers)
      expect(headers.get('content-encoding')).toBeNull()
      expect(headers.get('vary')).toBe('Accept-Encoding')
      expect(body.equals(html)).toBe(true)
    }
  })
})
