import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hashToken } from '~/backend/secrets/tokens'
import { apiTokens } from '~/backend/db/schema'
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApi, type TestApi } from '../support/api-harness'

let api: TestApi
let superToken: string

beforeAll(async () => {
  api = await createTestApi()
  superToken = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).token
})
afterAll(async () => {
  await api?.close()
})

let sequence = 0
const freshEmail = (prefix: string) =>
  `${prefix}-${++sequence}-${Date.now().toString(36)}@example.com`

const linkIn = (mail: string | null, page: string) =>
  new RegExp(`http://localhost:3000/${page}\\?\\S+`).exec(mail ?? '')?.[0] ?? null
const tokenOf = (link: string | null) => (link ? new URL(link).searchParams.get('token') : null)

async function signedIn(token: string) {
  return (await api.call('GET', 'auth/me', { token })).httpStatus
}

/** A reset link for the account's current address, as forgot-password mails it. */
async function requestReset(email: string) {
  await api.call('POST', 'auth/forgot-password', { body: { email } })
  return tokenOf(linkIn(api.latestMail(email), 'reset-password'))
}

describe('editing someone who holds more permissions', () => {
  test('an admin with can_modify_user cannot move the e-mail of an admin holding more; the super admin can', async () => {
    const editor = await api.createStaff(['can_modify_user'])
    const target = await api.createStaff(['can_modify_user', 'can_verify_transaction'])
    const stolen = freshEmail('attacker')
    const refused = await api.call('POST', `admin/user/${target.user.uuid}/update`, {
      token: editor.token,
      body: { email: stolen, permissions: ['can_modify_user'] },
    })
    expect(refused.httpStatus).toBe(403)
    expect(refused.message).toBe('You cannot change someone who holds permissions you do not have')
    expect(await signedIn(target.token)).toBe(200)
    // Nothing moved: the reset link still goes to the real address only.
    await api.call('POST', 'auth/forgot-password', { body: { email: stolen } })
    expect(api.mailCount(stolen)).toBe(0)

    // Suspending is a change too.
    const suspend = await api.call('POST', `admin/user/${target.user.uuid}/suspend`, {
      token: editor.token,
    })
    expect(suspend.httpStatus).toBe(403)

    // An admin holding the same permissions or fewer is still edited as before.
    const peer = await api.createStaff(['can_modify_user'])
    const allowed = await api.call('POST', `admin/user/${peer.user.uuid}/update`, {
      token: editor.token,
      body: { email: '', permissions: [] },
    })
    expect(allowed.httpStatus).toBe(200)

    const moved = freshEmail('moved')
    const bySuper = await api.call('POST', `admin/user/${target.user.uuid}/update`, {
      token: superToken,
      body: { email: moved, permissions: ['can_modify_user', 'can_verify_transaction'] },
    })
    expect(bySuper.httpStatus).toBe(200)
    expect(bySuper.data.email).toBe(moved)
  })

  test('staff with can_modify_customer cannot edit a customer who somehow holds a permission they lack', async () => {
    const editor = await api.createStaff(['can_modify_customer'])
    const customer = await api.registerUser('customer')
    const { userPermissions, users } = await import('~/backend/db/schema')
    const [row] = await api.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, customer.email))
    await api.db
      .insert(userPermissions)
      .values({ userId: row.id, permission: 'can_modify_setting' })
    const refused = await api.call('POST', `admin/customer/${customer.user.uuid}`, {
      token: editor.token,
      body: { first_name: 'Ada', last_name: 'Obi', email: freshEmail('grab') },
    })
    expect(refused.httpStatus).toBe(403)
  })
})

describe('when staff change an e-mail', () => {
  test('the old address is told, and its sessions, password links and codes die', async () => {
    const editor = await api.createStaff(['can_modify_customer'])
    const customer = await api.registerUser('customer')
    const openReset = await requestReset(customer.email)
    expect(openReset).toBeTruthy()
    const moved = freshEmail('new-home')
    const answer = await api.call('POST', `admin/customer/${customer.user.uuid}`, {
      token: editor.token,
      body: { first_name: 'Ada', last_name: 'Obi', email: moved },
    })
    expect(answer.httpStatus).toBe(200)
    expect(answer.data.email).toBe(moved)

    const notice = api.latestMail(customer.email)
    expect(notice).toContain('Subject: Your Land Banking email address was changed')
    expect(notice).toContain(moved)
    expect(await signedIn(customer.token)).toBe(401)
    const reset = await api.call('POST', 'auth/reset-password', {
      body: {
        email: moved,
        token: openReset,
        password: 'password-999',
        password_confirmation: 'password-999',
      },
    })
    expect(reset.httpStatus).toBe(409)
    expect(reset.message).toBe('This link is invalid or has expired')
    // The account still signs in with its password at the new address.
    expect(
      (
        await api.call('POST', 'auth/login', {
          body: { email: moved, password: customer.password },
        })
      ).httpStatus,
    ).toBe(200)
  })

  test('a name-only edit revokes nothing and sends nothing', async () => {
    const customer = await api.registerUser('customer')
    const before = api.mailCount(customer.email)
    const answer = await api.call('POST', `admin/customer/${customer.user.uuid}`, {
      token: superToken,
      body: { first_name: 'Adaeze', last_name: 'Obi', email: customer.email },
    })
    expect(answer.httpStatus).toBe(200)
    expect(await signedIn(customer.token)).toBe(200)
    expect(api.mailCount(customer.email)).toBe(before)
  })
})

describe('realtors and their customers', () => {
  test("a realtor cannot change its customer's e-mail, even one it referred; other fields still change", async () => {
    const realtor = await api.registerUser('realtor')
    const referred = await api.registerUser('customer', { referral: realtor.user.reference })
    const grab = freshEmail('realtor-grab')
    const refused = await api.call('POST', `admin/customer/${referred.user.uuid}`, {
      token: realtor.token,
      body: { first_name: 'Ada', last_name: 'Obi', email: grab },
    })
    expect(refused.httpStatus).toBe(409)
    expect(refused.data).toEqual({ email: ["Only staff can change a customer's email"] })
    expect(await signedIn(referred.token)).toBe(200)

    const renamed = await api.call('POST', `admin/customer/${referred.user.uuid}`, {
      token: realtor.token,
      body: { first_name: 'Adanna', last_name: 'Obi', email: referred.email },
    })
    expect(renamed.httpStatus).toBe(200)
    expect(renamed.data).toMatchObject({ first_name: 'Adanna', email: referred.email })
  })

  test('a realtor cannot lift a staff suspension, but lifts its own', async () => {
    const realtor = await api.registerUser('realtor')
    const customer = await api.registerUser('customer', { referral: realtor.user.reference })
    const path = `admin/customer/${customer.user.uuid}/suspend`
    const staff = await api.createStaff(['can_modify_customer'])

    expect(
      (await api.call('POST', path, { token: staff.token, body: { is_suspended: true } }))
        .httpStatus,
    ).toBe(200)
    // Suspending again does not make the realtor the suspender.
    expect(
      (await api.call('POST', path, { token: realtor.token, body: { is_suspended: true } }))
        .httpStatus,
    ).toBe(200)
    const lift = await api.call('POST', path, {
      token: realtor.token,
      body: { is_suspended: false },
    })
    expect(lift.httpStatus).toBe(403)
    expect(lift.message).toBe('Only staff can lift this suspension')
    const toggle = await api.call('POST', path, { token: realtor.token })
    expect(toggle.httpStatus).toBe(403)
    expect(
      (
        await api.call('POST', 'auth/login', {
          body: { email: customer.email, password: customer.password },
        })
      ).httpStatus,
    ).toBe(403)

    expect(
      (await api.call('POST', path, { token: staff.token, body: { is_suspended: false } })).message,
    ).toBe('unsuspended successfully')

    expect(
      (await api.call('POST', path, { token: realtor.token, body: { is_suspended: true } }))
        .httpStatus,
    ).toBe(200)
    const own = await api.call('POST', path, {
      token: realtor.token,
      body: { is_suspended: false },
    })
    expect(own.httpStatus).toBe(200)
    expect(own.data.is_suspended).toBe(false)

    // Staff lift a realtor's suspension too.
    await api.call('POST', path, { token: realtor.token, body: { is_suspended: true } })
    expect(
      (await api.call('POST', path, { token: staff.token, body: { is_suspended: false } }))
        .httpStatus,
    ).toBe(200)
  })
})

describe('idle sessions', () => {
  async function idleFor(token: string, hours: number) {
    await api.db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now() - make_interval(hours => ${hours})` })
      .where(eq(apiTokens.tokenHash, hashToken(token)))
  }

  test("without 'Remember me' a token dies after 8 hours idle; with it, it lives on", async () => {
    const customer = await api.registerUser('customer')
    const plain = await api.call('POST', 'auth/login', {
      body: { email: customer.email, password: customer.password },
    })
    const remembered = await api.call('POST', 'auth/login', {
      body: { email: customer.email, password: customer.password, remember: true },
    })
    await idleFor(plain.data.token, 9)
    await idleFor(remembered.data.token, 9)
    expect(await signedIn(plain.data.token)).toBe(401)
    expect(await signedIn(remembered.data.token)).toBe(200)
  })

  test('using a token keeps it alive: its last use moves forward', async () => {
    const customer = await api.registerUser('customer')
    const { token } = await api.login(customer.email, customer.password)
    await idleFor(token, 7)
    expect(await signedIn(token)).toBe(200)
    const [row] = await api.db
      .select({ recent: sql<boolean>`${apiTokens.lastUsedAt} > now() - interval '1 minute'` })
      .from(apiTokens)
      .where(eq(apiTokens.tokenHash, hashToken(token)))
    expect(row.recent).toBe(true)
    await idleFor(token, 7)
    expect(await signedIn(token)).toBe(200)
  })
})

describe("a user's own e-mail change", () => {
  test('waits for the link sent to the new address; the old address is told; then the swap signs out other sessions', async () => {
    const customer = await api.registerUser('customer')
    const other = await api.login(customer.email, customer.password)
    const wanted = freshEmail('self-new')

    const wrongPassword = await api.call('POST', 'account/email', {
      token: customer.token,
      body: { email: wanted, current_password: 'not-my-password' },
    })
    expect(wrongPassword.data).toEqual({ current_password: ['The current password is incorrect'] })
    const taken = await api.call('POST', 'account/email', {
      token: customer.token,
      body: { email: ADMIN_EMAIL, current_password: customer.password },
    })
    expect(taken.data).toEqual({ email: ['The email has already been taken'] })

    const asked = await api.call('POST', 'account/email', {
      token: customer.token,
      body: { email: wanted, current_password: customer.password },
    })
    expect(asked.httpStatus).toBe(200)
    expect(asked.message).toBe(`We have sent a confirmation link to ${wanted}`)
    expect(api.latestMail(customer.email)).toContain(
      'Subject: A change of your email address was requested',
    )
    const status = await api.call('GET', 'account/email', { token: customer.token })
    expect(status.data).toEqual({ email: customer.email, pending_email: wanted })

    // Nothing changed yet: sign-in and password reset still use the old address only.
    expect((await api.call('GET', 'auth/me', { token: customer.token })).data.email).toBe(
      customer.email,
    )
    await api.call('POST', 'auth/forgot-password', { body: { email: wanted } })
    expect(api.latestMail(wanted)).not.toContain('reset-password')

    const token = tokenOf(linkIn(api.latestMail(wanted), 'confirm-email'))
    expect(token).toBeTruthy()
    const bogus = await api.call('POST', 'auth/confirm-email', {
      body: { token: 'not-a-real-token' },
    })
    expect(bogus.httpStatus).toBe(409)
    expect(bogus.message).toBe('This link is invalid or has expired')

    const confirmed = await api.call('POST', 'auth/confirm-email', {
      token: customer.token,
      body: { token },
    })
    expect(confirmed.httpStatus).toBe(200)
    expect(confirmed.message).toBe('Your email address has been changed')
    expect((await api.call('GET', 'auth/me', { token: customer.token })).data.email).toBe(wanted)
    expect(await signedIn(other.token)).toBe(401)
    expect(api.latestMail(wanted)).toContain('Subject: Your email address has been changed')
    expect(
      (await api.call('GET', 'account/email', { token: customer.token })).data.pending_email,
    ).toBeNull()

    const again = await api.call('POST', 'auth/confirm-email', { body: { token } })
    expect(again.httpStatus).toBe(409)
    expect(
      (
        await api.call('POST', 'auth/login', {
          body: { email: customer.email, password: customer.password },
        })
      ).httpStatus,
    ).toBe(401)
    expect(
      (
        await api.call('POST', 'auth/login', {
          body: { email: wanted, password: customer.password },
        })
      ).httpStatus,
    ).toBe(200)
  })

  test('an expired link changes nothing', async () => {
    const customer = await api.registerUser('customer')
    const wanted = freshEmail('self-late')
    await api.call('POST', 'account/email', {
      token: customer.token,
      body: { email: wanted, current_password: customer.password },
    })
    const token = tokenOf(linkIn(api.latestMail(wanted), 'confirm-email'))
    const { emailChanges } = await import('~/backend/db/schema')
    await api.db
      .update(emailChanges)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(emailChanges.newEmail, wanted))
    const late = await api.call('POST', 'auth/confirm-email', { body: { token } })
    expect(late.httpStatus).toBe(409)
    expect((await api.call('GET', 'auth/me', { token: customer.token })).data.email).toBe(
      customer.email,
    )
  })
})
