import { and, asc, count, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm'
import {
  commissionLevelOfGeneration,
  DOWNLINE_DEPTH,
  DOWNLINE_SHOWN_PER_LEVEL,
  type Downline,
  type DownlineRealtor,
} from '~/contract/downline'
import type { Executor } from '../db/client'
import { commissions, users } from '../db/schema'
import { koboToNaira } from '../money'

const fullNameOf = (row: { firstName: string; lastName: string }) =>
  `${row.firstName} ${row.lastName}`.trim()

/** How many realtors each generation below a realtor holds (1: those it invited), as deep as commissions go. */
async function generationSizes(db: Executor, realtorId: number) {
  const sizes = new Map<number, number>()
  let uplines: SQLWrapper | number[] = [realtorId]
  for (let generation = 1; generation <= DOWNLINE_DEPTH; generation++) {
    const members = and(inArray(users.uplineId, uplines), eq(users.role, 'realtor'))
    const [row] = await db.select({ total: count() }).from(users).where(members)
    sizes.set(generation, Number(row?.total ?? 0))
    uplines = db.select({ id: users.id }).from(users).where(members)
  }
  return sizes
}

/** Net commission a realtor earned at each level, paid or not (void and held entries count nothing), in kobo. */
async function earnedByLevel(db: Executor, realtorId: number) {
  const rows = await db
    .select({ level: commissions.level, net: sql<string>`coalesce(sum(${commissions.net}), 0)` })
    .from(commissions)
    .where(
      and(eq(commissions.realtorId, realtorId), inArray(commissions.status, ['earned', 'paid'])),
    )
    .groupBy(commissions.level)
  return new Map(rows.map((row) => [row.level, Number(row.net)]))
}

async function customerCounts(db: Executor, realtorIds: number[]) {
  if (!realtorIds.length) return new Map<number, number>()
  const rows = await db
    .select({ realtorId: users.realtorId, total: count() })
    .from(users)
    .where(and(inArray(users.realtorId, realtorIds), eq(users.role, 'customer')))
    .groupBy(users.realtorId)
  return new Map(rows.map((row) => [row.realtorId ?? 0, Number(row.total)]))
}

/**
 * A realtor's downline as a bounded tree: each generation lists at most DOWNLINE_SHOWN_PER_LEVEL
 * realtors (oldest first) among the invitees of the ones listed above, with each level's earnings.
 */
export async function downlineOf(db: Executor, realtorId: number): Promise<Downline | null> {
  const [root] = await db
    .select({ reference: users.reference, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, realtorId))
    .limit(1)
  if (!root) return null
  const [sizes, earned, ownCustomers] = await Promise.all([
    generationSizes(db, realtorId),
    earnedByLevel(db, realtorId),
    customerCounts(db, [realtorId]),
  ])
  const generations: Downline['generations'] = []
  let parents = new Map<number, string>([[realtorId, root.reference]])
  for (let generation = 1; generation <= DOWNLINE_DEPTH; generation++) {
    const rows = parents.size
      ? await db
          .select({
            id: users.id,
            reference: users.reference,
            firstName: users.firstName,
            lastName: users.lastName,
            createdAt: users.createdAt,
            uplineId: users.uplineId,
          })
          .from(users)
          .where(and(inArray(users.uplineId, [...parents.keys()]), eq(users.role, 'realtor')))
          .orderBy(asc(users.createdAt), asc(users.id))
          .limit(DOWNLINE_SHOWN_PER_LEVEL)
      : []
    const customers = await customerCounts(
      db,
      rows.map((row) => row.id),
    )
    const realtors: DownlineRealtor[] = rows.map((row) => ({
      reference: row.reference,
      full_name: fullNameOf(row),
      joined_at: new Date(row.createdAt).toISOString(),
      customer_count: customers.get(row.id) ?? 0,
      upline_reference: parents.get(row.uplineId ?? 0) ?? '',
    }))
    const level = commissionLevelOfGeneration(generation)
    generations.push({
      generation,
      commission_level: level,
      earned: koboToNaira(earned.get(level) ?? 0),
      total: sizes.get(generation) ?? 0,
      realtors,
    })
    parents = new Map(rows.map((row) => [row.id, row.reference]))
  }
  return {
    realtor: { reference: root.reference, full_name: fullNameOf(root) },
    own: {
      customer_count: ownCustomers.get(realtorId) ?? 0,
      earned: koboToNaira(earned.get(1) ?? 0),
    },
    generations,
  }
}
