/**
 * Request bodies over their limit, against the built server: a chunked body (no Content-Length)
 * of 128 MB streamed to the API's sign-in, to the sign-in form and to the payment form's upload is
 * answered 413 without the server holding it (its RSS grows by less than 80 MB), while other
 * requests are still answered; a declared Content-Length over the limit is refused unread; and
 * the same posts of a legitimate size still work.
 */
import fs from 'node:fs'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { quietMailLog } from '../support/quiet'
import { realPng } from '../support/images'
import { buildWorld, PASSWORD, type World } from '../support/security-world'
import {
  httpClient,
  rawRequest,
  serverPort,
  startServer,
  webSignIn,
  type RunningServer,
} from '../support/server'

quietMailLog()

let server: RunningServer
let world: World
let customerCookie: string

beforeAll(async () => {
  server = await startServer({ port: serverPort(0) })
  world = await buildWorld(httpClient(server))
  customerCookie = (await webSignIn(server.url, world.customer.email, PASSWORD)).cookie
})

afterAll(async () => {
  await server?.stop()
})

const MB = 1024 * 1024
const STREAMED = 128 * MB
const BOUNDARY = 'body-limit-boundary'

/** The server's resident memory in bytes, as the kernel counts it. */
function serverRss() {
  const status = fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) * 1024
}

type Streamed = {
  status: number | null
  text: string
  sent: number
  error: string | null
  location?: string
}

/**
 * Posts `head` followed by filler bytes up to `total`, in chunks (Transfer-Encoding: chunked, no
 * Content-Length), writing as fast as the server takes them. Ends when the whole body went out or
 * the connection failed, and the answer (if any) was read.
 */
function streamChunked(
  path: string,
  headers: Record<string, string>,
  head: string,
  {
    total = STREAMED,
    pause,
  }: { total?: number; pause?: { at: number; until: Promise<unknown> } } = {},
): Promise<Streamed> {
  return new Promise((resolve) => {
    const result: Streamed = { status: null, text: '', sent: 0, error: null }
    let writing = true
    let answered = false
    const finish = () => {
      if (!writing && answered) resolve(result)
    }
    const request = http.request(
      `${server.url}${path}`,
      { method: 'POST', headers, agent: false },
      (response) => {
        result.status = response.statusCode ?? null
        result.location = response.headers.location
        response.on('data', (chunk: Buffer) => (result.text += chunk.toString()))
        response.on('end', () => {
          answered = true
          finish()
        })
        response.on('error', () => {
          answered = true
          finish()
        })
      },
    )
    request.on('error', (error: NodeJS.ErrnoException) => {
      result.error = error.code ?? error.message
      writing = false
      // A write can fail (EPIPE) a moment before the 413 sent ahead of the close is read: wait for it.
      setTimeout(() => {
        answered = true
        finish()
      }, 200)
    })
    request.on('close', () => {
      writing = false
      setTimeout(() => {
        answered = true
        finish()
      }, 200)
    })
    const filler = Buffer.alloc(64 * 1024, 'x')
    let headSent = false
    const write = () => {
      while (writing && (!headSent || result.sent < total)) {
        if (pause && result.sent >= pause.at) {
          const { until } = pause
          pause = undefined
          void until.then(write)
          return
        }
        const chunk = headSent ? filler : Buffer.from(head)
        headSent = true
        result.sent += chunk.length
        if (!request.write(chunk)) {
          request.once('drain', write)
          return
        }
      }
      if (writing) {
        request.end()
        writing = false
        finish()
      }
    }
    write()
  })
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const JSON_TYPE = { 'content-type': 'application/json' }
const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }

function multipartHead(fields: Record<string, string>) {
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  )
  return `${parts.join('')}--${BOUNDARY}\r\nContent-Disposition: form-data; name="proof_of_payment"; filename="proof.png"\r\nContent-Type: image/png\r\n\r\n`
}

// The payment panel's address as its form posts it (over the list's first page).
const payPath = () => `/subscriptions/${world.unpaid.reference}/pay?page=1&type=land`
const paidAt = () => {
  const [year, month, day] = new Date(Date.now() - 24 * 3600_000)
    .toISOString()
    .slice(0, 10)
    .split('-')
  return { paid_on: `${day}/${month}/${year}`, paid_time: '10:30' }
}

describe('a 128 MB chunked body', () => {
  // A server that closes a connection with body bytes still unread makes the kernel reset it, and
  // now and then the reset overtakes the 413 on its way to the client: the run is tried again then.
  test(
    'to the API, the sign-in form and the payment upload at once: 413 each, memory held, other requests answered',
    { retry: 2 },
    async () => {
      // Warm up the paths first, so that the baseline includes what any request makes the server load.
      await rawRequest(`${server.url}/login`, {})
      await rawRequest(`${server.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: JSON_TYPE,
        body: '{}',
      })
      const baseline = serverRss()
      let peak = baseline
      const sampler = setInterval(() => (peak = Math.max(peak, serverRss())), 20)

      // Each body stops for a moment within every limit, until other requests have been answered
      // while the three are open; then the rest follows as fast as the server takes it.
      let othersAnswered: () => void = () => {}
      const gate = new Promise<void>((resolve) => (othersAnswered = resolve))
      const pause = { at: 512 * 1024, until: gate }
      const streams = Promise.all([
        streamChunked(
          '/api/v1/auth/login',
          JSON_TYPE,
          `{"email":"${world.customer.email}","password":"`,
          { pause },
        ),
        streamChunked(
          '/login',
          FORM,
          `email=${encodeURIComponent(world.customer.email)}&password=`,
          { pause },
        ),
        streamChunked(
          payPath(),
          { ...MULTIPART, cookie: customerCookie },
          multipartHead({ amount: '5000', ...paidAt() }),
          { pause },
        ),
      ])
      let streamsDone = false
      void streams.then(() => (streamsDone = true))

      const others: { status: number; phase: 'paused' | 'streaming' | 'after' }[] = []
      let phase: 'paused' | 'streaming' = 'paused'
      const ask = async (path: string) => {
        do {
          const answer = await rawRequest(`${server.url}${path}`, {})
          others.push({ status: answer.status, phase: streamsDone ? 'after' : phase })
          if (others.length >= 4 && phase === 'paused') {
            phase = 'streaming'
            othersAnswered()
          }
        } while (!streamsDone)
      }
      await Promise.all([ask('/api/v1/health'), ask('/login')])
      const [api, form, upload] = await streams
      clearInterval(sampler)
      peak = Math.max(peak, serverRss())
      const grewBy = peak - baseline
      console.log(
        `body limits: RSS ${Math.round(baseline / MB)} → peak ${Math.round(peak / MB)} MB (+${Math.round(grewBy / MB)} MB); ` +
          `sent ${[api, form, upload].map((one) => `${Math.round(one.sent / MB)} MB${one.error ? ` (${one.error})` : ''}`).join(', ')}; ` +
          `other requests answered: ${['paused', 'streaming', 'after'].map((name) => `${others.filter((other) => other.phase === name).length} ${name}`).join(', ')}`,
      )

      expect(api.status).toBe(413)
      expect(JSON.parse(api.text)).toMatchObject({
        status: 'payloadTooLarge',
        message: 'The request body is too large: at most 4 MB',
      })
      expect(form.status).toBe(413)
      expect(form.text).toContain('The form is too large to send')
      expect(upload.status, `${upload.location}`).toBe(413)
      expect(upload.text).toContain('The proof of payment may not be greater than 2 MB')
      expect(grewBy).toBeLessThan(80 * MB)
      expect(others.length).toBeGreaterThan(0)
      expect(others.every((other) => other.status === 200)).toBe(true)
      expect(others.filter((other) => other.phase === 'paused').length).toBeGreaterThanOrEqual(4)
      // Nothing was paid with the refused upload.
      const transactions = await httpClient(server).call(
        'GET',
        `product-subscription/${world.unpaid.reference}/transaction`,
        {
          token: world.customer.token,
        },
      )
      expect(transactions.data.items).toEqual([])
    },
  )

  test('a declared Content-Length over the limit is refused before the body is read', async () => {
    const result = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        `${server.url}/api/v1/auth/login`,
        {
          method: 'POST',
          agent: false,
          headers: { ...JSON_TYPE, 'content-length': String(300 * MB) },
        },
        (response) => {
          let text = ''
          response.on('data', (chunk: Buffer) => (text += chunk.toString()))
          response.on('end', () => {
            request.destroy()
            resolve({ status: response.statusCode ?? 0, text })
          })
        },
      )
      request.on('error', reject)
      // Only the start of the declared 300 MB is ever sent: the answer comes without the rest.
      request.write('{"email":"')
    })
    expect(result.status).toBe(413)
    expect(JSON.parse(result.text).status).toBe('payloadTooLarge')

    const page = await rawRequest(`${server.url}/login`, {
      method: 'POST',
      headers: { ...FORM, 'content-length': String(2 * MB) },
      body: `email=a%40example.com&password=${'x'.repeat(2 * MB - 31)}`,
    })
    expect(page.status).toBe(413)
    expect(page.text).toContain('The form is too large to send')
  })
})

describe('the connection after a 413', () => {
  /**
   * A request on `agent` that declares a body over the limit and sends only its start; resolves
   * with the answer's status and headers once it has been read.
   */
  function refusedOn(
    agent: http.Agent,
    path: string,
    headers: Record<string, string>,
    declared: number,
  ) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
      const request = http.request(
        `${server.url}${path}`,
        { method: 'POST', agent, headers: { ...headers, 'content-length': String(declared) } },
        (response) => {
          response.resume()
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers }),
          )
        },
      )
      request.on('error', reject)
      request.write('email=')
    })
  }
  const get = (agent: http.Agent, path: string) =>
    new Promise<number>((resolve, reject) => {
      http
        .get(`${server.url}${path}`, { agent }, (response) => {
          response.resume()
          response.on('end', () => resolve(response.statusCode ?? 0))
        })
        .on('error', reject)
    })

  // The refused body is left unread, so the server closes the connection after answering: it must
  // say so, or a client that keeps connections alive sends its next request into a closed one.
  test('says Connection: close, so a client keeping connections alive sends its next request on a new one', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    try {
      for (let round = 0; round < 5; round++) {
        const api = await refusedOn(agent, '/api/v1/auth/login', JSON_TYPE, 5 * MB)
        expect(api.status).toBe(413)
        expect(api.headers.connection).toBe('close')
        expect(await get(agent, '/api/v1/health')).toBe(200)
        const form = await refusedOn(agent, '/login', FORM, 2 * MB)
        expect(form.status).toBe(413)
        expect(form.headers.connection).toBe('close')
        expect(await get(agent, '/login')).toBe(200)
      }
    } finally {
      agent.destroy()
    }
  })
})

describe('posts of a legitimate size still work', () => {
  test('the API sign-in, the sign-in form and the payment form with its proof', async () => {
    const api = await rawRequest(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({ email: world.customer.email, password: PASSWORD }),
    })
    expect(api.status).toBe(200)
    expect(JSON.parse(api.text).data.token).toBeTruthy()

    // Chunked too: a body without Content-Length within the limit is read whole.
    const form = await streamChunked(
      '/login',
      FORM,
      `email=${encodeURIComponent(world.customer.email)}&password=${PASSWORD}&website=`,
      { total: 0 },
    )
    expect(form.status).toBe(302)

    const png = realPng(40, 30)
    const body = Buffer.concat([
      Buffer.from(multipartHead({ amount: '5000000', description: 'Transfer', ...paidAt() })),
      png,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ])
    const paid = await rawRequest(`${server.url}${payPath()}`, {
      method: 'POST',
      headers: { ...MULTIPART, cookie: customerCookie },
      body,
    })
    expect(
      paid.status,
      paid.text
        .replace(/<script[\s\S]*?<\/script>/g, '')
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .slice(-1500),
    ).toBe(302)
    const transactions = await httpClient(server).call(
      'GET',
      `product-subscription/${world.unpaid.reference}/transaction`,
      {
        token: world.customer.token,
      },
    )
    expect(transactions.data.items).toHaveLength(1)
    expect(transactions.data.items[0].amount).toBe(5_000_000)
  })
})
