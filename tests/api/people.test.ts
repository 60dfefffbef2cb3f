import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PERMISSIONS } from '~/contract/permissions'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApi,
  type DataOf,
  type TestApi,
} from '../support/api-harness'

let api: TestApi
type Actor = { token: string; email: string; password: string; user: DataOf<'login'>['user'] }
const actors: Record<string, Actor> = {}

/** Each caller of the permission matrix: anonymous is the absence of a token. */
type Caller =
  | 'anonymous'
  | 'customer'
  | 'realtor'
  | 'adminNone'
  | 'viewCustomer'
  | 'modifyCustomer'
  | 'viewRealtor'
  | 'modifyRealtor'
  | 'modifyUser'
  | 'superAdmin'

const tokenOf = (caller: Caller) => (caller === 'anonymous' ? null : actors[caller].token)

beforeAll(async () => {
  api = await createTestApi()
  actors.superAdmin = {
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
    ...(await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)),
  }
  actors.customer = await api.registerUser('customer')
  actors.realtor = await api.registerUser('realtor')
  actors.adminNone = await api.createStaff([])
  actors.viewCustomer = await api.createStaff(['can_view_customer'])
  actors.modifyCustomer = await api.createStaff(['can_modify_customer'])
  actors.viewRealtor = await api.createStaff(['can_view_realtor'])
  actors.modifyRealtor = await api.createStaff(['can_modify_realtor'])
  actors.modifyUser = await api.createStaff(['can_modify_user', 'can_view_customer'])
})
afterAll(async () => {
  await api?.close()
})

let sequence = 0
const newEmail = (prefix: string) =>
  `${prefix}-${++sequence}-${Date.now().toString(36)}@example.com`

async function expectMatrix(
  request: (caller: Caller) => Promise<{ httpStatus: number }>,
  expected: Partial<Record<Caller, number>>,
) {
  const seen: Partial<Record<Caller, number>> = {}
  for (const caller of Object.keys(expected) as Caller[])
    seen[caller] = (await request(caller)).httpStatus
  expect(seen).toEqual(expected)
}

async function createCustomer(by: Caller = 'superAdmin', extra: Record<string, unknown> = {}) {
  const email = newEmail('cust')
  const answer = await api.call('POST', 'admin/customer', {
    token: tokenOf(by),
    body: { first_name: 'Ngozi', last_name: 'Eze', email, ...extra },
  })
  expect(answer.status, answer.message).toBe('200')
  return answer.data
}

async function createRealtor(by: Caller = 'superAdmin') {
  const answer = await api.call('POST', 'admin/realtor', {
    token: tokenOf(by),
    body: {
      first_name: 'Tunde',
      last_name: 'Bello',
      email: newEmail('rlt'),
      business_name: 'Bello Estates',
    },
  })
  expect(answer.status, answer.message).toBe('200')
  return answer.data
}

/** Follows the mailed set-password link through the API and signs in with the new password. */
async function setPasswordFromMail(email: string, password = 'chosen-password-1') {
  const mail = api.latestMail(email) ?? ''
  const link = new URL(/https?:\/\/\S+/.exec(mail)?.[0] ?? 'http://x')
  expect(link.pathname).toBe('/set-password')
  const answer = await api.call('POST', 'auth/reset-password', {
    body: {
      email,
      token: link.searchParams.get('token'),
      password,
      password_confirmation: password,
      on_new_password: true,
    },
  })
  expect(answer.status, answer.message).toBe('200')
  return password
}

describe('customers', () => {
  test('GET admin/customer: permission matrix', async () => {
    await expectMatrix((caller) => api.call('GET', 'admin/customer', { token: tokenOf(caller) }), {
      anonymous: 401,
      customer: 403,
      realtor: 200,
      adminNone: 403,
      viewCustomer: 200,
      modifyCustomer: 200,
      viewRealtor: 403,
      superAdmin: 200,
    })
  })

  test('POST admin/customer: permission matrix', async () => {
    await expectMatrix(
      (caller) =>
        api.call('POST', 'admin/customer', {
          token: tokenOf(caller),
          body: { first_name: 'Matrix', last_name: 'Case', email: newEmail('matrix') },
        }),
      {
        anonymous: 401,
        customer: 403,
        realtor: 200,
        adminNone: 403,
        viewCustomer: 403,
        modifyCustomer: 200,
        modifyRealtor: 403,
        superAdmin: 200,
      },
    )
  })

  test('a created customer gets the set-password e-mail, sets a password and signs in', async () => {
    const customer = await createCustomer('modifyCustomer')
    expect(customer).toMatchObject({ first_name: 'Ngozi', last_name: 'Eze', is_suspended: false })
    expect(customer.reference).toMatch(/^CUS-[A-Z2-9]{8}$/)
    expect(Object.keys(customer).sort()).toEqual(
      [
        'created_at',
        'email',
        'first_name',
        'is_suspended',
        'last_name',
        'reference',
        'uuid',
      ].sort(),
    )
    const password = await setPasswordFromMail(customer.email)
    const session = await api.login(customer.email, password)
    expect(session.user).toMatchObject({ role: 'customer', email_verified: true })
  })

  test('validation answers payloadValidationError per field, and a taken e-mail is a field error', async () => {
    const empty = await api.call('POST', 'admin/customer', {
      token: tokenOf('superAdmin'),
      body: {},
    })
    expect(empty.httpStatus).toBe(422)
    expect(empty.status).toBe('payloadValidationError')
    expect(empty.data).toEqual({
      first_name: ['Enter your first name'],
      last_name: ['Enter your last name'],
      email: ['Enter your email'],
    })
    const taken = await api.call('POST', 'admin/customer', {
      token: tokenOf('superAdmin'),
      body: { first_name: 'A', last_name: 'B', email: actors.customer.email.toUpperCase() },
    })
    expect(taken.status).toBe('conflict')
    expect(taken.data).toEqual({ email: ['The email has already been taken'] })
  })

  test('a realtor sees and adds only its own customers', async () => {
    const own = await createCustomer('realtor')
    const referred = await api.registerUser('customer', { referral: actors.realtor.user.reference })
    const stranger = await createCustomer('superAdmin')

    const list = await api.call<DataOf<'customerList'>>('GET', 'admin/customer', {
      token: tokenOf('realtor'),
    })
    const references = list.data.items.map((item) => item.reference)
    expect(references).toContain(own.reference)
    expect(references).toContain(referred.user.reference)
    expect(references).not.toContain(stranger.reference)

    const mine = await api.call('GET', `admin/customer/${own.reference}`, {
      token: tokenOf('realtor'),
    })
    expect(mine.httpStatus).toBe(200)
    expect(mine.data.realtor).toMatchObject({
      reference: actors.realtor.user.reference,
      business_name: 'Obi Homes',
    })

    const theirs = await api.call('GET', `admin/customer/${stranger.reference}`, {
      token: tokenOf('realtor'),
    })
    expect(theirs.httpStatus).toBe(404)
    const suspendTheirs = await api.call('POST', `admin/customer/${stranger.uuid}/suspend`, {
      token: tokenOf('realtor'),
    })
    expect(suspendTheirs.httpStatus).toBe(404)
    const editTheirs = await api.call('POST', `admin/customer/${stranger.reference}`, {
      token: tokenOf('realtor'),
      body: { first_name: 'X', last_name: 'Y', email: stranger.email },
    })
    expect(editTheirs.httpStatus).toBe(404)
  })

  test('GET admin/customer/{reference}: matrix, and details with subscriptions and realtor', async () => {
    const customer = await createCustomer('superAdmin')
    await expectMatrix(
      (caller) =>
        api.call('GET', `admin/customer/${customer.reference}`, { token: tokenOf(caller) }),
      {
        anonymous: 401,
        customer: 403,
        realtor: 404,
        adminNone: 403,
        viewCustomer: 200,
        modifyCustomer: 200,
        superAdmin: 200,
      },
    )
    const details = await api.call('GET', `admin/customer/${customer.reference}`, {
      token: tokenOf('viewCustomer'),
    })
    expect(details.data).toMatchObject({
      reference: customer.reference,
      realtor: null,
      subscriptions: [],
      subscription_count: 0,
    })
    const byUuid = await api.call('GET', `admin/customer/${customer.uuid}`, {
      token: tokenOf('viewCustomer'),
    })
    expect(byUuid.data.reference).toBe(customer.reference)
    const missing = await api.call('GET', 'admin/customer/CUS-NOTHERE1', {
      token: tokenOf('superAdmin'),
    })
    expect(missing.httpStatus).toBe(404)
    const realtorAsCustomer = await api.call(
      'GET',
      `admin/customer/${actors.realtor.user.reference}`,
      { token: tokenOf('superAdmin') },
    )
    expect(realtorAsCustomer.httpStatus).toBe(404)
  })

  test('customer details list the subscriptions from the subscriptions table', async () => {
    const customer = await api.registerUser('customer')
    const { products, subscriptions, users } = await import('~/backend/db/schema')
    const { eq } = await import('drizzle-orm')
    const [row] = await api.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, customer.email))
    const [product] = await api.db
      .insert(products)
      .values({
        reference: `PRD-T${sequence}XYZAB`.slice(0, 12),
        type: 'land',
        name: 'Lekki Gardens',
        description: 'Plot',
        location: 'Lekki',
        amount: 500_000_00,
      })
      .returning()
    await api.db.insert(subscriptions).values({
      reference: `SUB-T${++sequence}ABCDE`.slice(0, 12),
      userId: row.id,
      productId: product.id,
      type: 'land',
      status: 'awaiting_payment',
      paymentMode: 'full',
      totalAmount: 500_000_00,
    })
    const details = await api.call('GET', `admin/customer/${customer.user.reference}`, {
      token: tokenOf('superAdmin'),
    })
    expect(details.data.subscription_count).toBe(1)
    expect(details.data.subscriptions[0]).toMatchObject({
      type: 'land',
      status: 'awaiting_payment',
      payment_mode: 'full',
      total_amount: 500000,
      total_amount_paid: 0,
      product: { reference: product.reference, name: 'Lekki Gardens', location: 'Lekki' },
    })
  })

  test('POST admin/customer/{reference} edits: matrix, taken e-mail, and the change shows', async () => {
    const customer = await createCustomer('superAdmin')
    const body = { first_name: 'Edited', last_name: 'Name', email: customer.email }
    await expectMatrix(
      (caller) =>
        api.call('POST', `admin/customer/${customer.reference}`, { token: tokenOf(caller), body }),
      {
        anonymous: 401,
        customer: 403,
        realtor: 404,
        adminNone: 403,
        viewCustomer: 403,
        modifyCustomer: 200,
        superAdmin: 200,
      },
    )
    const taken = await api.call('POST', `admin/customer/${customer.reference}`, {
      token: tokenOf('superAdmin'),
      body: { ...body, email: actors.realtor.email },
    })
    expect(taken.data).toEqual({ email: ['The email has already been taken'] })
    const moved = await api.call('POST', `admin/customer/${customer.reference}`, {
      token: tokenOf('modifyCustomer'),
      body: { ...body, email: newEmail('moved') },
    })
    expect(moved.message).toBe('Customer updated successfully')
    expect(moved.data).toMatchObject({ first_name: 'Edited', last_name: 'Name' })
  })

  test('suspension: matrix, revokes tokens, blocks sign-in; unsuspending restores it', async () => {
    const victim = await api.registerUser('customer')
    const uuid = victim.user.uuid
    await expectMatrix(
      (caller) =>
        api.call('POST', `admin/customer/${uuid}/suspend`, {
          token: tokenOf(caller),
          body: { is_suspended: false },
        }),
      {
        anonymous: 401,
        customer: 403,
        realtor: 404,
        adminNone: 403,
        viewCustomer: 403,
        modifyCustomer: 200,
        superAdmin: 200,
      },
    )
    expect((await api.call('GET', 'auth/me', { token: victim.token })).httpStatus).toBe(200)

    const suspended = await api.call('POST', `admin/customer/${uuid}/suspend`, {
      token: tokenOf('modifyCustomer'),
    })
    expect(suspended.message).toBe('Suspended successfully')
    expect(suspended.data.is_suspended).toBe(true)
    expect((await api.call('GET', 'auth/me', { token: victim.token })).httpStatus).toBe(401)
    const refused = await api.call('POST', 'auth/login', {
      body: { email: victim.email, password: victim.password },
    })
    expect(refused.httpStatus).toBe(403)

    const listed = await api.call<DataOf<'customerList'>>('GET', 'admin/customer', {
      token: tokenOf('superAdmin'),
      body: undefined,
    })
    expect(listed.data.items.find((item) => item.uuid === uuid)?.is_suspended).toBe(true)

    // Asking for the state it is already in changes nothing.
    const again = await api.call('POST', `admin/customer/${uuid}/suspend`, {
      token: tokenOf('superAdmin'),
      body: { is_suspended: true },
    })
    expect(again.data.is_suspended).toBe(true)

    const unsuspended = await api.call('POST', `admin/customer/${uuid}/suspend`, {
      token: tokenOf('superAdmin'),
    })
    expect(unsuspended.message).toBe('unsuspended successfully')
    expect(unsuspended.data.is_suspended).toBe(false)
    const session = await api.login(victim.email, victim.password)
    expect((await api.call('GET', 'auth/me', { token: session.token })).httpStatus).toBe(200)
  })

  test('a realtor suspends its own customer', async () => {
    const own = await createCustomer('realtor')
    const answer = await api.call('POST', `admin/customer/${own.uuid}/suspend`, {
      token: tokenOf('realtor'),
    })
    expect(answer.message).toBe('Suspended successfully')
  })

  test('search over name, e-mail and reference; date_registered is a day in Africa/Lagos', async () => {
    const customer = await createCustomer('superAdmin', {
      first_name: 'Zebedee',
      last_name: 'Quartz',
    })
    const search = async (query: string) => {
      const answer = await api.call<DataOf<'customerList'>>('GET', `admin/customer?${query}`, {
        token: tokenOf('superAdmin'),
      })
      expect(answer.status, answer.message).toBe('200')
      return answer.data.items.map((item) => item.reference)
    }
    expect(await search('search=zebedee')).toEqual([customer.reference])
    expect(await search('search=Zebedee%20Quartz')).toEqual([customer.reference])
    expect(await search(`search=${customer.reference.toLowerCase()}`)).toEqual([customer.reference])
    expect(await search(`search=${encodeURIComponent(customer.email.split('@')[0])}`)).toEqual([
      customer.reference,
    ])
    expect(await search('search=%25')).not.toContain(customer.reference)

    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' })
    const yesterday = new Date(Date.now() - 24 * 3600_000).toLocaleDateString('en-CA', {
      timeZone: 'Africa/Lagos',
    })
    expect(await search(`date_registered=${today}`)).toContain(customer.reference)
    expect(await search(`date_registered=${yesterday}`)).not.toContain(customer.reference)
    expect(await search(`date_registered=${today}&search=quartz`)).toEqual([customer.reference])

    const bad = await api.call('GET', 'admin/customer?date_registered=2024-02-30', {
      token: tokenOf('superAdmin'),
    })
    expect(bad.status).toBe('payloadValidationError')
    expect(bad.data).toEqual({ date_registered: ['Date registered must be a date (YYYY-MM-DD)'] })
  })

  test('lists are paginated 10 a page, newest first', async () => {
    const realtor = await api.registerUser('realtor')
    const made: string[] = []
    for (let index = 0; index < 12; index++) {
      const answer = await api.call('POST', 'admin/customer', {
        token: realtor.token,
        body: { first_name: 'Page', last_name: `N${index}`, email: newEmail('page') },
      })
      made.push(answer.data.reference)
    }
    const first = await api.call<DataOf<'customerList'>>('GET', 'admin/customer', {
      token: realtor.token,
    })
    expect(first.data).toMatchObject({ page: 1, totalPages: 2 })
    expect(first.data.items.map((item) => item.reference)).toEqual(made.slice(2).reverse())
    const second = await api.call<DataOf<'customerList'>>('GET', 'admin/customer?page=2', {
      token: realtor.token,
    })
    expect(second.data.items.map((item) => item.reference)).toEqual(made.slice(0, 2).reverse())
  })

  test('lists sort by a column in either direction (?sort=&dir=), and refuse unknown columns', async () => {
    const realtor = await api.registerUser('realtor')
    // Names made in an order that is neither alphabetical nor its reverse; letter case is ignored.
    const names = ['mbali', 'Adaeze', 'Chidi', 'bola', 'Emeka']
    for (const name of names) {
      const answer = await api.call('POST', 'admin/customer', {
        token: realtor.token,
        body: {
          first_name: name,
          last_name: 'Sorted',
          email: newEmail(`sort-${name.toLowerCase()}`),
        },
      })
      expect(answer.status, answer.message).toBe('200')
    }
    const firstNames = async (query: string) => {
      const answer = await api.call<DataOf<'customerList'>>('GET', `admin/customer?${query}`, {
        token: realtor.token,
      })
      expect(answer.status, answer.message).toBe('200')
      return answer.data.items.map((item) => item.first_name)
    }
    expect(await firstNames('sort=name')).toEqual(['Adaeze', 'bola', 'Chidi', 'Emeka', 'mbali'])
    expect(await firstNames('sort=name&dir=asc')).toEqual([
      'Adaeze',
      'bola',
      'Chidi',
      'Emeka',
      'mbali',
    ])
    expect(await firstNames('sort=name&dir=desc')).toEqual([
      'mbali',
      'Emeka',
      'Chidi',
      'bola',
      'Adaeze',
    ])
    expect(await firstNames('sort=created_at')).toEqual(names)
    expect(await firstNames('sort=email&dir=desc')).toEqual([
      'mbali',
      'Emeka',
      'Chidi',
      'bola',
      'Adaeze',
    ])
    // Sorting keeps the other filters.
    expect(await firstNames('sort=name&search=sort-c')).toEqual(['Chidi'])
    // Without a sort: newest first, as before.
    expect(await firstNames('')).toEqual([...names].reverse())

    for (const query of ['sort=password', 'sort=name&dir=sideways']) {
      const bad = await api.call('GET', `admin/customer?${query}`, { token: realtor.token })
      expect(bad.httpStatus, query).toBe(422)
      expect(Object.keys(bad.data), query).toEqual([query.includes('dir') ? 'dir' : 'sort'])
    }
    for (const path of ['admin/realtor', 'admin/user']) {
      const sorted = await api.call('GET', `${path}?sort=reference&dir=desc`, {
        token: tokenOf('superAdmin'),
      })
      const references = sorted.data.items.map((item: { reference: string }) => item.reference)
      expect(references.length, path).toBeGreaterThan(1)
      expect(references, path).toEqual([...references].sort().reverse())
      expect(
        (await api.call('GET', `${path}?sort=nope`, { token: tokenOf('superAdmin') })).httpStatus,
      ).toBe(422)
    }
  })
})

describe('realtors', () => {
  test('GET admin/realtor: permission matrix', async () => {
    await expectMatrix((caller) => api.call('GET', 'admin/realtor', { token: tokenOf(caller) }), {
      anonymous: 401,
      customer: 403,
      realtor: 403,
      adminNone: 403,
      viewCustomer: 403,
      viewRealtor: 200,
      modifyRealtor: 200,
      superAdmin: 200,
    })
  })

  test('POST admin/realtor: permission matrix, business name required', async () => {
    await expectMatrix(
      (caller) =>
        api.call('POST', 'admin/realtor', {
          token: tokenOf(caller),
          body: { first_name: 'R', last_name: 'M', email: newEmail('rm'), business_name: 'RM Ltd' },
        }),
      {
        anonymous: 401,
        customer: 403,
        realtor: 403,
        adminNone: 403,
        viewRealtor: 403,
        modifyCustomer: 403,
        modifyRealtor: 200,
        superAdmin: 200,
      },
    )
    const missing = await api.call('POST', 'admin/realtor', {
      token: tokenOf('superAdmin'),
      body: { first_name: 'R', last_name: 'M', email: newEmail('rm') },
    })
    expect(missing.data).toEqual({ business_name: ['Enter your business name'] })
  })

  test('a created realtor has a business name, gets the mail, and its details list its customers', async () => {
    const realtor = await createRealtor('modifyRealtor')
    expect(realtor).toMatchObject({ business_name: 'Bello Estates', is_suspended: false })
    expect(realtor.reference).toMatch(/^RLT-/)
    const password = await setPasswordFromMail(realtor.email)
    const session = await api.login(realtor.email, password)
    const customer = await api.call('POST', 'admin/customer', {
      token: session.token,
      body: { first_name: 'Brought', last_name: 'In', email: newEmail('brought') },
    })
    await expectMatrix(
      (caller) => api.call('GET', `admin/realtor/${realtor.reference}`, { token: tokenOf(caller) }),
      {
        anonymous: 401,
        customer: 403,
        realtor: 403,
        adminNone: 403,
        viewRealtor: 200,
        modifyRealtor: 200,
        superAdmin: 200,
      },
    )
    const details = await api.call<DataOf<'realtorShow'>>(
      'GET',
      `admin/realtor/${realtor.reference}`,
      {
        token: tokenOf('viewRealtor'),
      },
    )
    expect(details.data.customer_count).toBe(1)
    expect(details.data.customers.map((item) => item.reference)).toEqual([customer.data.reference])
  })

  test('edit and suspend a realtor', async () => {
    const realtor = await createRealtor()
    const edit = (caller: Caller) =>
      api.call('POST', `admin/realtor/${realtor.reference}`, {
        token: tokenOf(caller),
        body: {
          first_name: 'T',
          last_name: 'B',
          email: realtor.email,
          business_name: 'New Name Ltd',
        },
      })
    await expectMatrix(edit, {
      anonymous: 401,
      customer: 403,
      realtor: 403,
      viewRealtor: 403,
      modifyRealtor: 200,
      superAdmin: 200,
    })
    expect((await edit('superAdmin')).data.business_name).toBe('New Name Ltd')
    await expectMatrix(
      (caller) =>
        api.call('POST', `admin/realtor/${realtor.uuid}/suspend`, {
          token: tokenOf(caller),
          body: { is_suspended: false },
        }),
      {
        anonymous: 401,
        customer: 403,
        realtor: 403,
        adminNone: 403,
        viewRealtor: 403,
        modifyRealtor: 200,
        superAdmin: 200,
      },
    )
    const suspended = await api.call('POST', `admin/realtor/${realtor.uuid}/suspend`, {
      token: tokenOf('modifyRealtor'),
    })
    expect(suspended.message).toBe('Suspended successfully')
  })

  test('a suspended realtor loses its session', async () => {
    const realtor = await api.registerUser('realtor')
    await api.call('POST', `admin/realtor/${realtor.user.uuid}/suspend`, {
      token: tokenOf('superAdmin'),
    })
    expect((await api.call('GET', 'admin/customer', { token: realtor.token })).httpStatus).toBe(401)
    const refused = await api.call('POST', 'auth/login', {
      body: { email: realtor.email, password: realtor.password },
    })
    expect(refused.httpStatus).toBe(403)
  })
})

describe('users and permissions', () => {
  test('GET admin/permission answers the 12 permissions with descriptions', async () => {
    await expectMatrix(
      (caller) => api.call('GET', 'admin/permission', { token: tokenOf(caller) }),
      {
        anonymous: 401,
        customer: 403,
        realtor: 403,
        adminNone: 403,
        modifyCustomer: 403,
        modifyUser: 200,
        superAdmin: 200,
      },
    )
    const answer = await api.call<DataOf<'permissionList'>>('GET', 'admin/permission', {
      token: tokenOf('modifyUser'),
    })
    expect(answer.data.map((item) => item.name)).toEqual([...PERMISSIONS])
    for (const item of answer.data) expect(item.description).toMatch(/\w/)
  })

  test('GET admin/user lists staff: permission matrix, admins only, with permissions', async () => {
    await expectMatrix((caller) => api.call('GET', 'admin/user', { token: tokenOf(caller) }), {
      anonymous: 401,
      customer: 403,
      realtor: 403,
      adminNone: 403,
      modifyCustomer: 403,
      modifyUser: 200,
      superAdmin: 200,
    })
    const answer = await api.call(
      'GET',
      `admin/user?search=${encodeURIComponent(actors.viewCustomer.email)}`,
      {
        token: tokenOf('superAdmin'),
      },
    )
    expect(answer.data.items).toHaveLength(1)
    expect(answer.data.items[0]).toMatchObject({
      email: actors.viewCustomer.email,
      permissions: ['can_view_customer'],
    })
    const everyone = await api.call('GET', `admin/user?search=${encodeURIComponent(ADMIN_EMAIL)}`, {
      token: tokenOf('superAdmin'),
    })
    expect(everyone.data.items).toEqual([])
  })

  test('POST admin/user creates an admin with permissions who sets a password and holds them', async () => {
    const email = newEmail('staff')
    const body = {
      first_name: 'Kemi',
      last_name: 'Ade',
      email,
      permissions: ['can_view_customer', 'can_modify_setting'],
    }
    await expectMatrix(
      (caller) =>
        api.call('POST', 'admin/user', {
          token: tokenOf(caller),
          body: { ...body, email: newEmail('m'), permissions: [] },
        }),
      {
        anonymous: 401,
        customer: 403,
        realtor: 403,
        adminNone: 403,
        modifyCustomer: 403,
        modifyUser: 200,
        superAdmin: 200,
      },
    )
    const created = await api.call('POST', 'admin/user', { token: tokenOf('superAdmin'), body })
    expect(created.message).toBe('User created successfully')
    expect(created.data).toMatchObject({
      email,
      permissions: ['can_modify_setting', 'can_view_customer'],
    })
    expect(created.data.reference).toMatch(/^USR-/)
    const password = await setPasswordFromMail(email)
    const session = await api.login(email, password)
    expect(session.user).toMatchObject({
      role: 'admin',
      permissions: ['can_modify_setting', 'can_view_customer'],
    })
    expect((await api.call('GET', 'admin/customer', { token: session.token })).httpStatus).toBe(200)
    expect((await api.call('GET', 'admin/realtor', { token: session.token })).httpStatus).toBe(403)
  })

  test('validation: unknown permissions, taken e-mail; an admin grants only what it holds', async () => {
    const unknown = await api.call('POST', 'admin/user', {
      token: tokenOf('superAdmin'),
      body: { first_name: 'A', last_name: 'B', email: newEmail('u'), permissions: ['can_fly'] },
    })
    expect(unknown.status).toBe('payloadValidationError')
    expect(Object.keys(unknown.data)[0]).toMatch(/^permissions/)
    const taken = await api.call('POST', 'admin/user', {
      token: tokenOf('superAdmin'),
      body: { first_name: 'A', last_name: 'B', email: actors.adminNone.email, permissions: [] },
    })
    expect(taken.data).toEqual({ email: ['The email has already been taken'] })
    const escalate = await api.call('POST', 'admin/user', {
      token: tokenOf('modifyUser'),
      body: {
        first_name: 'A',
        last_name: 'B',
        email: newEmail('esc'),
        permissions: ['can_modify_setting'],
      },
    })
    expect(escalate.status).toBe('conflict')
    expect(escalate.data.permissions).toEqual([
      'You can only grant or remove permissions you hold yourself',
    ])
    const allowed = await api.call('POST', 'admin/user', {
      token: tokenOf('modifyUser'),
      body: {
        first_name: 'A',
        last_name: 'B',
        email: newEmail('ok'),
        permissions: ['can_view_customer'],
      },
    })
    expect(allowed.status).toBe('200')
  })

  test('POST admin/user/{uuid}/update: names locked, blank e-mail unchanged, permissions replaced', async () => {
    const target = await api.createStaff(['can_view_customer'])
    const uuid = target.user.uuid
    await expectMatrix(
      (caller) =>
        api.call('POST', `admin/user/${uuid}/update`, {
          token: tokenOf(caller),
          body: { email: '', permissions: ['can_view_customer'] },
        }),
      {
        anonymous: 401,
        customer: 403,
        realtor: 403,
        adminNone: 403,
        modifyCustomer: 403,
        modifyUser: 200,
        superAdmin: 200,
      },
    )
    const updated = await api.call('POST', `admin/user/${uuid}/update`, {
      token: tokenOf('superAdmin'),
      body: {
        first_name: 'Hacked',
        last_name: 'Name',
        email: '',
        permissions: ['can_modify_product', 'can_view_customer'],
      },
    })
    expect(updated.message).toBe('User updated successfully')
    expect(updated.data).toMatchObject({
      email: target.email,
      first_name: target.user.first_name,
      last_name: target.user.last_name,
      permissions: ['can_modify_product', 'can_view_customer'],
    })
    // The API reads permissions on every request: the change holds at once.
    expect((await api.call('GET', 'admin/customer', { token: target.token })).httpStatus).toBe(200)
    expect((await api.call('GET', 'admin/realtor', { token: target.token })).httpStatus).toBe(403)

    const moved = newEmail('moved-staff')
    const emailChange = await api.call('POST', `admin/user/${uuid}/update`, {
      token: tokenOf('superAdmin'),
      body: { email: moved, permissions: [] },
    })
    expect(emailChange.data).toMatchObject({ email: moved, permissions: [] })
    const taken = await api.call('POST', `admin/user/${uuid}/update`, {
      token: tokenOf('superAdmin'),
      body: { email: actors.modifyUser.email, permissions: [] },
    })
    expect(taken.data).toEqual({ email: ['The email has already been taken'] })

    const details = await api.call('GET', `admin/user/${uuid}`, { token: tokenOf('modifyUser') })
    expect(details.data).toMatchObject({ uuid, email: moved, permissions: [] })
  })

  test('an admin cannot change someone holding a permission it lacks, itself or the super admin', async () => {
    const target = await api.createStaff(['can_modify_setting', 'can_view_customer'])
    const answer = await api.call('POST', `admin/user/${target.user.uuid}/update`, {
      token: tokenOf('modifyUser'),
      body: { permissions: [] },
    })
    expect(answer.httpStatus).toBe(403)
    expect(answer.message).toBe('You cannot change someone who holds permissions you do not have')
    const details = await api.call('GET', `admin/user/${target.user.uuid}`, {
      token: tokenOf('superAdmin'),
    })
    expect(details.data.permissions).toEqual(['can_modify_setting', 'can_view_customer'])
    const self = await api.call('POST', `admin/user/${actors.modifyUser.user.uuid}/update`, {
      token: tokenOf('modifyUser'),
      body: { permissions: ['can_modify_user'] },
    })
    expect(self.httpStatus).toBe(403)
    const boss = await api.call('POST', `admin/user/${actors.superAdmin.user.uuid}/update`, {
      token: tokenOf('modifyUser'),
      body: { permissions: [] },
    })
    expect(boss.httpStatus).toBe(403)
  })

  test('suspending users: matrix; nobody suspends themselves or the super admin', async () => {
    const target = await api.createStaff([])
    await expectMatrix(
      (caller) =>
        api.call('POST', `admin/user/${target.user.uuid}/suspend`, {
          token: tokenOf(caller),
          body: { is_suspended: false },
        }),
      {
        anonymous: 401,
        customer: 403,
        realtor: 403,
        adminNone: 403,
        modifyCustomer: 403,
        modifyUser: 200,
        superAdmin: 200,
      },
    )
    const suspended = await api.call('POST', `admin/user/${target.user.uuid}/suspend`, {
      token: tokenOf('modifyUser'),
    })
    expect(suspended.message).toBe('Suspended successfully')
    expect((await api.call('GET', 'auth/me', { token: target.token })).httpStatus).toBe(401)

    const self = await api.call('POST', `admin/user/${actors.modifyUser.user.uuid}/suspend`, {
      token: tokenOf('modifyUser'),
    })
    expect(self.httpStatus).toBe(403)
    expect(self.message).toBe('You cannot suspend yourself')
    for (const caller of ['modifyUser', 'superAdmin'] as const) {
      const boss = await api.call('POST', `admin/user/${actors.superAdmin.user.uuid}/suspend`, {
        token: tokenOf(caller),
      })
      expect(boss.httpStatus).toBe(403)
      expect(boss.message).toBe('The super admin cannot be suspended')
    }
    expect((await api.call('GET', 'auth/me', { token: tokenOf('superAdmin') })).httpStatus).toBe(
      200,
    )
  })
})

describe('staff-made accounts', () => {
  test('get an "account created" notification and the set-password mail only', async () => {
    const customer = await createCustomer('modifyCustomer')
    expect(api.mailCount(customer.email)).toBe(1)
    const { notifications, users } = await import('~/backend/db/schema')
    const { eq } = await import('drizzle-orm')
    const rows = await api.db
      .select({ title: notifications.title })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(users.email, customer.email))
    expect(rows.map((row) => row.title)).toEqual(['Your account has been created'])
  })
})
