import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { encodePng } from '~/backend/files/png'
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApi, type TestApi } from '../support/api-harness'
import { noisyPng, TINY_JPEG, tinyPdf } from '../support/images'

let api: TestApi
let admin: string
let customer: string
let otherCustomer: string
let staff: string
let productStaff: string

const png = encodePng(4, 3, new Uint8Array(4 * 3 * 3).fill(200))
const jpeg = TINY_JPEG
const base64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64')

const upload = (
  token: string | undefined,
  file: Uint8Array | string,
  extra: Record<string, unknown> = {},
) =>
  api.call('POST', 'media/upload', {
    token,
    body: {
      file_name: 'plot.png',
      file_in_base64: base64(file),
      file_extension: 'png',
      folder_path: 'products',
      ...extra,
    },
  })

const serve = (url: string, token?: string) =>
  api.call('GET', url.replace(/^\/api\/v1\//, ''), { token })

beforeAll(async () => {
  api = await createTestApi()
  admin = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).token
  customer = (await api.registerUser('customer')).token
  otherCustomer = (await api.registerUser('customer')).token
  staff = (await api.createStaff([])).token
  productStaff = (await api.createStaff(['can_modify_product'])).token
})
afterAll(async () => {
  await api?.close()
})

describe('POST media/upload', () => {
  test('stores a PNG under a random name and answers its URL', async () => {
    const first = await upload(admin, png)
    expect(first.status).toBe('200')
    expect(first.data).toMatchObject({
      file_url: expect.stringMatching(/^\/api\/v1\/media\/[0-9a-f]{32}\.png$/),
      content_type: 'image/png',
      size: png.length,
    })
    const second = await upload(admin, png)
    expect(second.data.file_url).not.toBe(first.data.file_url)
    expect(first.data.file_url).not.toContain('plot')
  })

  test('the content decides the type: a JPEG named .png is stored and served as a JPEG', async () => {
    const answer = await upload(productStaff, jpeg, {
      file_name: 'photo.png',
      file_extension: 'png',
    })
    expect(answer.data.file_url).toMatch(/\.jpg$/)
    const served = await serve(answer.data.file_url)
    expect(served.response.headers.get('content-type')).toBe('image/jpeg')
  })

  test('a renamed HTML file, an SVG, a truncated PNG header and garbage are refused', async () => {
    const html = '<!doctype html><html><script>alert(1)</script></html>'
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    for (const file of [html, svg, png.subarray(0, 20), new Uint8Array([0xff, 0xd8])]) {
      const answer = await upload(admin, file)
      expect(answer.httpStatus).toBe(422)
      expect(answer.status).toBe('payloadValidationError')
      expect(answer.data).toEqual({ file_in_base64: ['The file must be a PNG or JPEG image'] })
    }
    const notBase64 = await api.call('POST', 'media/upload', {
      token: admin,
      body: { file_in_base64: '<<not base64>>', folder_path: 'products' },
    })
    expect(notBase64.data).toEqual({ file_in_base64: ['The file must be a PNG or JPEG image'] })
  })

  test('an oversized file and an empty file are refused', async () => {
    const big = noisyPng(1024, 700)
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024)
    const oversized = await upload(admin, big)
    expect(oversized.data).toEqual({ file_in_base64: ['The file may not be greater than 2 MB'] })
    const underLimit = noisyPng(1000, 696)
    expect(underLimit.length).toBeLessThanOrEqual(2 * 1024 * 1024)
    expect((await upload(admin, underLimit)).status).toBe('200')

    const empty = await upload(admin, new Uint8Array())
    expect(empty.data).toEqual({ file_in_base64: ['Choose a file'], file: ['Choose a file'] })
    const emptyDataUrl = await api.call('POST', 'media/upload', {
      token: admin,
      body: { file_in_base64: 'data:image/png;base64,', folder_path: 'products' },
    })
    expect(emptyDataUrl.data).toEqual({ file_in_base64: ['The file is empty'] })
  })

  test('other extensions and odd folders are refused', async () => {
    const gif = await upload(admin, png, { file_extension: 'gif' })
    expect(gif.data).toEqual({ file_extension: ['The file extension must be png, jpg or jpeg'] })
    const folder = await upload(admin, png, { folder_path: '../etc' })
    expect(folder.data).toEqual({
      folder_path: ['Folder path may hold letters, digits, - and _ only'],
    })
  })

  test('uploading needs a sign-in; product images need can_modify_product', async () => {
    expect((await upload(undefined, png)).httpStatus).toBe(401)
    expect((await upload(customer, png)).httpStatus).toBe(403)
    expect((await upload(staff, png)).httpStatus).toBe(403)
    expect((await upload(productStaff, png)).status).toBe('200')
    expect((await upload(customer, png, { folder_path: 'proofs' })).status).toBe('200')
  })
})

describe('POST media/upload as multipart with a binary file part', () => {
  const multipart = (
    token: string,
    file: File,
    fields: Record<string, string> = { folder_path: 'products' },
  ) => {
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    form.append('file', file)
    return api.call('POST', 'media/upload', { token, raw: form })
  }

  test('a PNG sent as a binary part named `file` is stored like its base64 and served back byte for byte', async () => {
    const answer = await multipart(admin, new File([png], 'plot.png', { type: 'image/png' }))
    expect(answer.httpStatus).toBe(200)
    expect(answer.data).toMatchObject({
      content_type: 'image/png',
      size: png.length,
      file_url: expect.stringMatching(/\.png$/),
    })
    const served = await serve(answer.data.file_url)
    expect(new Uint8Array(await served.response.arrayBuffer())).toEqual(png)
  })

  test('the same checks as base64: a non-image is refused with the same message, under `file`; too large, or none chosen', async () => {
    const html = new File(['<!doctype html><html><script>alert(1)</script></html>'], 'plot.png', {
      type: 'image/png',
    })
    const refused = await multipart(admin, html)
    expect(refused.httpStatus).toBe(422)
    expect(refused.data).toEqual({ file: ['The file must be a PNG or JPEG image'] })
    const proof = await multipart(customer, html, { folder_path: 'proofs' })
    expect(proof.data).toEqual({ file: ['The file must be a PNG or JPEG image, or a PDF'] })

    const oversized = await multipart(admin, new File([noisyPng(1024, 700)], 'big.png'))
    expect(oversized.data).toEqual({ file: ['The file may not be greater than 2 MB'] })
    // A form whose file box was left empty sends a nameless empty part.
    const none = await multipart(admin, new File([], ''))
    expect(none.data).toEqual({ file_in_base64: ['Choose a file'], file: ['Choose a file'] })
    // Product images still need can_modify_product.
    expect((await multipart(customer, new File([png], 'plot.png'))).httpStatus).toBe(403)
  })
})

describe('GET media/{name}', () => {
  test('serves a product image to anyone with its type, nosniff and a long cache', async () => {
    const { data } = await upload(admin, png)
    const served = await serve(data.file_url)
    expect(served.httpStatus).toBe(200)
    expect(served.response.headers.get('content-type')).toBe('image/png')
    expect(served.response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(served.response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(new Uint8Array(await served.response.arrayBuffer())).toEqual(png)
  })

  test('other files only to their owner and the super admin (and who sees the subscription they prove); others get a 404', async () => {
    const { data } = await upload(customer, png, { folder_path: 'proofs' })
    expect((await serve(data.file_url)).httpStatus).toBe(404)
    expect((await serve(data.file_url, otherCustomer)).httpStatus).toBe(404)
    const own = await serve(data.file_url, customer)
    expect(own.httpStatus).toBe(200)
    expect(own.response.headers.get('cache-control')).toMatch(/^private/)
    // Staff without a subscription permission see no proofs: a 404 like anyone else.
    expect((await serve(data.file_url, staff)).httpStatus).toBe(404)
    expect((await serve(data.file_url, admin)).httpStatus).toBe(200)
  })

  test('unknown names answer 404', async () => {
    expect((await serve('/api/v1/media/0123456789abcdef0123456789abcdef.png')).httpStatus).toBe(404)
  })
})

describe('product images', () => {
  const land = (images: string[]) => ({
    type: 'land',
    name: 'Plots with pictures',
    description: 'Plots with pictures',
    location: 'Mowe, Ogun State',
    amount: 3_000_000,
    images,
  })

  test('a product keeps its uploaded images in order; removing one deletes it', async () => {
    const first = (await upload(admin, png)).data.file_url
    const second = (await upload(admin, jpeg)).data.file_url
    const created = await api.call('POST', 'admin/product', {
      token: admin,
      body: land([second, `http://example.test${first}`]),
    })
    expect(created.status).toBe('200')
    expect(created.data.images).toEqual([second, first])

    const edited = await api.call('POST', `admin/product/${created.data.reference}`, {
      token: admin,
      body: land([first]),
    })
    expect(edited.data.images).toEqual([first])
    expect((await serve(second)).httpStatus).toBe(404)
    expect((await serve(first)).httpStatus).toBe(200)
  })

  test('only uploaded product images may be attached', async () => {
    const proof = (await upload(customer, png, { folder_path: 'proofs' })).data.file_url
    const answer = await api.call('POST', 'admin/product', {
      token: admin,
      body: land([proof, 'https://example.com/cat.png']),
    })
    expect(answer.httpStatus).toBe(409)
    expect(answer.data).toEqual({
      'images.0': ['The image must be an uploaded product image'],
      'images.1': ['The image must be an uploaded product image'],
    })
  })
})

describe('proofs of payment as PDF', () => {
  const proofUpload = (
    token: string,
    file: Uint8Array | string,
    extra: Record<string, unknown> = {},
  ) =>
    upload(token, file, {
      file_name: 'statement.pdf',
      file_extension: 'pdf',
      folder_path: 'proofs',
      ...extra,
    })

  test('a PDF proof is stored, and served only as a download (attachment), never inline', async () => {
    const pdf = tinyPdf()
    const answer = await proofUpload(customer, pdf)
    expect(answer.status, answer.message).toBe('200')
    expect(answer.data).toMatchObject({
      file_url: expect.stringMatching(/^\/api\/v1\/media\/[0-9a-f]{32}\.pdf$/),
      content_type: 'application/pdf',
    })
    const served = await serve(answer.data.file_url, customer)
    expect(served.httpStatus).toBe(200)
    expect(served.response.headers.get('content-type')).toBe('application/pdf')
    expect(served.response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="[0-9a-f]{32}\.pdf"$/,
    )
    expect(served.response.headers.get('cache-control')).toMatch(/^private/)
    expect(new Uint8Array(await served.response.arrayBuffer())).toEqual(pdf)
    // Images are still shown in place.
    const image = await upload(customer, realPngFor(), { folder_path: 'proofs' })
    expect(
      (await serve(image.data.file_url, customer)).response.headers.get('content-disposition'),
    ).toMatch(/^inline/)
    // Strangers still get a 404.
    expect((await serve(answer.data.file_url, otherCustomer)).httpStatus).toBe(404)
  })

  test('a fake PDF is refused: markup behind %PDF-, a file that only claims the name, a truncated one, one with a script', async () => {
    const refused = [
      new TextEncoder().encode('%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF\n'),
      new TextEncoder().encode('this is not a pdf at all, only named statement.pdf'),
      tinyPdf().slice(0, 60),
      tinyPdf('x', '/OpenAction <</S/JavaScript/JS (app.alert(1))>>'),
      tinyPdf('x', '/Names <</EmbeddedFiles 4 0 R>>'),
    ]
    for (const file of refused) {
      const answer = await proofUpload(customer, file)
      expect(answer.httpStatus).toBe(422)
      expect(answer.data).toEqual({
        file_in_base64: ['The file must be a PNG or JPEG image, or a PDF'],
      })
    }
  })

  test('the size limit holds for PDFs; a product image may not be a PDF', async () => {
    const padding = '%'.repeat(2 * 1024 * 1024)
    const big = new TextEncoder().encode(`%PDF-1.4\n${padding}\n%%EOF\n`)
    expect((await proofUpload(customer, big)).data).toEqual({
      file_in_base64: ['The file may not be greater than 2 MB'],
    })
    const asProduct = await upload(productStaff, tinyPdf(), { file_extension: 'pdf' })
    expect(asProduct.data).toEqual({
      file_extension: ['The file extension must be png, jpg or jpeg'],
    })
    const unnamed = await upload(productStaff, tinyPdf(), { file_extension: undefined })
    expect(unnamed.data).toEqual({ file_in_base64: ['The file must be a PNG or JPEG image'] })
  })
})

function realPngFor() {
  return encodePng(
    3,
    2,
    new Uint8Array(3 * 2 * 3).map(() => Math.floor(Math.random() * 256)),
  )
}
