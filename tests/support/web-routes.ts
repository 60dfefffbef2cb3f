/**
 * The web routes, read from app/routes (Remix flat routes), so pages added later are checked too;
 * the access each kind of caller should get (docs/authorization.md); and the
 * records of the security world their parameters point at.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Actor } from './authorization-rules'
import { uniquePng } from './images'
import type { World, WorldClient } from './security-world'
import { gtbankCsv } from './statements'
import type { StandIn } from '../../tools/provider-stand-in/server.mjs'

export type WebRoute = {
  id: string
  /** The URL pattern: '/customers/:uuid/suspend', '/*' for the splat. */
  pattern: string
  params: string[]
  hasLoader: boolean
  hasAction: boolean
  /** A page (it renders a component); one without is a resource route. */
  isPage: boolean
  /** Under the signed-in layout (_app). */
  signedIn: boolean
  /** Under the signed-out layout (_auth). */
  signedOut: boolean
}

const ROUTES_DIR = path.resolve(import.meta.dirname, '../../app/routes')

export function webRoutes(): WebRoute[] {
  const routes: WebRoute[] = []
  for (const file of fs.readdirSync(ROUTES_DIR).sort()) {
    if (!/\.(tsx?|jsx?)$/.test(file)) continue
    const id = file.replace(/\.(tsx?|jsx?)$/, '')
    const segments = id.split('.')
    const visible = segments.filter((segment) => !segment.startsWith('_'))
    // Pathless layouts (_app, _auth) have no address of their own.
    if (!visible.length && !segments.includes('_index')) continue
    const source = fs.readFileSync(path.join(ROUTES_DIR, file), 'utf8')
    const params: string[] = []
    const pattern =
      '/' +
      visible
        .map((segment) => segment.replace(/_$/, ''))
        .map((segment) => {
          if (segment === '$') return '*'
          if (segment.startsWith('$')) {
            params.push(segment.slice(1))
            return `:${segment.slice(1)}`
          }
          return segment.replace(/\[(.)\]/g, '$1')
        })
        .join('/')
    routes.push({
      id,
      pattern,
      params,
      hasLoader:
        /export\s+(async\s+)?(function|const)\s+loader\b/.test(source) ||
        /export\s+default\b/.test(source),
      hasAction: /export\s+(async\s+)?(function|const)\s+action\b/.test(source),
      isPage: /export\s+default\b/.test(source),
      signedIn: segments[0] === '_app',
      signedOut: segments[0] === '_auth',
    })
  }
  return routes
}

/** The customer's (or its people's) record a route parameter stands for. */
export function webParam(route: WebRoute, name: string, world: World): string {
  const area = route.pattern.split('/')[1] ?? ''
  const page = route.pattern.split('/').at(-1)
  // A stored file: the customer's proof of payment.
  if (route.pattern === '/resources/media/:name') return world.proof.name
  // The public check of a document: the code on the customer's statement.
  if (route.pattern === '/verify/:code') return world.documentCode
  // An estate of the plot registry.
  if (area === 'estates') return world.estate.id
  // A list's CSV export: the audit trail's, which only the super admin here may read.
  if (area === 'export') return 'audit'
  if (area === 'customers') return name === 'uuid' ? world.customer.uuid : world.customer.reference
  if (area === 'realtors') return name === 'uuid' ? world.realtor.uuid : world.realtor.reference
  if (area === 'users') return world.staffUser.uuid
  if (area === 'land-purchases') return name === 'uuid' ? world.land.planUuid : world.land.reference
  if (area === 'land-investments') return world.investment.reference
  // Each page gets a record it is for: receipts of confirmed payments, the allocation letter of a
  // completed purchase, payment of what is still owed.
  if (area === 'investment-portfolio') {
    if (page === 'receipt')
      return name === 'reference' ? world.investedPaid.reference : world.investedPaid.transaction
    // The payouts panel of an investment paying out.
    if (page === 'payouts') return world.investedPaid.reference
    return world.invested.reference
  }
  // A credit of the customer's (money that paid no payment), on Collections.
  if (area === 'collections' && name === 'reference') return world.scratch.credit ?? 'CRD-NONE'
  // A purchase flagged as a possible self-referral (of another customer's), waiting for review.
  if (area === 'commissions' && name === 'id') return world.scratch.hold ?? world.hold
  // A title timeline is a fully paid purchase's.
  if (area === 'titles' || (area === 'subscriptions' && page === 'title'))
    return world.completed.reference
  if (area === 'subscriptions') {
    if (page === 'receipt')
      return name === 'reference' ? world.completed.reference : world.completed.transaction
    if (page === 'land-document') return world.completed.reference
    // The pay panel, its "Pay online" and the hosted checkout's way back: a purchase still to pay.
    if (page === 'pay' || page === 'checkout' || page === 'return') return world.unpaid.reference
    return world.instalments.reference
  }
  if (name === 'uuid' || name === 'id') return world.notificationUuid
  return world.instalments.reference
}

export function webPath(route: WebRoute, world: World) {
  return route.pattern
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(webParam(route, name, world)))
    .replace('*', 'no/such/page')
}

/**
 * ok: the page (200). login: sent to /login. home: sent to /. refused: a 403/404 page or sent
 * elsewhere (never the page). notFound: 404. any: whatever, as long as nothing leaks.
 */
export type WebExpectation = 'ok' | 'login' | 'home' | 'refused' | 'notFound' | 'any'

const PEOPLE_AREAS: Record<string, { viewers: Actor[] }> = {
  customers: { viewers: ['realtor', 'super'] },
  realtors: { viewers: ['super'] },
  users: { viewers: ['super'] },
}

/** What an actor should get from a GET of the route (the admin holds no permission here). */
export function webExpectation(route: WebRoute, actor: Actor): WebExpectation {
  const parts = route.pattern.split('/').filter(Boolean)
  const area = parts[0] ?? ''
  if (route.pattern === '/*') return 'notFound'
  // The customer's proof of payment: its owner and staff who see subscriptions; anyone else is told there is no such file.
  if (route.pattern === '/resources/media/:name') {
    return actor === 'anonymous'
      ? 'login'
      : actor === 'customer' || actor === 'super'
        ? 'ok'
        : 'notFound'
  }
  if (route.signedOut) return actor === 'anonymous' ? 'any' : 'home'
  // Anyone holding a document checks it, signed in or out; anyone checks a plot.
  if (route.pattern === '/verify/:code' || route.pattern === '/verify/plot') return 'ok'
  if (route.pattern === '/verify-email') return actor === 'anonymous' ? 'login' : 'home'
  // The e-mail change link, signed in or out; without its token it is no page at all.
  if (route.pattern === '/confirm-email') return 'notFound'
  if (!route.signedIn) return 'any'
  if (actor === 'anonymous') return 'login'
  // Back from the provider's checkout: only the subscriber paid, so only the subscriber's is checked; staff go back to the list.
  if (route.pattern.endsWith('/pay/return')) return actor === 'customer' ? 'ok' : 'refused'
  if (actor === 'super') return 'ok'

  // The staff payouts page: can_record_payout, which the admin here does not hold.
  if (area === 'payouts') return 'refused'
  // The review of a flagged purchase: staff who pay commissions only.
  if (area === 'commissions' && parts[1] === 'holds') return 'refused'
  // A realtor's own commissions and statement (this month's without ?month), or everyone's for staff who pay them.
  if (area === 'commissions') return actor === 'realtor' ? 'ok' : 'refused'
  const people = PEOPLE_AREAS[area]
  if (people) {
    if (!people.viewers.includes(actor)) return 'refused'
    // A realtor sees the customers it brought, not this one.
    return route.params.length ? 'refused' : 'ok'
  }
  // The staff list of titles and its panel: can_manage_titles only.
  if (area === 'titles') return 'refused'
  // The estates: staff who keep or allocate plots; an estate's site map is for everyone signed in.
  if (area === 'estates') return parts.length > 1 ? 'ok' : 'refused'
  // The arrears list: can_modify_subscription or can_record_transaction, which the admin here does not hold.
  if (area === 'arrears') return 'refused'
  // The audit trail and its export: can_view_audit, which the admin here does not hold.
  if (area === 'audit' || area === 'export') return 'refused'
  // Bank statements and their lines: can_reconcile, which the admin here does not hold.
  if (area === 'reconciliation') return 'refused'
  // Money through the payment provider, credits and deliveries: can_verify_transaction, which the admin here does not hold.
  if (area === 'collections') return 'refused'
  if (area === 'land-purchases' || area === 'land-investments') {
    if (parts[1] === 'new' || parts[2] === 'edit') return 'refused'
    return parts[2] === 'plans' ? 'any' : 'ok'
  }
  // Adding and cancelling subscriptions is staff work (can_modify_subscription).
  if (STAFF_ONLY.has(parts.at(-1) ?? '')) return 'refused'
  // Pages about one of the customer's records (subscriptions, portfolio and whatever comes next):
  // the owner gets them, nobody else.
  if (route.params.length) return actor === 'customer' ? 'ok' : 'refused'
  // These are for everyone signed in; a page added later fails here until its rule is written.
  return 'ok'
}

const STAFF_ONLY = new Set(['new', 'cancel'])

/** A field value of a form body: text, several values, or a file (sent as multipart). */
export type FormValue = string | string[] | File

/** Yesterday at 10:30, as the payment form's date-time field sends it. */
/** Yesterday at 10:30 as the payment form's date (DD/MM/YYYY) and time boxes post them. */
function yesterdayLocal() {
  const [year, month, day] = new Date(Date.now() - 24 * 3600_000)
    .toISOString()
    .slice(0, 10)
    .split('-')
  return { paid_on: `${day}/${month}/${year}`, paid_time: '10:30' }
}

/** Today in Lagos as the title form's date box takes it (DD/MM/YYYY): a step may not be dated in the future. */
function todayInLagos() {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date())
}

/** A screenshot of its own for each payment: one image may not prove two payments. */
const proofFile = () => new File([uniquePng()], 'transfer.png', { type: 'image/png' })

/**
 * The body of a post that succeeds for a caller allowed to make it (webPosters): refused callers
 * send the same body, so only the authorization can stop them. Null for a route with no such
 * post yet: the matrix fails for a signed-in route with an action and no body here.
 */
export function webFormBody(
  route: WebRoute,
  world: World,
  tag: string,
): Record<string, FormValue> | null {
  const email = `web-${tag}-${Math.random().toString(36).slice(2, 8)}@example.com`
  switch (route.pattern) {
    case '/customers/new':
      return { first_name: 'Web', last_name: 'Matrix', email }
    case '/realtors/new':
      return { first_name: 'Web', last_name: 'Matrix', email, business_name: 'Matrix Homes' }
    case '/users/new':
      return { first_name: 'Web', last_name: 'Matrix', email, permissions: ['can_modify_user'] }
    case '/customers/:uuid/suspend':
    case '/realtors/:uuid/suspend':
    case '/users/:uuid/suspend':
      return { is_suspended: 'true' }
    case '/users/:uuid/edit':
      return { email: '', permissions: ['can_modify_setting', `can_view_customer`] }
    case '/land-purchases/new':
    case '/land-purchases/:reference/edit':
      return {
        type: 'land',
        name: 'Epe Meadows',
        description: `Changed by the web matrix (${tag})`,
        location: 'Epe',
        amount: '5,000,000',
        land_type: 'plot',
      }
    case '/land-investments/new':
    case '/land-investments/:reference/edit':
      return {
        type: 'land_investment',
        name: 'Epe Farmland Income',
        description: `Changed by the web matrix (${tag})`,
        minimum_amount: '100,000',
        investment_return: '12',
        land_investment_type: 'recurring',
        interval: 'months',
        frequency_period: '3',
        duration: '12',
      }
    case '/land-purchases/:reference/plans':
      return { intent: 'create', amount: '7,100,000', duration: '4', duration_type: 'months' }
    case '/land-purchases/:reference/subscribe':
      return { plan: 'full', accept_terms: 'on' }
    case '/land-investments/:reference/invest':
      return { amount: '250,000', accept_terms: 'on' }
    case '/settings':
      return { intent: 'subscription_due_reminder_day', value: String(10 + (tag.length % 15)) }
    // The realtor panel's commission chain: no upline, a registered company.
    case '/realtors/:reference':
      return { upline: '', registered_company: 'on' }
    // Staff reject the realtor's own change of its registered company flag (the world's realtor has one waiting).
    case '/realtors/:uuid/registered-company':
      return { decision: 'reject' }
    case '/commissions/holds/:id':
      return { decision: 'clear' }
    case '/commissions':
      return {
        ids: [world.scratch.commission ?? '00000000-0000-4000-8000-000000000000'],
        paid_at: yesterdayLocal().paid_on,
        bank_reference: `NIP/${tag}`,
      }
    // Not signed in: a made-up link only shows the link is no good (tests/e2e/account-email.spec.ts follows a real one).
    case '/confirm-email':
      return { token: 'not-a-real-token' }
    case '/subscriptions/new':
      return { customer: world.customer.reference, product: world.land.reference, payment: 'full' }
    case '/subscriptions/:reference/cancel':
    case '/investment-portfolio/:reference/cancel':
      return {}
    case '/subscriptions/:reference/pay':
      return { amount: '5,000,000', ...yesterdayLocal(), proof_of_payment: proofFile() }
    case '/investment-portfolio/:reference/pay':
      return { amount: '250,000', ...yesterdayLocal(), proof_of_payment: proofFile() }
    case '/subscriptions/:reference/transactions':
    case '/investment-portfolio/:reference/transactions':
      return { reference: world.instalments.transaction, status: 'paid' }
    // "Pay online" as the page posts it with JavaScript: the answer redirects to the provider's page.
    case '/subscriptions/:reference/pay/checkout':
      return { amount: '5,000,000', js: '1' }
    case '/investment-portfolio/:reference/pay/checkout':
      return { amount: '250,000', js: '1' }
    // Ask to allocate the whole of the payment of the unpaid purchase out of a larger credit.
    case '/collections/credits/:reference':
      return { intent: 'allocate', subscription: world.unpaid.reference, amount: '5,000,000' }
    case '/subscriptions/:reference/title':
    case '/titles/:reference':
      return {
        step: 'allocation_letter',
        date: todayInLagos(),
        note: `Recorded by the web matrix (${tag})`,
      }
    case '/estates':
      return {
        name: `Web Matrix Estate ${tag} ${Math.random().toString(36).slice(2, 8)}`,
        address: 'Epe, Lagos',
        utm_zone: '31N',
      }
    case '/estates/:id':
      return {
        intent: 'plot',
        block: 'W',
        number: Math.random().toString(36).slice(2, 8).toUpperCase(),
        size_sqm: '500',
      }
    case '/payouts':
      // Today: the fixture's investment was made today, and a payout is not paid before its investment.
      // Its first payout falls due later, so recording it today is confirmed as early.
      return {
        ids: [world.scratch.payout ?? ''],
        paid_on: todayInLagos(),
        bank_reference: `WEB-${tag}`.slice(0, 100),
        confirm_early: 'on',
      }
    // Confirm the exact match of a statement line (webFixture imports one for a payment awaiting confirmation).
    case '/reconciliation':
      return { intent: 'confirm', line_ids: [world.scratch.line ?? '1'] }
    default:
      return null
  }
}

/** Who may make a route's post (webFormBody) and see it succeed; everyone else's post must change nothing. */
export function webPosters(route: WebRoute): Actor[] {
  switch (route.pattern) {
    case '/customers/new':
      return ['realtor', 'super']
    // Everyone signed in may subscribe or invest.
    case '/land-purchases/:reference/subscribe':
    case '/land-investments/:reference/invest':
      return ['customer', 'other', 'realtor', 'admin', 'super']
    // The subscriber pays; staff who record payments may too.
    case '/subscriptions/:reference/pay':
    case '/investment-portfolio/:reference/pay':
      return ['customer', 'super']
    // Only the subscriber pays online (staff record payments instead).
    case '/subscriptions/:reference/pay/checkout':
    case '/investment-portfolio/:reference/pay/checkout':
      return ['customer']
    default:
      return ['super']
  }
}

/**
 * Records of their own for a route's positive control (a subscription to pay or cancel, an account
 * to suspend), so it does not use up what the refused posts point at.
 */
export async function webFixture(
  route: WebRoute,
  world: World,
  client?: WorldClient,
  provider?: WebProvider,
): Promise<World> {
  switch (route.pattern) {
    // A product of its own: the customer already holds an unpaid subscription to the world's.
    case '/land-purchases/:reference/subscribe':
    case '/subscriptions/new':
      return { ...world, land: await world.make.land() }
    case '/land-investments/:reference/invest':
      return { ...world, investment: await world.make.investment() }
    case '/customers/:uuid/suspend':
      return { ...world, customer: await world.make.account('customer') }
    case '/realtors/:uuid/suspend':
    case '/realtors/:reference':
      return { ...world, realtor: await world.make.account('realtor') }
    case '/realtors/:uuid/registered-company':
      return { ...world, realtor: await world.make.companyRequest() }
    case '/commissions/holds/:id':
      return { ...world, scratch: { ...world.scratch, hold: await world.make.commissionHold() } }
    case '/commissions':
      return { ...world, scratch: { ...world.scratch, commission: await world.make.commission() } }
    case '/users/:uuid/suspend':
      return { ...world, staffUser: await world.make.invitedStaff() }
    case '/subscriptions/:reference/cancel':
    case '/subscriptions/:reference/pay/checkout':
    case '/subscriptions/:reference/pay': {
      const unpaid = await world.make.subscription('unpaid')
      // Both pages take their record from the "unpaid" or "instalments" slot (webParam).
      return { ...world, unpaid: { reference: unpaid.reference }, instalments: unpaid }
    }
    case '/investment-portfolio/:reference/cancel':
    case '/investment-portfolio/:reference/pay/checkout':
    case '/investment-portfolio/:reference/pay':
      return {
        ...world,
        invested: { reference: (await world.make.subscription('invested')).reference },
      }
    case '/subscriptions/:reference/transactions':
    case '/investment-portfolio/:reference/transactions':
      return { ...world, instalments: await world.make.subscription('instalments') }
    // A purchase of its own whose first title step is still to record.
    case '/subscriptions/:reference/title':
    case '/titles/:reference':
      return { ...world, completed: await world.make.subscription('completed') }
    case '/payouts':
      return { ...world, scratch: { ...world.scratch, payout: (await world.make.payout()).id } }
    case '/collections/credits/:reference': {
      if (!client || !provider)
        throw new Error(
          'The /collections/credits fixture sends a transfer through the stand-in: pass webFixture a client and the provider',
        )
      const unpaid = await world.make.subscription('unpaid')
      const credit = await customerCredit(client, world, provider)
      return {
        ...world,
        unpaid: { reference: unpaid.reference },
        scratch: { ...world.scratch, credit },
      }
    }
    case '/reconciliation': {
      if (!client)
        throw new Error(
          'The /reconciliation fixture imports a statement through the API: pass webFixture a client',
        )
      const instalments = await world.make.subscription('instalments')
      return {
        ...world,
        instalments,
        scratch: {
          ...world.scratch,
          line: await exactStatementLine(client, world.superAdmin.token, instalments.reference),
        },
      }
    }
    default:
      return world
  }
}

/**
 * A one-line statement crediting the ₦1,000,000 deposit of an instalment purchase (its reference in
 * the narration), imported by the super admin: the id of its line, an exact match to confirm.
 */
async function exactStatementLine(client: WorldClient, token: string, subscription: string) {
  // Dated a month back: payments made later (the other fixtures pay yesterday) are after the
  // statement's last day, so none is flagged "No matching credit on the statement".
  const date = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)
  const csv = gtbankCsv([
    {
      date,
      reference: `WEB${subscription.slice(-6)}`,
      remarks: `NIP TRANSFER ${subscription} DEPOSIT`,
      credit: 1_000_000,
    },
  ])
  const imported = await client.call('POST', 'admin/reconciliation/statement', {
    token,
    body: {
      bank: 'gtbank',
      file_name: 'statement.csv',
      file_in_base64: Buffer.from(csv).toString('base64'),
    },
  })
  if (imported.status !== '200')
    throw new Error(
      `The statement import failed: ${imported.httpStatus} ${imported.message} ${JSON.stringify(imported.data)}`,
    )
  const lines = await client.call(
    'GET',
    'admin/reconciliation/line?status=open&confidence=exact&page=1',
    { token },
  )
  const line = (
    lines.data?.items as
      { id: string; match: { subscription_reference: string } | null }[] | undefined
  )?.find((item) => item.match?.subscription_reference === subscription)
  if (!line)
    throw new Error(
      `The statement line for ${subscription} was not matched exactly: ${JSON.stringify(lines.data)}`,
    )
  return line.id
}

/** The payment provider the web checks run with: the stand-in and the customer's account number with it. */
export type WebProvider = { standIn: StandIn; accountNumber: string }

/**
 * Gives the world's customer an account number with the provider (a phone number first: Paystack
 * opens one only then) and an open credit of its own (world.scratch.credit): what the Collections
 * pages and the customer's credits show.
 */
export async function withPaymentProvider(
  client: WorldClient,
  world: World,
  standIn: StandIn,
): Promise<{ world: World; provider: WebProvider }> {
  const phone = await client.call('POST', 'account/profile', {
    token: world.customer.token,
    body: { phone: '0803 555 0101' },
  })
  if (phone.status !== '200') throw new Error(`The customer's phone was refused: ${phone.message}`)
  const accountNumber = await waitFor("the customer's account number", async () => {
    const details = await client.call(
      'GET',
      `product-subscription/${world.unpaid.reference}/payment-details`,
      { token: world.customer.token },
    )
    const account = (details.data as { virtual_account?: { account_number: string } | null })
      ?.virtual_account
    return account?.account_number ?? null
  })
  const provider = { standIn, accountNumber }
  const credit = await customerCredit(client, world, provider)
  return {
    world: {
      ...world,
      markers: [...world.markers, accountNumber, credit],
      scratch: { ...world.scratch, credit },
    },
    provider,
  }
}

/**
 * A new open credit of the customer's: a transfer into its account number of ₦7,777,777, more
 * than any of its purchases' balances, so it pays none. Its reference, once the app processed it.
 */
async function customerCredit(client: WorldClient, world: World, provider: WebProvider) {
  const known = new Set(await openCredits(client, world))
  await provider.standIn.sendTransfer({
    accountNumber: provider.accountNumber,
    amountKobo: 777_777_700,
  })
  return waitFor('the credit of a transfer', async () => {
    const fresh = (await openCredits(client, world)).filter((reference) => !known.has(reference))
    return fresh[0] ?? null
  })
}

async function openCredits(client: WorldClient, world: World) {
  const answer = await client.call(
    'GET',
    `admin/collections/credit?state=open&search=${encodeURIComponent(world.customer.email)}&page=1`,
    { token: world.superAdmin.token },
  )
  return ((answer.data as { items?: { reference: string }[] })?.items ?? []).map(
    (item) => item.reference,
  )
}

/** What the app does after answering (a provider's account, a webhook's value), awaited. */
async function waitFor<T>(what: string, read: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const value = await read()
    if (value !== null) return value
    if (Date.now() > deadline) throw new Error(`Waited 30 s for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
