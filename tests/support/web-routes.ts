/**
 * The web routes, read from app/routes (Remix flat routes), so pages added later are checked too;
 * the access each kind of caller should get (SPEC.md section 2, DESIGN.md section 2); and the
 * records of the security world their parameters point at.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Actor } from './authorization-rules'
import type { World } from './security-world'

export type WebRoute = {
  id: string
  /** The URL pattern: '/customers/:uuid/suspend', '/*' for the splat. */
  pattern: string
  params: string[]
  hasLoader: boolean
  hasAction: boolean
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
      hasLoader: /export\s+(async\s+)?(function|const)\s+loader\b/.test(source) || /export\s+default\b/.test(source),
      hasAction: /export\s+(async\s+)?(function|const)\s+action\b/.test(source),
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
  if (area === 'customers') return name === 'uuid' ? world.customer.uuid : world.customer.reference
  if (area === 'realtors') return name === 'uuid' ? world.realtor.uuid : world.realtor.reference
  if (area === 'users') return world.staffUser.uuid
  if (area === 'land-purchases') return name === 'uuid' ? world.land.planUuid : world.land.reference
  if (area === 'land-investments') return world.investment.reference
  // Each page gets a record it is for: receipts of confirmed payments, the allocation letter of a
  // completed purchase, payment of what is still owed.
  if (area === 'investment-portfolio') {
    if (page === 'receipt') return name === 'reference' ? world.investedPaid.reference : world.investedPaid.transaction
    return world.invested.reference
  }
  if (area === 'subscriptions') {
    if (page === 'receipt') return name === 'reference' ? world.completed.reference : world.completed.transaction
    if (page === 'land-document') return world.completed.reference
    if (page === 'pay') return world.unpaid.reference
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
  if (route.signedOut) return actor === 'anonymous' ? 'any' : 'home'
  if (route.pattern === '/verify-email') return actor === 'anonymous' ? 'login' : 'home'
  // The e-mail change link, signed in or out; without its token it is no page at all.
  if (route.pattern === '/confirm-email') return 'notFound'
  if (!route.signedIn) return 'any'
  if (actor === 'anonymous') return 'login'
  if (actor === 'super') return 'ok'

  const people = PEOPLE_AREAS[area]
  if (people) {
    if (!people.viewers.includes(actor)) return 'refused'
    // A realtor sees the customers it brought, not this one.
    return route.params.length ? 'refused' : 'ok'
  }
  if (area === 'land-purchases' || area === 'land-investments') {
    if (parts[1] === 'new' || parts[2] === 'edit') return 'refused'
    return parts[2] === 'plans' ? 'any' : 'ok'
  }
  // DESIGN.md section 4: adding and cancelling subscriptions is staff work (can_modify_subscription).
  if (STAFF_ONLY.has(parts.at(-1) ?? '')) return 'refused'
  // Pages about one of the customer's records (subscriptions, portfolio and whatever comes next):
  // the owner gets them, nobody else.
  if (route.params.length) return actor === 'customer' ? 'ok' : 'refused'
  // SPEC.md section 2: these are for everyone signed in; a page added later fails here until its rule is written.
  return 'ok'
}

const STAFF_ONLY = new Set(['new', 'cancel'])

/** Form bodies that would change something if the caller were allowed: refused callers must change nothing. */
export function webFormBody(route: WebRoute, world: World, tag: string): Record<string, string | string[]> | null {
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
      return { email: '', permissions: ['can_modify_setting'] }
    case '/land-purchases/new':
    case '/land-purchases/:reference/edit':
      return { description: 'Changed by the web matrix', location: 'Epe', amount: '3,000,000', land_type: 'plot' }
    case '/land-investments/new':
    case '/land-investments/:reference/edit':
      return {
        description: 'Changed by the web matrix',
        minimum_amount: '100,000',
        investment_return: '12',
        land_investment_type: 'one_time',
        interval: 'months',
        frequency_period: '6',
      }
    case '/land-purchases/:reference/plans':
      return { intent: 'delete', uuid: world.land.planUuid }
    case '/settings':
      return { intent: 'subscription_due_reminder_day', value: '17' }
    case '/confirm-email':
      return { token: 'not-a-real-token' }
    default:
      return null
  }
}
