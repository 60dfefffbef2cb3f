import { and, eq, notInArray } from 'drizzle-orm'
import type { z } from 'zod'
import { endpoints } from '~/contract/endpoints'
import {
  DETAILS_LIMIT,
  SUSPENDED_MESSAGE,
  UNSUSPENDED_MESSAGE,
  UPLINE_UNKNOWN,
  type CustomerDetails,
  type Customer,
  type Realtor,
  type RealtorDetails,
  type StaffUser,
} from '~/contract/people'
import { COMPANY_REQUEST_APPROVED, COMPANY_REQUEST_REJECTED } from '~/contract/registered-company'
import { hasPermission, PERMISSIONS, type Permission, type Role } from '~/contract/permissions'
import { csvStream, exportFilename, type CsvCell } from '../csv'
import { changesBetween, createdWith, recordAudit } from '../audit/record'
import { personLabel } from '../auth/audit'
import { revokeAccountAccess, sendStaffChangedEmailNotice } from '../auth/email-change'
import { createAccount, EMAIL_TAKEN, revokeAllTokens, sendSetPasswordLink } from '../auth/service'
import type { Database, Executor } from '../db/client'
import { permissions as permissionsTable, profiles, userPermissions, users } from '../db/schema'
import { moveUpline } from './upline'
import { getConfig } from '../config'
import { todayIn } from '../dates/calendar'
import { holdsOf } from '../commissions/holds'
import {
  companyRequestOf,
  decideCompanyRequest,
  setRegisteredCompany,
  settleCompanyRequest,
} from './registered-company'
import { orNotFound, type ApiUser } from '../http/context'
import { refusedField, forbidden } from '../http/errors'
import { implement, type HandlerTable } from '../http/router'
import { notify } from '../notifications/service'
import { consumeTogether, LIMITS } from '../rate-limit'
import {
  customersOf,
  emailTakenByOther,
  findPerson,
  lastUserId,
  listPeople,
  peopleExportRows,
  personById,
  referralsOf,
  subscriptionsOf,
  arrearsCountsOf,
  type PersonRow,
  toCustomer,
  toRealtor,
  toStaffUser,
} from './queries'

type Kind = 'customer' | 'realtor' | 'user'

/** What the people handlers use of their context: who asks, from where, and the path's record. */
type PeopleContext = {
  db: Database
  user: ApiUser
  clientIp: string | null
  params: { id: string }
}

/**
 * The entries' access rules let a caller in; what it reaches is decided here: a realtor reads and
 * manages only the customers it brought (realtorId scopes every query of customers).
 */
const realtorScope = (actor: ApiUser, kind: Kind) =>
  kind === 'customer' && actor.role === 'realtor' ? actor.id : null

const ROLE_OF: Record<Kind, Role> = { customer: 'customer', realtor: 'realtor', user: 'admin' }
const NOUN: Record<Kind, string> = { customer: 'customer', realtor: 'realtor', user: 'user' }

/** The reference of a user by id (an upline, a realtor), for the audit trail. */
async function referenceOf(db: Executor, id: number | null | undefined) {
  if (!id) return null
  const [row] = await db
    .select({ reference: users.reference })
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
  return row?.reference ?? null
}
/** Each kind of person as its entries answer it. */
type Presented = { customer: Customer; realtor: Realtor; user: StaffUser }
const present: { [K in Kind]: (row: PersonRow) => Presented[K] } = {
  customer: toCustomer,
  realtor: toRealtor,
  user: toStaffUser,
}

type PeopleQuery = z.output<typeof endpoints.customerList.query>

const PERSON_CSV_HEADER = [
  'reference',
  'first_name',
  'last_name',
  'email',
  'registered_at',
  'suspended',
]
const CSV_HEADERS: Record<Kind, string[]> = {
  customer: PERSON_CSV_HEADER,
  realtor: [...PERSON_CSV_HEADER, 'business_name'],
  user: [...PERSON_CSV_HEADER, 'permissions'],
}
const CSV_EXTRA: Record<Kind, (row: PersonRow) => CsvCell[]> = {
  customer: () => [],
  realtor: (row) => [row.businessName],
  user: (row) => [(row.permissions ?? []).join(' ')],
}
const LIST_NAMES: Record<Kind, string> = {
  customer: 'customers',
  realtor: 'realtors',
  user: 'users',
}

async function listOf<K extends Kind>(
  kind: K,
  { db, user }: { db: Database; user: ApiUser },
  query: PeopleQuery,
) {
  // The list and its export share these filters, the realtor's scope among them.
  const filters = {
    roles: [ROLE_OF[kind]],
    search: query.search,
    dateRegistered: query.date_registered,
    registeredFrom: query.registered_from,
    sort: query.sort,
    dir: query.dir,
    realtorId: realtorScope(user, kind),
  }
  if (query.format === 'csv') {
    let throughId: number | null = null
    return csvStream(exportFilename(LIST_NAMES[kind]), CSV_HEADERS[kind], async (offset, limit) => {
      throughId ??= await lastUserId(db)
      const rows = await peopleExportRows(db, filters, throughId, offset, limit)
      return rows.map((row) => [
        row.reference,
        row.firstName,
        row.lastName,
        row.email,
        new Date(row.createdAt).toISOString(),
        row.isSuspended ? 'yes' : 'no',
        ...CSV_EXTRA[kind](row),
      ])
    })
  }
  const { rows, ...page } = await listPeople(db, { ...filters, page: query.page ?? 1 })
  const presentOne: (row: PersonRow) => Presented[K] = present[kind]
  return { data: { ...page, items: rows.map(presentOne) } }
}

const ACCOUNT_CREATED = (firstName: string, by: ApiUser) => ({
  title: 'Your account has been created',
  body: `Hello ${firstName}, ${by.firstName} ${by.lastName} created a Land Banking account for you. Check your e-mail for the link to choose your password.`,
})

/**
 * A staff-made account: created unverified, then the set-password link proves the address.
 * Each one mails an address the creator typed, so creations are limited per creating account and
 * per client address, and the address's e-mail cap refuses the creation (the mail is sent inside
 * the transaction).
 */
async function createPerson(
  ctx: Pick<PeopleContext, 'db' | 'clientIp'>,
  actor: ApiUser,
  kind: Kind,
  account: Parameters<typeof createAccount>[1],
) {
  await consumeTogether(ctx.db, [
    // The super admin (the deployment's owner) may onboard staff and customers in bulk; the
    // per-address and per-recipient caps still hold for it.
    {
      bucket: 'accounts-created',
      key: actor.role === 'super_admin' ? null : String(actor.id),
      limits: [LIMITS.accountsCreatedByAccount],
    },
    {
      bucket: 'accounts-created-ip',
      key: ctx.clientIp,
      limits: [LIMITS.accountsCreatedFromAddress],
    },
  ])
  return ctx.db.transaction(async (tx) => {
    const created = await createAccount(tx, { ...account, createdById: actor.id })
    const realtor = await referenceOf(tx, created.realtorId)
    await recordAudit(tx, {
      action: `${kind}.created`,
      record: { type: kind, reference: created.reference },
      related: [realtor],
      summary: `Added ${NOUN[kind]} ${personLabel(created)} with ${created.email}; a set-password link was mailed`,
      changes: createdWith({
        email: created.email,
        first_name: created.firstName,
        last_name: created.lastName,
        ...(kind === 'realtor' ? { business_name: created.businessName } : {}),
        ...(kind === 'customer' ? { realtor } : {}),
        ...(kind === 'user' ? { permissions: [...new Set(account.permissions ?? [])].sort() } : {}),
      }),
    })
    await notify(tx, created.id, ACCOUNT_CREATED(created.firstName, actor))
    await sendSetPasswordLink(tx, created)
    return created
  })
}

const createCustomer = implement(endpoints.customerCreate, async (ctx) => {
  const { user: actor, body: input } = ctx
  const created = await createPerson(ctx, actor, 'customer', {
    email: input.email,
    firstName: input.first_name,
    lastName: input.last_name,
    role: 'customer',
    realtorId: realtorScope(actor, 'customer'),
  })
  return {
    message: 'Customer created successfully',
    data: present.customer({ ...created, permissions: [] }),
  }
})

const createRealtor = implement(endpoints.realtorCreate, async (ctx) => {
  const { user: actor, body: input } = ctx
  const created = await createPerson(ctx, actor, 'realtor', {
    email: input.email,
    firstName: input.first_name,
    lastName: input.last_name,
    businessName: input.business_name,
    role: 'realtor',
  })
  return {
    message: 'Realtor created successfully',
    data: present.realtor({ ...created, permissions: [] }),
  }
})

const GRANT_ONLY_HELD = 'You can only grant or remove permissions you hold yourself'

const createUser = implement(endpoints.userCreate, async (ctx) => {
  const { user: actor, body: input } = ctx
  // An admin cannot hand out more than it holds, or can_modify_user would open every door.
  if (!input.permissions.every((permission) => hasPermission(actor, permission))) {
    throw refusedField('permissions', GRANT_ONLY_HELD)
  }
  const created = await createPerson(ctx, actor, 'user', {
    email: input.email,
    firstName: input.first_name,
    lastName: input.last_name,
    role: 'admin',
    permissions: input.permissions,
  })
  return {
    message: 'User created successfully',
    data: present.user({ ...created, permissions: [...input.permissions].sort() }),
  }
})

async function customerDetails({ db, user, params }: PeopleContext) {
  const person = orNotFound(
    await findPerson(db, params.id, ['customer'], realtorScope(user, 'customer')),
  )
  const [subscriptions, realtor, holds] = await Promise.all([
    subscriptionsOf(db, person.id, DETAILS_LIMIT),
    person.realtorId ? personById(db, person.realtorId, 'realtor') : undefined,
    // A possible self-referral is for staff to judge; its realtor is not shown why it is held.
    user.role === 'realtor' ? null : holdsOf(db, { customerId: person.id }, DETAILS_LIMIT),
  ])
  const details: CustomerDetails = {
    ...toCustomer(person),
    realtor: realtor ? toRealtor(realtor) : null,
    subscriptions: subscriptions.items,
    subscription_count: subscriptions.total,
    commission_holds: holds,
  }
  return { data: details }
}

async function realtorDetails({ db, params }: PeopleContext) {
  const person = orNotFound(await findPerson(db, params.id, ['realtor']))
  const [customers, referrals, upline, [profile], companyRequest, holds] = await Promise.all([
    customersOf(db, person.id, DETAILS_LIMIT),
    referralsOf(db, person.id, DETAILS_LIMIT),
    person.uplineId ? personById(db, person.uplineId, 'realtor') : undefined,
    db
      .select({ registeredCompany: profiles.registeredCompany })
      .from(profiles)
      .where(eq(profiles.userId, person.id))
      .limit(1),
    companyRequestOf(db, person.id),
    holdsOf(db, { realtorId: person.id }, DETAILS_LIMIT),
  ])
  const details: RealtorDetails = {
    ...toRealtor(person),
    customers: customers.items,
    customer_count: customers.total,
    upline: upline ? toRealtor(upline) : null,
    referrals: referrals.items,
    referral_count: referrals.total,
    registered_company: profile?.registeredCompany ?? false,
    registered_company_request: companyRequest,
    commission_holds: holds,
  }
  return { data: details }
}

/**
 * The upline a realtor update names: undefined keeps the current one, null removes it, a reference
 * names another realtor (refused on `upline` when unknown). Loops are checked under the chain's
 * lock when it is saved (moveUpline).
 */
async function namedUpline(db: Executor, reference: string | undefined) {
  if (reference === undefined) return undefined
  if (reference.trim() === '') return null
  const upline = await findPerson(db, reference, ['realtor'])
  if (!upline) throw refusedField('upline', UPLINE_UNKNOWN)
  return upline.id
}

async function userDetails({ db, params }: PeopleContext) {
  const person = orNotFound(await findPerson(db, params.id, ['admin']))
  return { data: toStaffUser(person) }
}

async function assertEmailFree(db: Executor, email: string, userId: number) {
  if (await emailTakenByOther(db, email, userId)) throw refusedField('email', EMAIL_TAKEN)
}

export const OUTRANKED = 'You cannot change someone who holds permissions you do not have'
export const REALTOR_EMAIL_LOCKED = "Only staff can change a customer's email"

/**
 * Nobody changes an account that holds a permission the editor lacks: otherwise a lesser admin
 * could move a greater one's e-mail and take the account over through a password reset.
 */
function assertOutranks(actor: ApiUser, target: PersonRow) {
  if (actor.role === 'super_admin') return
  const held: readonly Permission[] =
    target.role === 'super_admin' ? PERMISSIONS : (target.permissions ?? [])
  if (
    target.role === 'super_admin' ||
    !held.every((permission) => hasPermission(actor, permission))
  ) {
    throw forbidden(OUTRANKED)
  }
}

/**
 * Saves a profile edit. When staff move the e-mail, every token, password link and code of the
 * account dies with it, and the old address is told afterwards. The unique index has the last
 * word when two edits race for one address.
 */
async function saveProfile(
  db: Executor,
  target: PersonRow,
  changes: Partial<typeof users.$inferInsert>,
  alsoInTransaction?: (tx: Executor) => Promise<void>,
) {
  const emailChanged = changes.email !== undefined && changes.email !== target.email
  try {
    await db.transaction(async (tx) => {
      if (Object.keys(changes).length) {
        await tx
          .update(users)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(users.id, target.id))
      }
      if (emailChanged) await revokeAccountAccess(tx, target.id)
      await alsoInTransaction?.(tx)
    })
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw refusedField('email', EMAIL_TAKEN)
    throw error
  }
  if (emailChanged) await sendStaffChangedEmailNotice(db, target, target.email, changes.email!)
}

type ProfileChanges = { firstName: string; lastName: string; email: string; businessName?: string }
/** A realtor's commission chain: its upline by reference ('' removes it) and whether it is a registered company. */
type RealtorChanges = { upline?: string; registeredCompany?: boolean }

async function updateProfile<K extends 'customer' | 'realtor'>(
  kind: K,
  ctx: PeopleContext,
  changes: ProfileChanges,
  realtor: RealtorChanges = {},
) {
  const { db, user: actor } = ctx
  const person = orNotFound(
    await findPerson(db, ctx.params.id, [ROLE_OF[kind]], realtorScope(actor, kind)),
  )
  assertOutranks(actor, person)
  // A realtor brought the customer but does not own the address the password reset goes to.
  if (actor.role === 'realtor' && changes.email !== person.email)
    throw refusedField('email', REALTOR_EMAIL_LOCKED)
  await assertEmailFree(db, changes.email, person.id)
  const uplineId = kind === 'realtor' ? await namedUpline(db, realtor.upline) : undefined
  await saveProfile(db, person, changes, async (tx) => {
    const upline = uplineId === undefined ? undefined : await moveUpline(tx, person.id, uplineId)
    const before: Record<string, unknown> = {
      first_name: person.firstName,
      last_name: person.lastName,
      email: person.email,
      ...(kind === 'realtor' ? { business_name: person.businessName } : {}),
    }
    const after: Record<string, unknown> = {
      first_name: changes.firstName,
      last_name: changes.lastName,
      email: changes.email,
      ...(kind === 'realtor' ? { business_name: changes.businessName ?? null } : {}),
    }
    if (upline) {
      before.upline = await referenceOf(tx, upline.before)
      after.upline = await referenceOf(tx, upline.after)
    }
    if (kind === 'realtor' && realtor.registeredCompany !== undefined) {
      const [profile] = await tx
        .select({ registeredCompany: profiles.registeredCompany })
        .from(profiles)
        .where(eq(profiles.userId, person.id))
        .limit(1)
      before.registered_company = profile?.registeredCompany ?? false
      after.registered_company = realtor.registeredCompany
      await setRegisteredCompany(tx, person.id, realtor.registeredCompany)
      await settleCompanyRequest(tx, person.id, realtor.registeredCompany)
    }
    const changed = changesBetween(before, after)
    if (!Object.keys(changed).length) return
    await recordAudit(tx, {
      action: `${kind}.updated`,
      record: { type: kind, reference: person.reference },
      related: [before.upline as string | null, after.upline as string | null],
      summary: `Changed ${NOUN[kind]} ${personLabel(person)}: ${Object.keys(changed).join(', ').replaceAll('_', ' ')}`,
      changes: changed,
    })
  })
  const updated = orNotFound(await findPerson(db, person.uuid, [ROLE_OF[kind]]))
  return {
    message: `${kind === 'realtor' ? 'Realtor' : 'Customer'} updated successfully`,
    data: (present[kind] as (row: PersonRow) => Presented[K])(updated),
  }
}

/** Staff targets: admins, and the super admin only so that changing it answers a clear refusal. */
async function findStaffTarget(ctx: PeopleContext, actor: ApiUser, action: 'change' | 'suspend') {
  const target = orNotFound(await findPerson(ctx.db, ctx.params.id, ['admin', 'super_admin']))
  if (target.role === 'super_admin')
    throw forbidden(`The super admin cannot be ${action === 'change' ? 'changed' : 'suspended'}`)
  if (target.id === actor.id) {
    throw forbidden(
      action === 'change'
        ? 'You cannot change your own permissions'
        : 'You cannot suspend yourself',
    )
  }
  return target
}

const updateUser = implement(endpoints.userUpdate, async (ctx) => {
  const { user: actor, body: input } = ctx
  const target = await findStaffTarget(ctx, actor, 'change')
  assertOutranks(actor, target)
  if (!input.permissions.every((permission) => hasPermission(actor, permission))) {
    throw refusedField('permissions', GRANT_ONLY_HELD)
  }
  const kept = input.permissions
  if (input.email && input.email !== target.email)
    await assertEmailFree(ctx.db, input.email, target.id)
  await saveProfile(ctx.db, target, input.email ? { email: input.email } : {}, async (tx) => {
    if (input.email && input.email !== target.email) {
      await recordAudit(tx, {
        action: 'user.updated',
        record: { type: 'user', reference: target.reference },
        summary: `Changed user ${personLabel(target)}: email from ${target.email} to ${input.email}`,
        changes: { email: { before: target.email, after: input.email } },
      })
    }
    const held = [...new Set(target.permissions ?? [])].sort()
    const granted = [...new Set(kept)].sort()
    if (JSON.stringify(held) !== JSON.stringify(granted)) {
      const added = granted.filter((permission) => !held.includes(permission))
      const removed = held.filter((permission) => !granted.includes(permission))
      await recordAudit(tx, {
        action: 'user.permissions_changed',
        record: { type: 'user', reference: target.reference },
        summary: `Changed the permissions of ${personLabel(target)}: ${[
          added.length ? `granted ${added.join(', ')}` : '',
          removed.length ? `removed ${removed.join(', ')}` : '',
        ]
          .filter(Boolean)
          .join('; ')}`,
        changes: { permissions: { before: held, after: granted } },
      })
    }
    await tx
      .delete(userPermissions)
      .where(
        kept.length
          ? and(eq(userPermissions.userId, target.id), notInArray(userPermissions.permission, kept))
          : eq(userPermissions.userId, target.id),
      )
    if (kept.length) {
      await tx
        .insert(userPermissions)
        .values(kept.map((permission) => ({ userId: target.id, permission })))
        .onConflictDoNothing()
    }
  })
  const updated = orNotFound(await findPerson(ctx.db, target.uuid, ['admin']))
  return { message: 'User updated successfully', data: toStaffUser(updated) }
})

export const STAFF_SUSPENSION = 'Only staff can lift this suspension'

async function suspendPerson<K extends Kind>(
  kind: K,
  ctx: PeopleContext,
  wanted: boolean | undefined,
) {
  const actor = ctx.user
  const target =
    kind === 'user'
      ? await findStaffTarget(ctx, actor, 'suspend')
      : orNotFound(
          await findPerson(ctx.db, ctx.params.id, [ROLE_OF[kind]], realtorScope(actor, kind)),
        )
  if (target.id === actor.id) throw forbidden('You cannot suspend yourself')
  assertOutranks(actor, target)
  const suspend = wanted ?? !target.isSuspended
  // A realtor lifts only the suspensions it made itself; staff (or an unknown suspender) outrank it.
  if (
    !suspend &&
    target.isSuspended &&
    actor.role === 'realtor' &&
    target.suspendedById !== actor.id
  ) {
    throw forbidden(STAFF_SUSPENSION)
  }
  // Suspending again keeps the first suspender on record, so a realtor cannot take over a staff suspension.
  const suspender =
    suspend && target.isSuspended
      ? {}
      : suspend
        ? {
            suspendedById: actor.id,
            suspendedByRole: actor.role as 'super_admin' | 'admin' | 'realtor',
          }
        : { suspendedById: null, suspendedByRole: null }
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ isSuspended: suspend, ...suspender, updatedAt: new Date() })
      .where(eq(users.id, target.id))
    // A suspended account is signed out at its next request: its tokens die now.
    if (suspend) await revokeAllTokens(tx, target.id)
    // Suspending a suspended account (or lifting a lifted one) changes nothing worth an entry.
    if (suspend === target.isSuspended) return
    await recordAudit(tx, {
      action: suspend ? `${kind}.suspended` : `${kind}.reinstated`,
      record: { type: kind, reference: target.reference },
      summary: suspend
        ? `Suspended ${NOUN[kind]} ${personLabel(target)}; every session signed out`
        : `Reinstated ${NOUN[kind]} ${personLabel(target)}`,
      changes: { is_suspended: { before: target.isSuspended, after: suspend } },
    })
  })
  return {
    message: suspend ? SUSPENDED_MESSAGE : UNSUSPENDED_MESSAGE,
    data: (present[kind] as (row: PersonRow) => Presented[K])({ ...target, isSuspended: suspend }),
  }
}

const permissionList = implement(endpoints.permissionList, async ({ db }) => {
  const rows = await db
    .select({ name: permissionsTable.name, description: permissionsTable.description })
    .from(permissionsTable)
  const order = new Map<string, number>(PERMISSIONS.map((name, index) => [name, index]))
  const known = rows.filter((row): row is { name: Permission; description: string } =>
    order.has(row.name),
  )
  return { data: known.sort((a, b) => order.get(a.name)! - order.get(b.name)!) }
})

const names = (input: { first_name: string; last_name: string; email: string }) => ({
  firstName: input.first_name,
  lastName: input.last_name,
  email: input.email,
})

export const peopleHandlers = {
  customerList: implement(endpoints.customerList, async (ctx) => {
    const answer = await listOf('customer', ctx, ctx.query)
    if (!('data' in answer)) return answer
    const { data } = answer
    const arrears = await arrearsCountsOf(
      ctx.db,
      data.items.map((item) => item.uuid),
      todayIn(getConfig().APP_TIME_ZONE),
    )
    return {
      data: {
        ...data,
        items: data.items.map((item) => ({
          ...item,
          subscriptions_in_arrears: arrears.get(item.uuid) ?? 0,
        })),
      },
    }
  }),
  customerCreate: createCustomer,
  customerShow: implement(endpoints.customerShow, customerDetails),
  customerUpdate: implement(endpoints.customerUpdate, (ctx) =>
    updateProfile('customer', ctx, names(ctx.body)),
  ),
  customerSuspend: implement(endpoints.customerSuspend, (ctx) =>
    suspendPerson('customer', ctx, ctx.body.is_suspended),
  ),
  realtorList: implement(endpoints.realtorList, (ctx) => listOf('realtor', ctx, ctx.query)),
  realtorCreate: createRealtor,
  realtorShow: implement(endpoints.realtorShow, realtorDetails),
  realtorUpdate: implement(endpoints.realtorUpdate, (ctx) =>
    updateProfile(
      'realtor',
      ctx,
      { ...names(ctx.body), businessName: ctx.body.business_name },
      { upline: ctx.body.upline, registeredCompany: ctx.body.registered_company },
    ),
  ),
  realtorSuspend: implement(endpoints.realtorSuspend, (ctx) =>
    suspendPerson('realtor', ctx, ctx.body.is_suspended),
  ),
  realtorCompanyDecision: implement(
    endpoints.realtorCompanyDecision,
    async ({ db, user, params, body }) => {
      const realtor = orNotFound(await findPerson(db, params.id, ['realtor']))
      const decided = await decideCompanyRequest(db, realtor, body.decision, user)
      return {
        message: body.decision === 'approve' ? COMPANY_REQUEST_APPROVED : COMPANY_REQUEST_REJECTED,
        data: { registered_company: decided.registeredCompany, registered_company_request: null },
      }
    },
  ),
  userList: implement(endpoints.userList, (ctx) => listOf('user', ctx, ctx.query)),
  userCreate: createUser,
  userShow: implement(endpoints.userShow, userDetails),
  userUpdate: updateUser,
  userSuspend: implement(endpoints.userSuspend, (ctx) =>
    suspendPerson('user', ctx, ctx.body.is_suspended),
  ),
  permissionList: permissionList,
} satisfies HandlerTable
