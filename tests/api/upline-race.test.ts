import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { users } from '~/backend/db/schema'
import { UPLINE_LOOP } from '~/contract/people'
import { createTestApi, type TestApi } from '../support/api-harness'

/**
 * Runs on PGlite and, in the test command's PostgreSQL pass (TEST_DATABASE_URL), on a real server
 * with a pool of connections, where the two changes truly run at the same time.
 */
let api: TestApi
let editor: Awaited<ReturnType<TestApi['createStaff']>>

beforeAll(async () => {
  api = await createTestApi()
  editor = await api.createStaff(['can_view_realtor', 'can_modify_realtor'])
})
afterAll(async () => {
  await api?.close()
})

type Registered = Awaited<ReturnType<TestApi['registerUser']>>

const giveUpline = (realtor: Registered, upline: Registered) =>
  api.call('POST', `admin/realtor/${realtor.user.reference}`, {
    token: editor.token,
    body: {
      first_name: realtor.user.first_name,
      last_name: realtor.user.last_name,
      email: realtor.email,
      business_name: 'Obi Homes',
      upline: upline.user.reference,
    },
  })

test('A→B and B→A sent at once, round after round: one is saved, the other refused on upline, and no loop is ever made', async () => {
  const [a, b] = await Promise.all([api.registerUser('realtor'), api.registerUser('realtor')])
  const [aId, bId] = await Promise.all(
    [a, b].map(
      async (realtor) =>
        (await api.db.select({ id: users.id }).from(users).where(eq(users.email, realtor.email)))[0]
          .id,
    ),
  )
  const wrong: string[] = []
  for (let round = 1; round <= 30; round++) {
    await api.db
      .update(users)
      .set({ uplineId: null })
      .where(inArray(users.id, [aId, bId]))
    const answers = await Promise.all([giveUpline(a, b), giveUpline(b, a)])
    const rows = await api.db
      .select({ id: users.id, uplineId: users.uplineId })
      .from(users)
      .where(inArray(users.id, [aId, bId]))
    const uplineOf = new Map(rows.map((row) => [row.id, row.uplineId]))
    const statuses = answers.map((answer) => answer.httpStatus).sort()
    const refused = answers.find((answer) => answer.httpStatus === 409)
    if (uplineOf.get(aId) === bId && uplineOf.get(bId) === aId)
      wrong.push(`round ${round}: A and B are each other's upline`)
    else if (statuses.join() !== '200,409')
      wrong.push(`round ${round}: answered ${statuses.join(' and ')}`)
    else if (JSON.stringify(refused?.data.upline) !== JSON.stringify([UPLINE_LOOP]))
      wrong.push(`round ${round}: refused with ${JSON.stringify(refused?.data)}`)
  }
  expect(wrong).toEqual([])
  // The last round left exactly one of the two changes: A below B, or B below A.
  const [aNow, bNow] = [
    (await api.call('GET', `admin/realtor/${a.user.reference}`, { token: editor.token })).data,
    (await api.call('GET', `admin/realtor/${b.user.reference}`, { token: editor.token })).data,
  ]
  expect(
    [aNow.upline?.reference ?? null, bNow.upline?.reference ?? null].filter(Boolean),
  ).toHaveLength(1)
})
