import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { SessionData } from '~/contract/auth'

// A process of its own (vitest forks): this environment is what getEnv() reads once.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-session-'))
Object.assign(process.env, {
  DATA_DIR: dataDir,
  SESSION_SECRET: 'unit-session-secret-0123456789',
  TRUST_PROXY: 'true',
})

let session: typeof import('~/utils/session.server')
let request: typeof import('~/utils/request.server')
beforeAll(async () => {
  session = await import('~/utils/session.server')
  request = await import('~/utils/request.server')
})
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

const signedIn = (verified: boolean): SessionData => ({
  token: 'token-123',
  user: {
    uuid: 'u-1',
    reference: 'CUS-1',
    first_name: 'Ada',
    last_name: 'Obi',
    email: 'ada@example.com',
    role: 'customer',
    permissions: [],
    email_verified: verified,
    business_name: null,
  },
})

async function thrown(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    return error as Response
  }
  throw new Error('expected a thrown response')
}

describe('the session cookie', () => {
  test('is HttpOnly, SameSite=Lax, and Secure only when the request came over HTTPS', async () => {
    const plain = await session.commitAuth(
      new Request('http://app.test/login'),
      signedIn(true),
      false,
    )
    expect(plain).toMatch(/^__session=/)
    expect(plain).toMatch(/; HttpOnly/)
    expect(plain).toMatch(/; SameSite=Lax/)
    expect(plain).not.toMatch(/; Secure/)
    expect(
      await session.commitAuth(new Request('https://app.test/login'), signedIn(true), false),
    ).toMatch(/; Secure/)
    // Behind a trusted proxy (TRUST_PROXY=true), its X-Forwarded-Proto tells.
    const proxied = new Request('http://app.test/login', {
      headers: { 'x-forwarded-proto': 'https' },
    })
    expect(await session.commitAuth(proxied, signedIn(true), false)).toMatch(/; Secure/)
  })

  test("'Remember me' makes it last 30 days; otherwise it ends with the browser", async () => {
    expect(await session.commitAuth(new Request('http://app.test/'), signedIn(true), true)).toMatch(
      /; Max-Age=2592000/,
    )
    expect(
      await session.commitAuth(new Request('http://app.test/'), signedIn(true), false),
    ).not.toMatch(/Max-Age|Expires/)
  })

  test('a cookie signed with another secret is no session at all', async () => {
    const cookie = (
      await session.commitAuth(new Request('http://app.test/'), signedIn(true), false)
    ).split(';')[0]
    const tampered = cookie.slice(0, -3) + 'abc'
    expect(
      await session.getAuth(new Request('http://app.test/', { headers: { cookie: tampered } })),
    ).toBeNull()
    expect(
      await session.getAuth(new Request('http://app.test/', { headers: { cookie } })),
    ).toMatchObject({ token: 'token-123' })
  })
})

describe('access rules', () => {
  async function requestWith(data: SessionData | null, url = 'http://app.test/subscriptions') {
    if (!data) return new Request(url)
    const cookie = (await session.commitAuth(new Request(url), data, false)).split(';')[0]
    return new Request(url, { headers: { cookie } })
  }

  test('signed out goes to /login; unverified goes to /verify-email; verified passes', async () => {
    const out = await thrown(session.requireAuth(await requestWith(null)))
    expect(out.headers.get('location')).toBe('/login')
    const unverified = await thrown(session.requireAuth(await requestWith(signedIn(false))))
    expect(unverified.headers.get('location')).toBe('/verify-email')
    expect(
      (await session.requireAuth(await requestWith(signedIn(false)), { allowUnverified: true }))
        .user.email,
    ).toBe('ada@example.com')
    expect((await session.requireUser(await requestWith(signedIn(true)))).first_name).toBe('Ada')
  })

  test('public-only screens send anyone signed in to /', async () => {
    await expect(session.requireAnonymous(await requestWith(null))).resolves.toBeUndefined()
    const answer = await thrown(session.requireAnonymous(await requestWith(signedIn(false))))
    expect(answer.headers.get('location')).toBe('/')
  })
})

describe('assertSameOrigin', () => {
  const post = (headers: Record<string, string>) =>
    new Request('http://app.test/login', {
      method: 'POST',
      headers: { host: 'app.test', ...headers },
    })

  test('lets same-origin posts and posts without Origin (curl) through', () => {
    expect(() => request.assertSameOrigin(post({}))).not.toThrow()
    expect(() =>
      request.assertSameOrigin(
        post({ origin: 'http://app.test', 'sec-fetch-site': 'same-origin' }),
      ),
    ).not.toThrow()
  })

  test('refuses cross-site posts with 403', () => {
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'not a url' },
      // Sandboxed frames, data: pages and cross-site redirects send Origin: null.
      { origin: 'null' },
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
    ]
    for (const headers of crossSite) {
      let answer: Response | undefined
      try {
        request.assertSameOrigin(post(headers))
      } catch (error) {
        answer = error as Response
      }
      expect(answer?.status, JSON.stringify(headers)).toBe(403)
    }
  })
})
