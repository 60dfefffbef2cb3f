import { and, asc, count, desc, eq, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm'
import { PAGE_SIZE } from '~/contract/envelope'
import type {
  Customer,
  PeopleSort,
  PersonSubscription,
  Realtor,
  SortDirection,
  StaffUser,
} from '~/contract/people'
import { heldPermissions, type Permission, type Role } from '~/contract/permissions'
import { getConfig } from '../config'
import type { Executor } from '../db/client'
import { products, subscriptions, userPermissions, users } from '../db/schema'
import { pageOffset, paginated } from '../http/context'
import { koboToNaira } from '../money'
import { dueCondition } from '../subscriptions/due'

export const personColumns = {
  id: users.id,
  uuid: users.uuid,
  reference: users.reference,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  businessName: users.businessName,
  role: users.role,
  realtorId: users.realtorId,
  uplineId: users.uplineId,
  isSuspended: users.isSuspended,
  suspendedById: users.suspendedById,
  suspendedByRole: users.suspendedByRole,
  createdAt: users.createdAt,
  permissions: sql<
    Permission[] | null
  >`array(select ${userPermissions.permission} from ${userPermissions} where ${userPermissions.userId} = ${users.id} order by 1)`,
}

export type PersonRow = {
  id: number
  uuid: string
  reference: string
  firstName: string
  lastName: string
  email: string
  businessName: string | null
  role: Role
  realtorId: number | null
  uplineId: number | null
  isSuspended: boolean
  suspendedById: number | null
  suspendedByRole: 'super_admin' | 'admin' | 'realtor' | null
  createdAt: Date | string
  permissions: Permission[] | null
}

/** How many land purchases of each customer are in arrears on `today`, by the customer's uuid (those with none left out). */
export async function arrearsCountsOf(db: Executor, userUuids: string[], today: string) {
  if (!userUuids.length) return new Map<string, number>()
  const rows = await db
    .select({ uuid: users.uuid, total: count() })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(and(inArray(users.uuid, userUuids), dueCondition('arrears', today)))
    .groupBy(users.uuid)
  return new Map(rows.map((row) => [row.uuid, Number(row.total)]))
}

export function toCustomer(row: PersonRow): Customer {
  return {
    uuid: row.uuid,
    reference: row.reference,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    created_at: new Date(row.createdAt).toISOString(),
    is_suspended: row.isSuspended,
  }
}

export const toRealtor = (row: PersonRow): Realtor => ({
  ...toCustomer(row),
  business_name: row.businessName,
})

export const toStaffUser = (row: PersonRow): StaffUser => ({
  ...toCustomer(row),
  permissions: heldPermissions(row),
})

/**
 * The text a people search runs over: names, e-mail, reference and business name. Kept in one
 * expression so the trigram index on it (users_search_trgm_idx) serves ILIKE '%term%'.
 */
export const searchText = sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email} || ' ' || ${users.reference} || ' ' || coalesce(${users.businessName}, ''))`

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`)

export type ListFilters = {
  roles: Role[]
  page: number
  search?: string
  /** YYYY-MM-DD, the day in the platform's time zone. */
  dateRegistered?: string
  /** YYYY-MM-DD: accounts made on that day (in the platform's time zone) or later. */
  registeredFrom?: string
  realtorId?: number | null
  sort?: PeopleSort
  dir?: SortDirection
}

/** What each sortable column orders by: names and business names ignore letter case. */
const SORT_COLUMNS: Record<PeopleSort, SQL | typeof users.email> = {
  reference: sql`${users.reference}`,
  name: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
  email: users.email,
  business_name: sql`lower(coalesce(${users.businessName}, ''))`,
  created_at: sql`${users.createdAt}`,
}

/** The list's order: the chosen column (then the id, so pages never overlap), or newest first. */
function peopleOrder(sort: PeopleSort | undefined, dir: SortDirection | undefined) {
  if (!sort) return [desc(users.createdAt), desc(users.id)]
  const by = dir === 'desc' ? desc : asc
  return [by(SORT_COLUMNS[sort]), by(users.id)]
}

function peopleWhere(filters: Omit<ListFilters, 'page'>) {
  const conditions: SQL[] = [
    filters.roles.length === 1
      ? eq(users.role, filters.roles[0])
      : inArray(users.role, filters.roles),
  ]
  if (filters.realtorId) conditions.push(eq(users.realtorId, filters.realtorId))
  const search = filters.search?.trim()
  if (search) conditions.push(ilike(searchText, `%${escapeLike(search.slice(0, 100))}%`))
  if (filters.dateRegistered) {
    // A range on created_at (not a cast of it), so the (role, created_at) index serves it.
    const zone = getConfig().APP_TIME_ZONE
    conditions.push(
      sql`${users.createdAt} >= (${filters.dateRegistered}::date)::timestamp at time zone ${zone}`,
      sql`${users.createdAt} < (${filters.dateRegistered}::date + 1)::timestamp at time zone ${zone}`,
    )
  }
  if (filters.registeredFrom) {
    const zone = getConfig().APP_TIME_ZONE
    conditions.push(
      sql`${users.createdAt} >= (${filters.registeredFrom}::date)::timestamp at time zone ${zone}`,
    )
  }
  return and(...conditions)
}

export async function listPeople(db: Executor, filters: ListFilters) {
  const where = peopleWhere(filters)
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(personColumns)
      .from(users)
      .where(where)
      .orderBy(...peopleOrder(filters.sort, filters.dir))
      .limit(PAGE_SIZE)
      .offset(pageOffset(filters.page)),
    db.select({ total: count() }).from(users).where(where),
  ])
  return { rows: rows as PersonRow[], ...paginated([], filters.page, total) }
}

/** The highest user id now: an export reads only accounts up to it, so one made meanwhile shifts no batch. */
export async function lastUserId(db: Executor) {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${users.id}), 0)`.mapWith(Number) })
    .from(users)
  return row.id
}

/** A batch of a people list in its order, for its CSV export; accounts made after `throughId` are left out. */
export async function peopleExportRows(
  db: Executor,
  filters: Omit<ListFilters, 'page'>,
  throughId: number,
  offset: number,
  limit: number,
) {
  const rows = await db
    .select(personColumns)
    .from(users)
    .where(and(peopleWhere(filters), lte(users.id, throughId)))
    .orderBy(...peopleOrder(filters.sort, filters.dir))
    .limit(limit)
    .offset(offset)
  return rows as PersonRow[]
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A person of one of the roles by reference or uuid; a realtor scope limits it to that realtor's customers. */
export async function findPerson(
  db: Executor,
  identifier: string,
  roles: Role[],
  realtorId: number | null = null,
): Promise<PersonRow | undefined> {
  const key = identifier.trim()
  const conditions: SQL[] = [
    UUID.test(key) ? eq(users.uuid, key.toLowerCase()) : eq(users.reference, key.toUpperCase()),
    inArray(users.role, roles),
  ]
  if (realtorId) conditions.push(eq(users.realtorId, realtorId))
  const [row] = await db
    .select(personColumns)
    .from(users)
    .where(and(...conditions))
    .limit(1)
  return row as PersonRow | undefined
}

export async function personById(db: Executor, id: number, role: Role) {
  const [row] = await db
    .select(personColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, role)))
    .limit(1)
  return row as PersonRow | undefined
}

export async function emailTakenByOther(db: Executor, email: string, userId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1)
  return Boolean(row && row.id !== userId)
}

export async function subscriptionsOf(db: Executor, userId: number, limit: number) {
  const where = eq(subscriptions.userId, userId)
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        reference: subscriptions.reference,
        type: subscriptions.type,
        status: subscriptions.status,
        paymentMode: subscriptions.paymentMode,
        totalAmount: subscriptions.totalAmount,
        totalAmountPaid: subscriptions.totalAmountPaid,
        createdAt: subscriptions.createdAt,
        productReference: products.reference,
        productName: products.name,
        productType: products.type,
        productLocation: products.location,
      })
      .from(subscriptions)
      .innerJoin(products, eq(products.id, subscriptions.productId))
      .where(where)
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(limit),
    db.select({ total: count() }).from(subscriptions).where(where),
  ])
  const items: PersonSubscription[] = rows.map((row) => ({
    reference: row.reference,
    type: row.type,
    status: row.status,
    payment_mode: row.paymentMode,
    total_amount: koboToNaira(row.totalAmount),
    total_amount_paid: koboToNaira(row.totalAmountPaid),
    created_at: new Date(row.createdAt).toISOString(),
    product: {
      reference: row.productReference,
      name: row.productName,
      type: row.productType,
      location: row.productLocation,
    },
  }))
  return { items, total }
}

export async function customersOf(db: Executor, realtorId: number, limit: number) {
  const where = and(eq(users.role, 'customer'), eq(users.realtorId, realtorId))
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(personColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit),
    db.select({ total: count() }).from(users).where(where),
  ])
  return { items: (rows as PersonRow[]).map(toCustomer), total }
}

/** The realtors whose upline a realtor is (signed up through its link, or given it by staff), newest first. */
export async function referralsOf(db: Executor, realtorId: number, limit: number) {
  const where = and(eq(users.role, 'realtor'), eq(users.uplineId, realtorId))
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(personColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit),
    db.select({ total: count() }).from(users).where(where),
  ])
  return { items: (rows as PersonRow[]).map(toRealtor), total }
}
