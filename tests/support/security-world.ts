/**
 * A small world of records for the security checks, built only through the /api/v1 contract so it
 * works in-process (api-harness) and against a running server alike: a customer who owns
 * subscriptions, transactions, a proof of payment and notifications; another customer; a realtor
 * who did not bring that customer; the super admin; and admins holding every permission but some.
 */
import { PERMISSIONS, type Permission } from '~/contract/permissions'
import type { SentJson, TestApi } from './api-harness'
import { uniquePng } from './images'
import { gtbankCsv } from './statements'

/** The day of the statements the checks import: long before any payment they mark. */
const STATEMENT_DAY = '2021-01-04'

export type Answer = {
  httpStatus: number
  status?: string
  message?: string
  data?: SentJson
  /** The raw body as text (JSON, HTML or a file), for leak checks. */
  text: string
  contentType: string
}

export type WorldClient = {
  call(
    method: string,
    path: string,
    options?: { token?: string | null; body?: unknown; headers?: Record<string, string> },
  ): Promise<Answer>
  /** The newest e-mail sent to an address, decoded, or '' when none came. */
  mail(email: string): Promise<string>
}

/** The world's client over the embedded API in this process. */
export function worldClientOf(api: TestApi): WorldClient {
  return {
    async call(method, path, options = {}) {
      const answer = await api.call(method, path, {
        token: options.token,
        body: options.body,
        headers: options.headers,
      })
      return {
        httpStatus: answer.httpStatus,
        status: answer.status,
        message: answer.message,
        data: answer.data,
        text: await answer.response.text(),
        contentType: answer.response.headers.get('content-type') ?? '',
      }
    },
    mail: async (email) => api.latestMail(email) ?? '',
  }
}

export type Account = {
  email: string
  password: string
  token: string
  uuid: string
  reference: string
}

export type World = {
  superAdmin: Account
  customer: Account
  other: Account
  realtor: Account
  /** A staff account (role admin, no permissions), for the admin/user/{id} paths. */
  staffUser: { uuid: string; reference: string; email: string }
  land: { reference: string; planUuid: string }
  investment: { reference: string }
  /** The customer's subscriptions: paid in full and completed; by instalments with a payment awaiting confirmation; awaiting payment. */
  completed: { reference: string; transaction: string }
  instalments: { reference: string; transaction: string }
  unpaid: { reference: string }
  /** The customer's investments: one awaiting payment, one paid and confirmed. */
  invested: { reference: string }
  investedPaid: { reference: string; transaction: string }
  proof: { name: string; url: string }
  /** A purchase (of another customer's) flagged as a possible self-referral, waiting for review: its id. */
  hold: string
  /** The verification code printed on the customer's statement of account. */
  documentCode: string
  /** An estate of the plot registry with one free plot, block A plot 1. */
  estate: { id: string; name: string }
  notificationUuid: string
  /** Strings that only the customer's own data (and those allowed to see it) may contain. */
  markers: string[]
  /** An admin holding every permission except those listed (cached per set). */
  adminWithout(permissions: readonly Permission[]): Promise<Account>
  /** A fresh sign-in for an account, so a check that ends a session does not end the shared one. */
  freshToken(account: { email: string; password: string }): Promise<string>
  /** New records on demand, so a call that uses one up (pays, cancels, deletes, suspends) gets its own. */
  make: Fixtures
  /** Values a rule's fixture made for one call (a mailed token, an address), read by its params and body. */
  scratch: Record<string, string>
}

export type Fixtures = {
  /** A new subscription of the customer's: to the investment, awaiting payment; or to the land: awaiting payment, by instalments with a payment awaiting confirmation, or paid and completed. */
  subscription(
    state: 'unpaid' | 'instalments' | 'completed' | 'invested',
  ): Promise<{ reference: string; transaction: string }>
  /** A new payment plan on the world's land, used by no subscription. */
  plan(): Promise<string>
  /** A new land product with a plan, to which nobody has subscribed. */
  land(): Promise<{ reference: string; planUuid: string }>
  /** A new investment product nobody has invested in. */
  investment(): Promise<{ reference: string }>
  /** A new investment of the customer's, paid and confirmed: its reference and the id of its first payout. */
  payout(): Promise<{ reference: string; id: string }>
  /** A proof of payment uploaded by the holder of `token`. */
  proof(token: string): Promise<{ name: string; url: string }>
  /** An unread notification for the holder of `token` (it subscribes to the land, which notifies it): its uuid. */
  notification(token: string): Promise<string>
  /** A new customer (or realtor), registered and verified. */
  account(role: 'customer' | 'realtor'): Promise<Account>
  /** A new realtor whose own change of its registered company flag waits for staff. */
  companyRequest(): Promise<Account>
  /** A new purchase flagged as a possible self-referral (its customer has its realtor's phone number), waiting for review: its id. */
  commissionHold(): Promise<string>
  /** A new earned commission entry (a realtor of its own, whose referred customer's payment was confirmed): its id. */
  commission(): Promise<string>
  /**
   * A new open line of a bank statement the super admin imported: matched exactly to a new payment
   * of the customer's awaiting confirmation, or (unmatched) a credit nobody can be matched to. Its
   * id. Dated long ago, so the payments other checks mark are after the statement, not flagged.
   */
  statementLine(matched: boolean): Promise<string>
  /** A new staff account made by the super admin, with the token of its mailed set-password link. */
  invitedStaff(): Promise<{ uuid: string; reference: string; email: string; linkToken: string }>
  /** A new customer who asked to move to another address: the token of the link mailed there. */
  emailChange(): Promise<{ email: string; linkToken: string }>
}

export const PASSWORD = 'password-123'
export const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' }

// The smallest valid PNG (1×1): what a phone screenshot of a transfer stands for.
export const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

let counter = 0
const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${(counter += 1)}-${Math.random().toString(36).slice(2, 7)}@example.com`

/** Yesterday, as the payment form's date-time picker sends it. */
export function yesterday() {
  const date = new Date(Date.now() - 24 * 3600_000)
  return `${date.toISOString().slice(0, 10)} 10:30`
}

export async function buildWorld(client: WorldClient): Promise<World> {
  const ok = async (method: string, path: string, token: string | null, body?: unknown) => {
    const answer = await client.call(method, path, { token, body })
    if (answer.status !== '200') {
      throw new Error(
        `${method} ${path} failed: ${answer.httpStatus} ${answer.message} ${JSON.stringify(answer.data)}`,
      )
    }
    return answer.data
  }
  const signIn = async (email: string, password: string) => {
    const data = await ok('POST', 'auth/login', null, { email, password })
    return data.token as string
  }

  const superSession = await ok('POST', 'auth/login', null, ADMIN)
  const superAdmin: Account = {
    ...ADMIN,
    token: superSession.token,
    uuid: superSession.user.uuid,
    reference: superSession.user.reference,
  }

  async function register(role: 'customer' | 'realtor', referral?: string): Promise<Account> {
    const email = unique(role)
    const session = await ok('POST', 'auth/register', null, {
      email,
      password: PASSWORD,
      first_name: role === 'realtor' ? 'Rita' : 'Chioma',
      last_name: 'Adeyemi',
      role,
      ...(role === 'realtor' ? { business_name: 'Adeyemi Homes' } : {}),
      ...(referral ? { referral } : {}),
    })
    const code = /code is (\d{6})/.exec(await client.mail(email))?.[1]
    if (!code) throw new Error(`No verification code was mailed to ${email}`)
    await ok('POST', 'verify-email', session.token, { otp: code })
    return {
      email,
      password: PASSWORD,
      token: session.token,
      uuid: session.user.uuid,
      reference: session.user.reference,
    }
  }

  /** A staff account made by the super admin, with the token of its mailed set-password link. */
  async function invite(permissions: readonly Permission[]) {
    const email = unique('admin')
    const created = await ok('POST', 'admin/user', superAdmin.token, {
      first_name: 'Sade',
      last_name: 'Staff',
      email,
      permissions,
    })
    const link = /https?:\/\/\S+/.exec(await client.mail(email))?.[0]
    const linkToken = link ? new URL(link).searchParams.get('token') : null
    if (!linkToken) throw new Error(`No set-password link was mailed to ${email}`)
    return {
      uuid: created.uuid as string,
      reference: created.reference as string,
      email,
      linkToken,
    }
  }

  /** A staff account made by the super admin, signed in through its set-password link. */
  async function staff(permissions: readonly Permission[]): Promise<Account> {
    const invited = await invite(permissions)
    const session = await ok('POST', 'auth/reset-password', null, {
      email: invited.email,
      token: invited.linkToken,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    })
    return {
      email: invited.email,
      password: PASSWORD,
      token: session.token,
      uuid: invited.uuid,
      reference: invited.reference,
    }
  }

  await ok('POST', 'admin/setting', superAdmin.token, {
    type: 'bank_details',
    account_number: '0123456789',
    account_name: 'Land Banking Ltd',
    bank_name: 'Zenith Bank',
  })
  /** A land product with a six-month plan: each fixture subscription gets its own, as a customer holds one unpaid subscription per product. */
  async function newLand() {
    const product = await ok('POST', 'admin/product', superAdmin.token, {
      type: 'land',
      name: 'A dry plot with a C of O, for the security checks.',
      description: 'A dry plot with a C of O, for the security checks.',
      location: 'Ibeju-Lekki, Lagos',
      amount: 5_000_000,
      land_type: 'plot',
      size: 500,
      size_in_measurement: 'sqm',
    })
    const plan = await ok(
      'POST',
      `admin/product/${product.reference}/payment-plan`,
      superAdmin.token,
      {
        amount: 6_000_000,
        duration: 6,
        duration_type: 'months',
      },
    )
    return { reference: product.reference as string, planUuid: plan.uuid as string }
  }
  async function newInvestment() {
    const product = await ok('POST', 'admin/product', superAdmin.token, {
      type: 'land_investment',
      name: 'Farmland that pays every quarter, for the security checks.',
      description: 'Farmland that pays every quarter, for the security checks.',
      minimum_amount: 100_000,
      investment_return: 10,
      land_investment_type: 'recurring',
      interval: 'months',
      frequency_period: 3,
      duration: 12,
    })
    return { reference: product.reference as string }
  }
  const landProduct = await newLand()
  const plan = { uuid: landProduct.planUuid }
  const investmentProduct = await newInvestment()

  const customer = await register('customer')
  const other = await register('customer')
  const realtor = await register('realtor')
  // The realtor asks to be treated as a registered company: a request only staff who change realtors may decide.
  await ok('POST', 'account/profile', realtor.token, { registered_company: true })
  const staffUser = await ok('POST', 'admin/user', superAdmin.token, {
    first_name: 'Segun',
    last_name: 'Target',
    email: unique('staff'),
    permissions: [],
  })

  const subscribe = (body: Record<string, unknown>) =>
    ok('POST', 'product-subscription', customer.token, body)
  const uploadProof = async (token: string) => {
    const data = await ok('POST', 'media/upload', token, {
      file_name: 'transfer.png',
      // Each payment its own screenshot: the same image may not prove two payments.
      file_in_base64: Buffer.from(uniquePng()).toString('base64'),
      file_extension: 'png',
    })
    return { name: data.name as string, url: data.file_url as string }
  }
  /** A new plot bought in full by `buyer`, its payment confirmed by the super admin: the subscription. */
  const paidInFull = async (buyer: Account) => {
    const land = await newLand()
    const sub = await ok('POST', 'product-subscription', buyer.token, {
      type: 'land',
      product_id: land.reference,
      payment_mode: 'full',
    })
    const proof = await uploadProof(buyer.token)
    const trx = await ok('POST', `product-subscription/${sub.reference}/transaction`, buyer.token, {
      amount: 5_000_000,
      proof_of_payment: proof.url,
      paid_at: yesterday(),
    })
    await ok('POST', 'admin/mark-transaction', superAdmin.token, {
      reference: trx.reference,
      status: 'paid',
    })
    return sub
  }
  const pay = async (reference: string, amount: number) => {
    const proof = await uploadProof(customer.token)
    const trx = await ok('POST', `product-subscription/${reference}/transaction`, customer.token, {
      amount,
      proof_of_payment: proof.url,
      paid_at: yesterday(),
    })
    return { reference: trx.reference as string, proof }
  }

  const completedSub = await subscribe({
    type: 'land',
    product_id: landProduct.reference,
    payment_mode: 'full',
  })
  const paid = await pay(completedSub.reference, 5_000_000)
  await ok('POST', 'admin/mark-transaction', superAdmin.token, {
    reference: paid.reference,
    status: 'paid',
  })
  // The customer's statement over all subscriptions carries a verification code (also in the PDF's
  // link to the verify page). It names no subscription, so its public facts hold none of the markers.
  const statement = await client.call('GET', 'account/statement', { token: customer.token })
  const documentCode = /\/verify\/([A-Z0-9]+)\)/.exec(statement.text)?.[1]
  if (!documentCode)
    throw new Error(`The statement has no verification code: ${statement.httpStatus}`)

  const instalmentSub = await subscribe({
    type: 'land',
    product_id: landProduct.reference,
    payment_mode: 'installment',
    payment_id: plan.uuid,
  })
  const deposit = await pay(instalmentSub.reference, 1_000_000)
  const unpaidSub = await subscribe({
    type: 'land',
    product_id: landProduct.reference,
    payment_mode: 'full',
  })
  // Paid before the next one: a customer holds one unpaid subscription per product at most.
  const investedPaidSub = await subscribe({
    type: 'land_investment',
    product_id: investmentProduct.reference,
    amount_invested: 150_000,
  })
  const invest = await pay(investedPaidSub.reference, 150_000)
  await ok('POST', 'admin/mark-transaction', superAdmin.token, {
    reference: invest.reference,
    status: 'paid',
  })
  const investedSub = await subscribe({
    type: 'land_investment',
    product_id: investmentProduct.reference,
    amount_invested: 250_000,
  })

  const notifications = await ok('GET', 'notification', customer.token)
  const notificationUuid = notifications.items[0]?.uuid as string
  if (!notificationUuid) throw new Error('The customer has no notification')

  const make: Fixtures = {
    async subscription(state) {
      if (state === 'invested') {
        const sub = await subscribe({
          type: 'land_investment',
          product_id: (await newInvestment()).reference,
          amount_invested: 250_000,
        })
        return { reference: sub.reference, transaction: '' }
      }
      const land = await newLand()
      if (state === 'unpaid') {
        const sub = await subscribe({
          type: 'land',
          product_id: land.reference,
          payment_mode: 'full',
        })
        return { reference: sub.reference, transaction: '' }
      }
      if (state === 'instalments') {
        const sub = await subscribe({
          type: 'land',
          product_id: land.reference,
          payment_mode: 'installment',
          payment_id: land.planUuid,
        })
        return {
          reference: sub.reference,
          transaction: (await pay(sub.reference, 1_000_000)).reference,
        }
      }
      const sub = await subscribe({
        type: 'land',
        product_id: land.reference,
        payment_mode: 'full',
      })
      const payment = await pay(sub.reference, 5_000_000)
      await ok('POST', 'admin/mark-transaction', superAdmin.token, {
        reference: payment.reference,
        status: 'paid',
      })
      return { reference: sub.reference, transaction: payment.reference }
    },
    land: newLand,
    investment: newInvestment,
    async payout() {
      const sub = await subscribe({
        type: 'land_investment',
        product_id: (await newInvestment()).reference,
        amount_invested: 250_000,
      })
      const payment = await pay(sub.reference, 250_000)
      await ok('POST', 'admin/mark-transaction', superAdmin.token, {
        reference: payment.reference,
        status: 'paid',
      })
      const ledger = await ok('GET', `product-subscription/${sub.reference}/payout`, customer.token)
      return { reference: sub.reference as string, id: ledger[0].id as string }
    },
    async plan() {
      const made = await ok(
        'POST',
        `admin/product/${landProduct.reference}/payment-plan`,
        superAdmin.token,
        {
          amount: 6_200_000,
          duration: 3,
          duration_type: 'months',
        },
      )
      return made.uuid as string
    },
    proof: uploadProof,
    async notification(token) {
      await ok('POST', 'product-subscription', token, {
        type: 'land',
        product_id: (await newLand()).reference,
        payment_mode: 'full',
      })
      const list = await ok('GET', 'notification', token)
      const unread = list.items.find((item: { is_read: boolean }) => !item.is_read)
      if (!unread) throw new Error('Subscribing left no unread notification')
      return unread.uuid as string
    },
    account: (role) => register(role),
    async companyRequest() {
      const asking = await register('realtor')
      await ok('POST', 'account/profile', asking.token, { registered_company: true })
      return asking
    },
    async commission() {
      // A realtor of its own, a customer through its link, and one confirmed payment: one earned entry.
      const earner = await register('realtor')
      const buyer = await register('customer', earner.reference)
      await paidInFull(buyer)
      const list = await ok('GET', `admin/commission?realtor=${earner.reference}`, superAdmin.token)
      const id = list.items[0]?.id as string | undefined
      if (!id) throw new Error('The confirmed payment earned no commission')
      return id
    },
    async commissionHold() {
      // A realtor, and a customer through its link with the realtor's phone number, whose payment is confirmed.
      const earner = await register('realtor')
      const phone = `080${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
      await ok('POST', 'account/profile', earner.token, { phone })
      const twin = await register('customer', earner.reference)
      await ok('POST', 'account/profile', twin.token, { phone })
      const sub = await paidInFull(twin)
      const list = await ok('GET', 'admin/commission', superAdmin.token)
      const hold = (list.holds as { id: string; subscription: { reference: string } }[]).find(
        (item) => item.subscription.reference === sub.reference,
      )
      if (!hold)
        throw new Error('The purchase with the realtor’s phone number was not held for review')
      return hold.id
    },
    async statementLine(matched) {
      const tag = Math.random().toString(36).slice(2, 10).toUpperCase()
      const sub = matched ? await make.subscription('instalments') : null
      const csv = gtbankCsv([
        sub
          ? {
              date: STATEMENT_DAY,
              remarks: `TRF FROM CUSTOMER/${sub.reference}/${tag}`,
              credit: 1_000_000,
            }
          : { date: STATEMENT_DAY, remarks: `POS SETTLEMENT ${tag}`, credit: 12_345 },
      ])
      await ok('POST', 'admin/reconciliation/statement', superAdmin.token, {
        bank: 'gtbank',
        file_name: `statement-${tag}.csv`,
        file_in_base64: Buffer.from(csv).toString('base64'),
      })
      const open = await ok(
        'GET',
        `admin/reconciliation/line?status=open&confidence=${matched ? 'exact' : 'none'}`,
        superAdmin.token,
      )
      const line = open.items.find((item: { narration: string }) => item.narration.includes(tag))
      if (!line)
        throw new Error(
          `The imported statement line ${tag} is not open${matched ? ' with an exact match' : ''}`,
        )
      return line.id as string
    },
    invitedStaff: () => invite([]),
    async emailChange() {
      const account = await register('customer')
      const email = `moving-${Math.random().toString(36).slice(2, 10)}@example.com`
      await ok('POST', 'account/email', account.token, {
        email,
        current_password: account.password,
      })
      const link = /https?:\/\/\S+/.exec(await client.mail(email))?.[0]
      const linkToken = link ? new URL(link).searchParams.get('token') : null
      if (!linkToken) throw new Error(`No confirmation link was mailed to ${email}`)
      return { email, linkToken }
    },
  }

  const hold = await make.commissionHold()
  const estateName = `Matrix Estate ${unique('estate').slice(0, 18)}`
  const estate = await ok('POST', 'admin/estate', superAdmin.token, {
    name: estateName,
    address: 'Epe, Lagos',
    utm_zone: '31N',
  })
  await ok('POST', `admin/estate/${estate.id}/plot`, superAdmin.token, {
    block: 'A',
    number: '1',
    size_sqm: 500,
  })

  const admins = new Map<string, Promise<Account>>()
  const world: World = {
    superAdmin,
    customer,
    other,
    realtor,
    staffUser: { uuid: staffUser.uuid, reference: staffUser.reference, email: staffUser.email },
    land: { reference: landProduct.reference, planUuid: plan.uuid },
    investment: { reference: investmentProduct.reference },
    completed: { reference: completedSub.reference, transaction: paid.reference },
    instalments: { reference: instalmentSub.reference, transaction: deposit.reference },
    unpaid: { reference: unpaidSub.reference },
    invested: { reference: investedSub.reference },
    investedPaid: { reference: investedPaidSub.reference, transaction: invest.reference },
    proof: deposit.proof,
    hold,
    documentCode,
    estate: { id: estate.id, name: estateName },
    notificationUuid,
    markers: [
      customer.email,
      customer.reference,
      customer.uuid,
      completedSub.reference,
      instalmentSub.reference,
      unpaidSub.reference,
      investedSub.reference,
      investedPaidSub.reference,
      invest.reference,
      invest.proof.name,
      paid.reference,
      deposit.reference,
      deposit.proof.name,
      paid.proof.name,
      notificationUuid,
    ],
    adminWithout(permissions) {
      const held = PERMISSIONS.filter((permission) => !permissions.includes(permission))
      const key = held.join(',')
      if (!admins.has(key)) admins.set(key, staff(held))
      return admins.get(key)!
    },
    freshToken: (account) => signIn(account.email, account.password),
    make,
    scratch: {},
  }
  return world
}
