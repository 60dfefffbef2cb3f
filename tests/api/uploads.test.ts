/**
 * Uploads: only whole PNG and JPEG images of at most 2 MB are stored, whatever
 * the file is called; HTML, SVG, polyglots (an image header or a whole image carrying markup),
 * empty and truncated files are refused; stored names are random; files are served with their
 * detected type, nosniff and a sandboxing CSP.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApi, type TestApi } from '../support/api-harness'
import { noisyPng, realPng, refusedFiles, TINY_JPEG } from '../support/images'
import { quietMailLog } from '../support/quiet'
import { yesterday } from '../support/security-world'

let api: TestApi
let admin: string
let customer: { token: string }

beforeAll(async () => {
  quietMailLog()
  api = await createTestApi()
  admin = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).token
  customer = await api.registerUser()
})
afterAll(async () => {
  await api?.close()
})

const upload = (token: string, content: Uint8Array, folder: string, fileName = 'photo.png') =>
  api.call('POST', 'media/upload', {
    token,
    body: {
      file_name: fileName,
      file_in_base64: Buffer.from(content).toString('base64'),
      file_extension: 'png',
      folder_path: folder,
    },
  })

const NAME = /^[0-9a-f]{32}\.(png|jpg)$/

describe('refused, whatever they are named', () => {
  test.each(refusedFiles())('$what renamed .png', async ({ what, content }) => {
    for (const [token, folder] of [
      [admin, 'products'],
      [customer.token, 'proofs'],
    ]) {
      // A proof of payment may be a PDF (tests/api/media.test.ts): only product images refuse it.
      if (what === 'a PDF' && folder === 'proofs') continue
      const answer = await upload(token, content, folder)
      expect(answer.httpStatus).toBe(422)
      expect(answer.status).toBe('payloadValidationError')
      expect(answer.data.file_in_base64?.[0]).toMatch(
        /^(The file must be a PNG or JPEG image(, or a PDF)?|Choose a file|The file is empty)$/,
      )
      expect(answer.message).toBe(answer.data.file_in_base64[0])
    }
  })

  test('a real image over 2 MB', async () => {
    const big = noisyPng(1024, 700)
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024)
    const answer = await upload(admin, big, 'products')
    expect(answer.httpStatus).toBe(422)
    expect(answer.data).toEqual({ file_in_base64: ['The file may not be greater than 2 MB'] })
  })
})

describe('stored and served', () => {
  test('real PNG and JPEG files are stored under random names, not the names they came with', async () => {
    const names = new Set<string>()
    for (const [content, type] of [
      [realPng(), 'png'],
      [TINY_JPEG, 'jpg'],
      [realPng(), 'png'],
    ] as const) {
      const answer = await upload(admin, content, 'products', '../../etc/passwd<script>.png')
      expect(answer.status, answer.message).toBe('200')
      expect(answer.data.name).toMatch(NAME)
      expect(answer.data.name.endsWith(`.${type}`)).toBe(true)
      expect(answer.data.file_url).toBe(`/api/v1/media/${answer.data.name}`)
      names.add(answer.data.name)
    }
    expect(names.size).toBe(3)
  })

  test('served with the detected type (a JPEG named .png is a JPEG), nosniff, a sandboxing CSP and no script-friendly disposition', async () => {
    const answer = await upload(admin, TINY_JPEG, 'products', 'holiday.png')
    const served = await api.call('GET', `media/${answer.data.name}`)
    expect(served.httpStatus).toBe(200)
    expect(served.response.headers.get('content-type')).toBe('image/jpeg')
    expect(served.response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(served.response.headers.get('content-security-policy')).toMatch(
      /default-src 'none'.*sandbox/,
    )
    expect(served.response.headers.get('content-disposition')).toBe(
      `inline; filename="${answer.data.name}"`,
    )
    expect(new Uint8Array(await served.response.arrayBuffer())).toEqual(TINY_JPEG)
  })

  test('a proof of payment is served at the URL its transaction shows, to its owner', async () => {
    const product = await api.call('POST', 'admin/product', {
      token: admin,
      body: { type: 'land', name: 'Plot', description: 'Plot', location: 'Epe', amount: 100_000 },
    })
    const subscription = await api.call('POST', 'product-subscription', {
      token: customer.token,
      body: { type: 'land', product_id: product.data.reference, payment_mode: 'full' },
    })
    const proof = await upload(customer.token, realPng(), 'proofs', 'receipt.png')
    const paid = await api.call(
      'POST',
      `product-subscription/${subscription.data.reference}/transaction`,
      {
        token: customer.token,
        body: { amount: 100_000, proof_of_payment: proof.data.file_url, paid_at: yesterday() },
      },
    )
    expect(paid.status, paid.message).toBe('200')
    const shown = new URL(paid.data.proof_of_payment, 'http://localhost').pathname
    expect(shown).toBe(`/api/v1/media/${proof.data.name}`)
    const served = await api.call('GET', shown.replace('/api/v1/', ''), { token: customer.token })
    expect(served.httpStatus).toBe(200)
    expect(served.response.headers.get('content-type')).toBe('image/png')
    expect(served.response.headers.get('x-content-type-options')).toBe('nosniff')
    expect((await api.call('GET', shown.replace('/api/v1/', ''))).httpStatus).toBe(404)
  })
})
