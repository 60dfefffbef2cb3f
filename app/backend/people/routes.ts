import { and, eq, notInArray } from 'drizzle-orm'
import { z } from 'zod'
import {
  customerSchema,
  dateRegisteredParam,
  DETAILS_LIMIT,
  realtorSchema,
  suspendSchema,
  SUSPENDED_MESSAGE,
  UNSUSPENDED_MESSAGE,
  userSchema,
  userUpdateSchema,
  type CustomerDetails,
  type RealtorDetails,
} from '~/contract/people'
import { hasPermission, PERMISSIONS, type Permission, type Role } from '~/contract/permissions'
import { revokeAccountAccess, sendStaffChangedEmailNotice } from '../auth/email-change'
import { createAccount, EMAIL_TAKEN, revokeAllTokens, sendSetPasswordLink } from '../auth/service'
import type { Executor } from '../db/client'
import { permissions as permissionsTable, userPermissions, users } from '../db/schema'
import {
  orNotFound,
  pageFrom,
  parseBody,
  parseValue,
  requireUser,
  type LegacyContext as ApiContext,
  type ApiUser,
} from '../http/context'
import { fieldError, forbidden } from '../http/errors'
import type { RouteDefinition } from '../http/router'
import { notify } from '../notifications/service'
import { consumeTogether, LIMITS } from '../rate-limit'
import {
  customersOf,
  emailTakenByOther,
  findPerson,
  listPeople,
  personById,
  subscriptionsOf,
  type PersonRow,
  toCustomer,
  toRealtor,
  toStaffUser,
} from './queries'

type Kind = 'customer' | 'realtor' | 'user'

/**
 * Who may do what with each kind of person: a realtor reads and manages only the customers it
 * brought (realtorId scopes every query); staff need the kind's view or modify permission.
 */
function authorize(ctx: ApiContext, kind: Kind, mode: 'view' | 'modify'): { actor: ApiUser; realtorId: number | null } {
  const actor = requireUser(ctx)
  if (kind === 'customer' && actor.role === 'realtor') return { actor, realtorId: actor.id }
  if (actor.role !== 'admin' && actor.role !== 'super_admin') throw forbidden()
  const needed: Permission[] =
    kind === 'user'
      ? ['can_modify_user']
      : mode === 'view'
        ? [`can_view_${kind}`, `can_modify_${kind}`]
        : [`can_modify_${kind}`]
  if (!hasPermission(actor, ...needed)) throw forbidden()
  return { actor, realtorId: null }
}

const dateFilter = z.object({ date_registered: dateRegisteredParam })

const ROLE_OF: Record<Kind, Role> = { customer: 'customer', realtor: 'realtor', user: 'admin' }
const present = { customer: toCustomer, realtor: toRealtor, user: toStaffUser }

function listHandler(kind: Kind) {
  return async (ctx: ApiContext) => {
    const { realtorId } = authorize(ctx, kind, 'view')
    const rawDate = ctx.query.get('date_registered')?.trim()
    const dateRegistered = rawDate ? parseValue(dateFilter, { date_registered: rawDate }).date_registered : undefined
    const { rows, page, totalPages } = await listPeople(ctx.db, {
      roles: [ROLE_OF[kind]],
      page: pageFrom(ctx.query),
      search: ctx.query.get('search') ?? undefined,
      dateRegistered,
      realtorId,
    })
    return { data: { items: rows.map(present[kind]), page, totalPages } }
  }
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
  ctx: ApiContext,
  actor: ApiUser,
  account: Parameters<typeof createAccount>[1],
) {
  await consumeTogether(ctx.db, [
    // The super admin (the deployment's owner) may onboard staff and customers in bulk; the
    // per-address and per-recipient caps still hold for it.
    { bucket: 'accounts-created', key: actor.role === 'super_admin' ? null : String(actor.id), limits: [LIMITS.accountsCreatedByAccount] },
    { bucket: 'accounts-created-ip', key: ctx.clientIp, limits: [LIMITS.accountsCreatedFromAddress] },
  ])
  return ctx.db.transaction(async (tx) => {
    const created = await createAccount(tx, { ...account, createdById: actor.id })
    await notify(tx, created.id, ACCOUNT_CREATED(created.firstName, actor))
    await sendSetPasswordLink(tx, created)
    return created
  })
}

async function createCustomer(ctx: ApiContext) {
  const { actor, realtorId } = authorize(ctx, 'customer', 'modify')
  const input = await parseBody(ctx, customerSchema)
  const created = await createPerson(ctx, actor, {
    email: input.email,
    firstName: input.first_name,
    lastName: input.last_name,
    role: 'customer',
    realtorId,
  })
  return { message: 'Customer created successfully', data: present.customer({ ...created, permissions: [] }) }
}

async function createRealtor(ctx: ApiContext) {
  const { actor } = authorize(ctx, 'realtor', 'modify')
  const input = await parseBody(ctx, realtorSchema)
  const created = await createPerson(ctx, actor, {
    email: input.email,
    firstName: input.first_name,
    lastName: input.last_name,
    businessName: input.business_name,
    role: 'realtor',
  })
  return { message: 'Realtor created successfully', data: present.realtor({ ...created, permissions: [] }) }
}

const GRANT_ONLY_HELD = 'You can only grant or remove permissions you hold yourself'

async function createUser(ctx: ApiContext) {
  const { actor } = authorize(ctx, 'user', 'modify')
  const input = await parseBody(ctx, userSchema)
  // An admin cannot hand out more than it holds, or can_modify_user would open every door.
  if (!input.permissions.every((permission) => hasPermission(actor, permission))) {
    throw fieldError('permissions', GRANT_ONLY_HELD)
  }
  const created = await createPerson(ctx, actor, {
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
}

function detailsHandler(kind: 'customer' | 'realtor') {
  return async (ctx: ApiContext) => {
    const { realtorId } = authorize(ctx, kind, 'view')
    const person = orNotFound(await findPerson(ctx.db, ctx.params.id, [ROLE_OF[kind]], realtorId))
    if (kind === 'realtor') {
      const customers = await customersOf(ctx.db, person.id, DETAILS_LIMIT)
      const details: RealtorDetails = { ...toRealtor(person), customers: customers.items, customer_count: customers.total }
      return { data: details }
    }
    const [subscriptions, realtor] = await Promise.all([
      subscriptionsOf(ctx.db, person.id, DETAILS_LIMIT),
      person.realtorId ? personById(ctx.db, person.realtorId, 'realtor') : undefined,
    ])
    const details: CustomerDetails = {
      ...toCustomer(person),
      realtor: realtor ? toRealtor(realtor) : null,
      subscriptions: subscriptions.items,
      subscription_count: subscriptions.total,
    }
    return { data: details }
  }
}

async function userDetails(ctx: ApiContext) {
  authorize(ctx, 'user', 'modify')
  const person = orNotFound(await findPerson(ctx.db, ctx.params.id, ['admin']))
  return { data: toStaffUser(person) }
}

async function assertEmailFree(db: Executor, email: string, userId: number) {
  if (await emailTakenByOther(db, email, userId)) throw fieldError('email', EMAIL_TAKEN)
}

export const OUTRANKED = 'You cannot change someone who holds permissions you do not have'
export const REALTOR_EMAIL_LOCKED = "Only staff can change a customer's email"

/**
 * Nobody changes an account that holds a permission the editor lacks: otherwise a lesser admin
 * could move a greater one's e-mail and take the account over through a password reset.
 */
function assertOutranks(actor: ApiUser, target: PersonRow) {
  if (actor.role === 'super_admin') return
  const held: readonly Permission[] = target.role === 'super_admin' ? PERMISSIONS : (target.permissions ?? [])
  if (target.role === 'super_admin' || !held.every((permission) => hasPermission(actor, permission))) {
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
        await tx.update(users).set({ ...changes, updatedAt: new Date() }).where(eq(users.id, target.id))
      }
      if (emailChanged) await revokeAccountAccess(tx, target.id)
      await alsoInTransaction?.(tx)
    })
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw fieldError('email', EMAIL_TAKEN)
    throw error
  }
  if (emailChanged) await sendStaffChangedEmailNotice(db, target, target.email, changes.email!)
}

function updateHandler(kind: 'customer' | 'realtor') {
  return async (ctx: ApiContext) => {
    const { actor, realtorId } = authorize(ctx, kind, 'modify')
    const person = orNotFound(await findPerson(ctx.db, ctx.params.id, [ROLE_OF[kind]], realtorId))
    assertOutranks(actor, person)
    const changes =
      kind === 'realtor'
        ? await parseBody(ctx, realtorSchema).then((input) => ({ ...names(input), businessName: input.business_name }))
        : await parseBody(ctx, customerSchema).then(names)
    // A realtor brought the customer but does not own the address the password reset goes to.
    if (actor.role === 'realtor' && changes.email !== person.email) throw fieldError('email', REALTOR_EMAIL_LOCKED)
    await assertEmailFree(ctx.db, changes.email, person.id)
    await saveProfile(ctx.db, person, changes)
    const updated = orNotFound(await findPerson(ctx.db, person.uuid, [ROLE_OF[kind]]))
    return {
      message: `${kind === 'realtor' ? 'Realtor' : 'Customer'} updated successfully`,
      data: present[kind](updated),
    }
  }
}

const names = (input: { first_name: string; last_name: string; email: string }) => ({
  firstName: input.first_name,
  lastName: input.last_name,
  email: input.email,
})

/** Staff targets: admins, and the super admin only so that changing it answers a clear refusal. */
async function findStaffTarget(ctx: ApiContext, actor: ApiUser, action: 'change' | 'suspend') {
  const target = orNotFound(await findPerson(ctx.db, ctx.params.id, ['admin', 'super_admin']))
  if (target.role === 'super_admin') throw forbidden(`The super admin cannot be ${action === 'change' ? 'changed' : 'suspended'}`)
  if (target.id === actor.id) {
    throw forbidden(action === 'change' ? 'You cannot change your own permissions' : 'You cannot suspend yourself')
  }
  return target
}

async function updateUser(ctx: ApiContext) {
  const { actor } = authorize(ctx, 'user', 'modify')
  const target = await findStaffTarget(ctx, actor, 'change')
  assertOutranks(actor, target)
  const input = await parseBody(ctx, userUpdateSchema)
  if (!input.permissions.every((permission) => hasPermission(actor, permission))) {
    throw fieldError('permissions', GRANT_ONLY_HELD)
  }
  const kept = input.permissions
  if (input.email && input.email !== target.email) await assertEmailFree(ctx.db, input.email, target.id)
  await saveProfile(ctx.db, target, input.email ? { email: input.email } : {}, async (tx) => {
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
}

export const STAFF_SUSPENSION = 'Only staff can lift this suspension'

function suspendHandler(kind: Kind) {
  return async (ctx: ApiContext) => {
    const { actor, realtorId } = authorize(ctx, kind, 'modify')
    const target =
      kind === 'user'
        ? await findStaffTarget(ctx, actor, 'suspend')
        : orNotFound(await findPerson(ctx.db, ctx.params.id, [ROLE_OF[kind]], realtorId))
    if (target.id === actor.id) throw forbidden('You cannot suspend yourself')
    assertOutranks(actor, target)
    const { is_suspended: wanted } = await parseBody(ctx, suspendSchema)
    const suspend = wanted ?? !target.isSuspended
    // A realtor lifts only the suspensions it made itself; staff (or an unknown suspender) outrank it.
    if (!suspend && target.isSuspended && actor.role === 'realtor' && target.suspendedById !== actor.id) {
      throw forbidden(STAFF_SUSPENSION)
    }
    // Suspending again keeps the first suspender on record, so a realtor cannot take over a staff suspension.
    const suspender =
      suspend && target.isSuspended
        ? {}
        : suspend
          ? { suspendedById: actor.id, suspendedByRole: actor.role as 'super_admin' | 'admin' | 'realtor' }
          : { suspendedById: null, suspendedByRole: null }
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ isSuspended: suspend, ...suspender, updatedAt: new Date() })
        .where(eq(users.id, target.id))
      // A suspended account is signed out at its next request: its tokens die now.
      if (suspend) await revokeAllTokens(tx, target.id)
    })
    return {
      message: suspend ? SUSPENDED_MESSAGE : UNSUSPENDED_MESSAGE,
      data: present[kind]({ ...target, isSuspended: suspend }),
    }
  }
}

async function permissionList(ctx: ApiContext) {
  authorize(ctx, 'user', 'modify')
  const rows = await ctx.db
    .select({ name: permissionsTable.name, description: permissionsTable.description })
    .from(permissionsTable)
  const order = new Map<string, number>(PERMISSIONS.map((name, index) => [name, index]))
  return { data: rows.sort((a, b) => (order.get(a.name) ?? order.size) - (order.get(b.name) ?? order.size)) }
}

export const peopleRoutes: RouteDefinition[] = [
  { method: 'GET', path: 'admin/customer', auth: 'verified', handler: listHandler('customer') },
  { method: 'POST', path: 'admin/customer', auth: 'verified', handler: createCustomer },
  { method: 'GET', path: 'admin/customer/:id', auth: 'verified', handler: detailsHandler('customer') },
  { method: 'POST', path: 'admin/customer/:id', auth: 'verified', handler: updateHandler('customer') },
  { method: 'POST', path: 'admin/customer/:id/suspend', auth: 'verified', handler: suspendHandler('customer') },

  { method: 'GET', path: 'admin/realtor', auth: 'verified', handler: listHandler('realtor') },
  { method: 'POST', path: 'admin/realtor', auth: 'verified', handler: createRealtor },
  { method: 'GET', path: 'admin/realtor/:id', auth: 'verified', handler: detailsHandler('realtor') },
  { method: 'POST', path: 'admin/realtor/:id', auth: 'verified', handler: updateHandler('realtor') },
  { method: 'POST', path: 'admin/realtor/:id/suspend', auth: 'verified', handler: suspendHandler('realtor') },

  { method: 'GET', path: 'admin/user', auth: 'verified', handler: listHandler('user') },
  { method: 'POST', path: 'admin/user', auth: 'verified', handler: createUser },
  { method: 'GET', path: 'admin/user/:id', auth: 'verified', handler: userDetails },
  { method: 'POST', path: 'admin/user/:id/update', auth: 'verified', handler: updateUser },
  { method: 'POST', path: 'admin/user/:id/suspend', auth: 'verified', handler: suspendHandler('user') },

  { method: 'GET', path: 'admin/permission', auth: 'verified', handler: permissionList },
]
