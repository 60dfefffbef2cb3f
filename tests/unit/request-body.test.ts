import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { BodyTooLargeError, readBodyBytes, readBodyForm } from '~/contract/request-body'

const CHUNK = new Uint8Array(64 * 1024).fill(120)

/** A chunked body that never ends by itself, counting what was pulled from it. */
function endlessBody() {
  const pulled = { bytes: 0 }
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulled.bytes += CHUNK.byteLength
        controller.enqueue(CHUNK)
      },
    },
    { highWaterMark: 0 },
  )
  return { body, pulled }
}

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request('http://app.test/login', {
    method: 'POST',
    body,
    headers,
    duplex: 'half',
  } as RequestInit)

describe('readBodyBytes', () => {
  test('a body within the limit is read whole', async () => {
    const bytes = await readBodyBytes(post('x'.repeat(1000)), 1000)
    expect(bytes.byteLength).toBe(1000)
    expect((await readBodyBytes(post(null), 10)).byteLength).toBe(0)
  })

  test('a chunked body (no Content-Length) is given up once past the limit, without reading it all', async () => {
    const { body, pulled } = endlessBody()
    await expect(readBodyBytes(post(body), 1024 * 1024)).rejects.toBeInstanceOf(BodyTooLargeError)
    await new Promise((resolve) => setTimeout(resolve, 100))
    // The limit and the one chunk that crossed it; nothing more is pulled.
    expect(pulled.bytes).toBe(1024 * 1024 + CHUNK.byteLength)
  })

  test('a declared Content-Length over the limit is refused before a byte is read', async () => {
    const { body, pulled } = endlessBody()
    const request = post(body, { 'content-length': String(5 * 1024 * 1024) })
    await expect(readBodyBytes(request, 1024 * 1024)).rejects.toBeInstanceOf(BodyTooLargeError)
    expect(pulled.bytes).toBe(0)
  })

  test('one byte over the limit is too much', async () => {
    await expect(readBodyBytes(post('x'.repeat(1001)), 1000)).rejects.toBeInstanceOf(
      BodyTooLargeError,
    )
  })
})

describe('readBodyForm', () => {
  test('urlencoded and multipart forms within the limit', async () => {
    const urlencoded = await readBodyForm(
      post('email=ada%40example.com&remember=on', {
        'content-type': 'application/x-www-form-urlencoded',
      }),
      1000,
    )
    expect(urlencoded.get('email')).toBe('ada@example.com')
    const form = new FormData()
    form.set('amount', '5000')
    form.set('proof', new File([new Uint8Array(2000)], 'proof.png', { type: 'image/png' }))
    const multipart = await readBodyForm(
      new Request('http://app.test/pay', { method: 'POST', body: form }),
      10_000,
    )
    expect(multipart.get('amount')).toBe('5000')
    expect((multipart.get('proof') as File).size).toBe(2000)
  })

  test('a multipart form over the limit is refused', async () => {
    const form = new FormData()
    form.set('proof', new File([new Uint8Array(20_000)], 'proof.png', { type: 'image/png' }))
    await expect(
      readBodyForm(new Request('http://app.test/pay', { method: 'POST', body: form }), 10_000),
    ).rejects.toBeInstanceOf(BodyTooLargeError)
  })
})

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : []
  })
}

test('no code reads a request body except through the bounded reader', () => {
  const app = path.resolve(import.meta.dirname, '../../app')
  const offenders = sourceFiles(app)
    .filter((file) => path.relative(app, file) !== path.join('contract', 'request-body.ts'))
    .flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, at: `${path.relative(app, file)}:${index + 1}` }))
        .filter(({ line }) =>
          /\b[Rr]equest(\.clone\(\))?\.(formData|text|json|arrayBuffer|blob|body)\b/.test(line),
        )
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    )
  expect(offenders).toEqual([])
})
