import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { users } from '~/backend/db/schema'
import { notify } from '~/backend/notifications/service'
import { createTestApi, type DataOf, type TestApi } from '../support/api-harness'

let api: TestApi
let alice: Awaited<ReturnType<TestApi['registerUser']>>
let bob: Awaited<ReturnType<TestApi['registerUser']>>

async function idOf(email: string) {
  const [row] = await api.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  return row.id
}

const list = (token: string, page?: number) =>
  api.call<DataOf<'notificationList'>>('GET', page ? `notification?page=${page}` : 'notification', {
    token,
  })

beforeAll(async () => {
  api = await createTestApi()
  alice = await api.registerUser('customer')
  bob = await api.registerUser('customer')
  // Twelve more events for Alice, one statement each so each has its own time.
  const aliceId = await idOf(alice.email)
  for (let n = 1; n <= 12; n++)
    await notify(api.db, aliceId, { title: `Note ${n}`, body: `Body ${n}` })
})
afterAll(async () => {
  await api?.close()
})

describe('GET notification', () => {
  test('registration leaves a welcome notification', async () => {
    const answer = await list(bob.token)
    expect(answer.httpStatus).toBe(200)
    expect(answer.data).toMatchObject({ page: 1, totalPages: 1, total_unread_notification: 1 })
    expect(answer.data.items).toHaveLength(1)
    expect(answer.data.items[0]).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Welcome to Land Banking',
      body: expect.stringContaining('Hello Ada'),
      link: null,
      is_read: false,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    })
  })

  test('10 a page, newest first, with the unread total', async () => {
    const first = await list(alice.token)
    expect(first.data).toMatchObject({ page: 1, totalPages: 2, total_unread_notification: 13 })
    expect(first.data.items.map((item) => item.title)).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((n) => `Note ${n}`),
    )
    const second = await list(alice.token, 2)
    expect(second.data).toMatchObject({ page: 2, totalPages: 2, total_unread_notification: 13 })
    expect(second.data.items.map((item) => item.title)).toEqual([
      'Note 2',
      'Note 1',
      'Welcome to Land Banking',
    ])
    const beyond = await list(alice.token, 3)
    expect(beyond.data).toMatchObject({ page: 3, totalPages: 2, items: [] })
  })

  test('a bad page number is refused under its name; an empty one reads page 1', async () => {
    const answer = await api.call('GET', 'notification?page=abc', { token: alice.token })
    expect(answer.httpStatus).toBe(422)
    expect(answer.data.page).toEqual(['Page must be a whole number from 1 to 1000000'])
    const empty = await api.call('GET', 'notification?page=', { token: alice.token })
    expect(empty.data.page).toBe(1)
    expect(empty.data.items).toHaveLength(10)
  })

  test('needs a signed-in, verified user', async () => {
    expect((await api.call('GET', 'notification')).httpStatus).toBe(401)
    const unverified = await api.call('POST', 'auth/register', {
      body: {
        email: 'unverified@example.com',
        password: 'password-123',
        first_name: 'U',
        last_name: 'V',
      },
    })
    expect((await list(unverified.data.token)).httpStatus).toBe(403)
  })
})

describe('GET notification/unread-count', () => {
  const unreadCount = (token?: string) => api.call('GET', 'notification/unread-count', { token })

  test("the caller's unread total, the list's figure, which follows reading", async () => {
    const carol = await api.registerUser('customer')
    const carolId = await idOf(carol.email)
    for (let n = 1; n <= 3; n++)
      await notify(api.db, carolId, { title: `Due ${n}`, body: `Instalment ${n}` })
    const answer = await unreadCount(carol.token)
    expect(answer.httpStatus).toBe(200)
    expect(answer.data).toEqual({ total_unread_notification: 4 })
    expect((await list(carol.token)).data.total_unread_notification).toBe(4)

    const [first] = (await list(carol.token)).data.items
    await api.call('POST', `notification/${first.uuid}/mark-as-read`, { token: carol.token })
    expect((await unreadCount(carol.token)).data).toEqual({ total_unread_notification: 3 })
    await api.call('POST', 'notification/mark-all-as-read', { token: carol.token })
    expect((await unreadCount(carol.token)).data).toEqual({ total_unread_notification: 0 })
    // Another user's notifications are not counted.
    expect((await unreadCount(bob.token)).data.total_unread_notification).toBe(
      (await list(bob.token)).data.total_unread_notification,
    )
  })

  test('needs a signed-in, verified user', async () => {
    expect((await unreadCount()).httpStatus).toBe(401)
    const unverified = await api.call('POST', 'auth/register', {
      body: {
        email: 'unverified-count@example.com',
        password: 'password-123',
        first_name: 'U',
        last_name: 'V',
      },
    })
    expect((await unreadCount(unverified.data.token)).httpStatus).toBe(403)
  })
})

describe('POST notification/{uuid}/mark-as-read', () => {
  test('marks one of the caller’s notifications read', async () => {
    const before = await list(alice.token)
    const target = before.data.items[2]
    const answer = await api.call('POST', `notification/${target.uuid}/mark-as-read`, {
      token: alice.token,
    })
    expect(answer.httpStatus).toBe(200)
    const after = await list(alice.token)
    expect(after.data.total_unread_notification).toBe(before.data.total_unread_notification - 1)
    expect(after.data.items[2]).toMatchObject({ uuid: target.uuid, is_read: true })
    // Marking it again changes nothing.
    await api.call('POST', `notification/${target.uuid}/mark-as-read`, { token: alice.token })
    expect((await list(alice.token)).data.total_unread_notification).toBe(
      after.data.total_unread_notification,
    )
  })

  test('the paths work with a leading slash too', async () => {
    const target = (await list(alice.token)).data.items[3]
    const answer = await api.call('POST', `//notification/${target.uuid}/mark-as-read`, {
      token: alice.token,
    })
    expect(answer.httpStatus).toBe(200)
    expect((await list(alice.token)).data.items[3].is_read).toBe(true)
  })

  test('unknown and malformed uuids answer 404', async () => {
    const unknown = await api.call(
      'POST',
      'notification/00000000-0000-4000-8000-000000000000/mark-as-read',
      {
        token: alice.token,
      },
    )
    expect(unknown.httpStatus).toBe(404)
    const malformed = await api.call('POST', 'notification/not-a-uuid/mark-as-read', {
      token: alice.token,
    })
    expect(malformed.httpStatus).toBe(404)
  })
})

describe("nobody reads or changes another user's notifications", () => {
  test('the list holds only the caller’s own', async () => {
    const bobs = await list(bob.token)
    const alices = [
      ...(await list(alice.token)).data.items,
      ...(await list(alice.token, 2)).data.items,
    ]
    const aliceIds = new Set(alices.map((item) => item.uuid))
    expect(bobs.data.items.some((item) => aliceIds.has(item.uuid))).toBe(false)
  })

  test("marking someone else's notification answers 404 and leaves it unread", async () => {
    const target = (await list(alice.token)).data.items.find((item) => !item.is_read)!
    const answer = await api.call('POST', `notification/${target.uuid}/mark-as-read`, {
      token: bob.token,
    })
    expect(answer.httpStatus).toBe(404)
    const after = (await list(alice.token)).data.items.find((item) => item.uuid === target.uuid)
    expect(after?.is_read).toBe(false)
  })

  test("another user's mark-all and delete-all leave them untouched", async () => {
    const before = await list(alice.token)
    expect(
      (await api.call('POST', 'notification/mark-all-as-read', { token: bob.token })).httpStatus,
    ).toBe(200)
    expect(
      (
        await api.call('POST', 'notification/delete-all', {
          token: bob.token,
          body: { confirm: true },
        })
      ).httpStatus,
    ).toBe(200)
    expect((await list(bob.token)).data).toMatchObject({ items: [], total_unread_notification: 0 })
    expect((await list(alice.token)).data).toEqual(before.data)
  })
})

describe('bulk actions', () => {
  test('mark all as read', async () => {
    const answer = await api.call('POST', 'notification/mark-all-as-read', { token: alice.token })
    expect(answer).toMatchObject({
      httpStatus: 200,
      message: 'All notifications marked as read successfully',
    })
    const after = await list(alice.token)
    expect(after.data.total_unread_notification).toBe(0)
    expect(after.data.items.every((item) => item.is_read)).toBe(true)
    expect(after.data.totalPages).toBe(2)
  })

  test('delete all deletes nothing until it is confirmed', async () => {
    const before = await list(alice.token)
    for (const body of [undefined, {}, { confirm: false }]) {
      const refused = await api.call('POST', 'notification/delete-all', {
        token: alice.token,
        body,
      })
      expect(refused).toMatchObject({
        httpStatus: 422,
        data: { confirm: [expect.any(String)] },
      })
    }
    expect((await list(alice.token)).data).toEqual(before.data)
  })

  test('delete all', async () => {
    const answer = await api.call('POST', '/notification/delete-all', {
      token: alice.token,
      body: { confirm: true },
    })
    expect(answer).toMatchObject({
      httpStatus: 200,
      message: 'All notifications deleted successfully',
    })
    expect((await list(alice.token)).data).toEqual({
      items: [],
      page: 1,
      page_size: 10,
      total: 0,
      total_pages: 1,
      totalPages: 1,
      total_unread_notification: 0,
    })
  })

  test('GET on the action paths is not allowed', async () => {
    expect(
      (await api.call('GET', 'notification/delete-all', { token: alice.token })).httpStatus,
    ).toBe(405)
  })
})

describe('the welcome notification', () => {
  test('a staff-made account is welcomed once, at its first sign-in', async () => {
    const staff = await api.createStaff(['can_view_customer'])
    const first = await list(staff.token)
    expect(first.data.items.map((item) => item.title)).toEqual(['Welcome to Land Banking'])
    const again = await api.login(staff.email, staff.password)
    expect((await list(again.token)).data.items).toHaveLength(1)
  })

  test('an account made by staff without a password is welcomed when its owner sets one', async () => {
    const { createAccount, createPasswordLink } = await import('~/backend/auth/service')
    const email = 'made-by-staff@example.com'
    const user = await createAccount(api.db, {
      email,
      firstName: 'Made',
      lastName: 'ByStaff',
      role: 'customer',
    })
    const link = new URL(await createPasswordLink(api.db, user, 'set'))
    const set = await api.call('POST', 'auth/reset-password', {
      body: {
        email,
        token: link.searchParams.get('token'),
        password: 'password-123',
        password_confirmation: 'password-123',
      },
    })
    expect(set.status).toBe('200')
    const items = (await list(set.data.token)).data.items
    expect(items.map((item) => item.title)).toEqual(['Welcome to Land Banking'])
    expect(items[0].body).toContain('Hello Made')
    const signedIn = await api.login(email, 'password-123')
    expect((await list(signedIn.token)).data.items).toHaveLength(1)
  })
})
