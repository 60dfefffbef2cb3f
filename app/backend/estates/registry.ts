import { createdWith, recordAudit } from '../audit/record'
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { PAGE_SIZE } from '~/contract/envelope'
import type {
  Estate,
  EstateDetail,
  EstateInput,
  Plot,
  PlotImportResult,
  PlotStatusValue,
} from '~/contract/estates'
import { formatNumber } from '~/contract/format'
import { hasPermission, isStaff } from '~/contract/permissions'
import type { Executor } from '../db/client'
import {
  estateBlocks,
  estates,
  plotAllocations,
  plots,
  products,
  subscriptions,
} from '../db/schema'
import type { ApiUser } from '../http/context'
import { fieldError, notFound, refusedField, validationError } from '../http/errors'
import {
  areaMismatch,
  overlappingPlots,
  parseBeacons,
  PlotGeometryError,
  surveyedAreaSqm,
  toLatLng,
  type Beacon,
  type UtmZone,
} from './geometry'
import { blockKey, numberKey, parsePlotCsv, PlotCsvError, type PlotCsvRow } from './plot-csv'
import { blockName, renderSiteMap, type SiteMapPlot } from './site-map'

/**
 * The plot registry on the database: estates, blocks and plots, each plot's status worked out from
 * the live subscription holding it, entering plots (one, or a file of them) under the estate's lock
 * with the overlap and duplicate checks, and the stock of the land products selling them.
 */

/** A plot's name in a sentence: "Block C plot 14". */
export const plotName = (block: string, number: string) => `${blockName(block)} plot ${number}`

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (value: string) => UUID.test(value)

/** Staff who keep the registry or allocate plots see every plot's status and who holds it (by reference). */
export const seesRegistry = (user: ApiUser | null) =>
  !!user && isStaff(user) && hasPermission(user, 'can_modify_product', 'can_manage_titles')

export type EstateRow = typeof estates.$inferSelect

export async function findEstate(db: Executor, id: string) {
  if (!isUuid(id.trim())) throw notFound('Estate not found')
  const [row] = await db
    .select()
    .from(estates)
    .where(eq(estates.uuid, id.trim().toLowerCase()))
    .limit(1)
  if (!row) throw notFound('Estate not found')
  return row
}

/** Holds the estate for the rest of the transaction: plots entered, reserved and allocated one request at a time. */
export async function lockEstate(tx: Executor, estateId: number) {
  await tx.select({ id: estates.id }).from(estates).where(eq(estates.id, estateId)).for('update')
}

export const ESTATE_NAME_TAKEN = 'An estate with this name already exists'

export async function createEstate(db: Executor, user: ApiUser, input: EstateInput) {
  const name = input.name.trim().replace(/\s+/g, ' ')
  const [taken] = await db
    .select({ id: estates.id })
    .from(estates)
    .where(sql`lower(${estates.name}) = lower(${name})`)
    .limit(1)
  if (taken) throw refusedField('name', ESTATE_NAME_TAKEN)
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(estates)
        .values({
          name,
          address: input.address.trim(),
          utmZone: input.utm_zone as UtmZone,
          createdById: user.id,
        })
        .returning()
      await recordAudit(tx, {
        action: 'estate.created',
        record: { type: 'estate', reference: row.uuid },
        summary: `Added estate ${row.name} (Minna / UTM ${row.utmZone})${row.address ? `, ${row.address}` : ''}`,
        changes: createdWith({ name: row.name, address: row.address, utm_zone: row.utmZone }),
      })
      return row
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw refusedField('name', ESTATE_NAME_TAKEN)
    throw error
  }
}

/** PostgreSQL's unique_violation, whether the driver's error comes bare or wrapped by drizzle. */
export function isUniqueViolation(error: unknown, constraint?: string) {
  for (
    let cause = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    cause;
  ) {
    if (cause.code === '23505')
      return !constraint || !cause.constraint || cause.constraint === constraint
    cause = cause.cause as typeof cause
  }
  return false
}

// ---------------------------------------------------------------------------------------------
// Plots and their status

const live = alias(plotAllocations, 'live_allocation')

/** A plot's status from the live allocation holding it and its subscription (docs/plot-registry.md, Registry). */
const statusSql = sql<PlotStatusValue>`(case
  when ${live.id} is null then 'free'
  when ${live.status} = 'allocated' then 'allocated'
  when ${subscriptions.totalAmountPaid} > 0 or ${subscriptions.status} in ('ongoing', 'completed') then 'sold'
  else 'reserved' end)`

function plotQuery(db: Executor, where: SQL | undefined) {
  return db
    .select({
      id: plots.id,
      uuid: plots.uuid,
      estateId: plots.estateId,
      block: estateBlocks.name,
      blockKey: estateBlocks.key,
      number: plots.number,
      sizeSqm: plots.sizeSqm,
      beacons: plots.beacons,
      surveyedAreaSqm: plots.surveyedAreaSqm,
      sizeMismatch: plots.sizeMismatch,
      status: statusSql,
      subscriptionId: subscriptions.id,
      subscriptionReference: subscriptions.reference,
      holderId: subscriptions.userId,
      allocatedOn: live.allocatedOn,
    })
    .from(plots)
    .innerJoin(estateBlocks, eq(estateBlocks.id, plots.blockId))
    .leftJoin(live, and(eq(live.plotId, plots.id), inArray(live.status, ['reserved', 'allocated'])))
    .leftJoin(subscriptions, eq(subscriptions.id, live.subscriptionId))
    .where(where)
    .orderBy(asc(estateBlocks.key), sql`length(${plots.numberKey})`, asc(plots.numberKey))
}
export type PlotRow = Awaited<ReturnType<typeof plotQuery>>[number]

export const plotsOfEstate = (db: Executor, estateId: number) =>
  plotQuery(db, eq(plots.estateId, estateId))

export const plotsByUuid = (db: Executor, uuids: string[]) =>
  plotQuery(db, inArray(plots.uuid, uuids.filter(isUuid)))

export const plotsOfSubscription = (db: Executor, subscriptionId: number) =>
  plotQuery(db, eq(subscriptions.id, subscriptionId))

export function toPlot(row: PlotRow, zone: UtmZone | null, showHolder: boolean): Plot {
  const beacons = row.beacons as Beacon[] | null
  return {
    id: row.uuid,
    block: row.block,
    number: row.number,
    size_sqm: Number(row.sizeSqm),
    status: row.status,
    beacons: beacons ? beacons.map(([e, n]) => [e, n] as [number, number]) : null,
    surveyed_area_sqm: row.surveyedAreaSqm === null ? null : Number(row.surveyedAreaSqm),
    size_mismatch: row.sizeMismatch,
    position: beacons?.length && zone ? toLatLng(zone, beacons[0]) : null,
    subscription_reference: showHolder ? row.subscriptionReference : null,
  }
}

// Drizzle leaves columns unqualified in a one-table select, so the subquery names the estate's id itself.
const countsSql = (status: PlotStatusValue) =>
  sql<number>`(select count(*) from ${plots} p left join ${plotAllocations} a on a.plot_id = p.id and a.status in ('reserved', 'allocated') left join ${subscriptions} s on s.id = a.subscription_id where p.estate_id = "estates"."id" and (case when a.id is null then 'free' when a.status = 'allocated' then 'allocated' when s.total_amount_paid > 0 or s.status in ('ongoing', 'completed') then 'sold' else 'reserved' end) = ${status})`.mapWith(
    Number,
  )

const estateColumns = {
  id: estates.id,
  uuid: estates.uuid,
  name: estates.name,
  address: estates.address,
  utmZone: estates.utmZone,
  createdAt: estates.createdAt,
  free: countsSql('free'),
  reserved: countsSql('reserved'),
  sold: countsSql('sold'),
  allocated: countsSql('allocated'),
}
type EstateSummaryRow = Awaited<ReturnType<typeof summaries>>[number]

const summaries = (db: Executor, where?: SQL) =>
  db
    .select(estateColumns)
    .from(estates)
    .where(where)
    .orderBy(asc(sql`lower(${estates.name})`))

function toEstate(row: EstateSummaryRow): Estate {
  const counts = {
    free: row.free,
    reserved: row.reserved,
    sold: row.sold,
    allocated: row.allocated,
  }
  return {
    id: row.uuid,
    name: row.name,
    address: row.address,
    utm_zone: row.utmZone,
    plot_count: counts.free + counts.reserved + counts.sold + counts.allocated,
    counts,
    created_at: row.createdAt.toISOString(),
  }
}

export async function listEstates(db: Executor, page: number) {
  const [rows, [{ total }]] = await Promise.all([
    summaries(db)
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(estates),
  ])
  return { items: rows.map(toEstate), total }
}

export async function estateSummary(db: Executor, estateId: number) {
  const [row] = await summaries(db, eq(estates.id, estateId))
  return toEstate(row)
}

export async function estateDetail(
  db: Executor,
  estate: EstateRow,
  viewer: ApiUser,
): Promise<EstateDetail> {
  const [summary, rows] = await Promise.all([
    estateSummary(db, estate.id),
    plotsOfEstate(db, estate.id),
  ])
  const blocks = new Map<string, Plot[]>()
  for (const row of rows) {
    const list = blocks.get(row.block) ?? []
    list.push(toPlot(row, estate.utmZone, seesRegistry(viewer)))
    blocks.set(row.block, list)
  }
  return {
    ...summary,
    blocks: [...blocks].map(([name, plotsOfBlock]) => ({ name, plots: plotsOfBlock })),
  }
}

/** The estate's site map for this viewer: staff see every status; anyone else their own plots and the rest free or taken. */
export async function estateMap(
  db: Executor,
  estate: EstateRow,
  viewer: ApiUser,
  block?: string,
  link?: string,
) {
  const rows = await plotsOfEstate(db, estate.id)
  const staff = seesRegistry(viewer)
  const shown: SiteMapPlot[] = rows.map((row) => ({
    id: row.uuid,
    block: row.block,
    number: row.number,
    sizeSqm: Number(row.sizeSqm),
    status: row.status,
    beacons: row.beacons as Beacon[] | null,
    mine: !staff && row.holderId === viewer.id,
    // Only staff pick plots, and only a free plot may be picked.
    href:
      staff && link && row.status === 'free'
        ? link.replaceAll('{id}', encodeURIComponent(row.uuid))
        : null,
  }))
  const zoom = block ? rows.find((row) => row.blockKey === blockKey(block))?.block : undefined
  if (block && !zoom) throw notFound(`${blockName(block)} is not in this estate`)
  return renderSiteMap({
    estate: { name: estate.name },
    plots: shown,
    viewer: staff ? 'staff' : 'customer',
    block: zoom,
  })
}

// ---------------------------------------------------------------------------------------------
// Entering plots

type NewPlot = { block: string; number: string; sizeSqm: number; beacons: Beacon[] | null }

async function blockIdFor(tx: Executor, estateId: number, name: string) {
  const key = blockKey(name)
  const [found] = await tx
    .select({ id: estateBlocks.id })
    .from(estateBlocks)
    .where(and(eq(estateBlocks.estateId, estateId), eq(estateBlocks.key, key)))
    .limit(1)
  if (found) return found.id
  const display = name
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/^block\s+/i, '')
  const [created] = await tx
    .insert(estateBlocks)
    .values({ estateId, name: display, key })
    .returning({ id: estateBlocks.id })
  return created.id
}

async function insertPlot(tx: Executor, estateId: number, plot: NewPlot, userId: number) {
  const surveyed = plot.beacons ? surveyedAreaSqm(plot.beacons) : null
  const [row] = await tx
    .insert(plots)
    .values({
      estateId,
      blockId: await blockIdFor(tx, estateId, plot.block),
      number: plot.number.trim(),
      numberKey: numberKey(plot.number),
      sizeSqm: plot.sizeSqm,
      beacons: plot.beacons,
      surveyedAreaSqm: surveyed,
      sizeMismatch: surveyed !== null && areaMismatch(plot.sizeSqm, surveyed),
      createdById: userId,
    })
    .returning({ id: plots.id })
  return row.id
}

export const ZONE_NEEDED =
  "Set the estate's grid zone (31N or 32N) before entering beacons: they are read on it"

/**
 * Enters one plot: its beacons checked (shape, area), refused when the block already has the number
 * or when it overlaps a surveyed plot of the estate (the 422 names them, with the area shared).
 */
export async function addPlot(
  db: Executor,
  user: ApiUser,
  estate: EstateRow,
  input: { block: string; number: string; size_sqm: number; beacons?: [number, number][] },
) {
  let beacons: Beacon[] | null = null
  if (input.beacons) {
    if (!estate.utmZone) throw refusedField('beacons', ZONE_NEEDED)
    try {
      beacons = parseBeacons(input.beacons)
    } catch (error) {
      if (error instanceof PlotGeometryError) throw fieldError('beacons', error.message)
      throw error
    }
  }
  return db.transaction(async (tx) => {
    await lockEstate(tx, estate.id)
    const existing = await plotsOfEstate(tx, estate.id)
    const same = existing.find(
      (row) =>
        row.blockKey === blockKey(input.block) && numberKey(row.number) === numberKey(input.number),
    )
    if (same)
      throw refusedField('number', `${plotName(same.block, same.number)} is already in the estate`)
    if (beacons) {
      const overlaps = overlappingPlots(
        beacons,
        existing.map((row) => ({ ...row, beacons: row.beacons as Beacon[] | null })),
      )
      if (overlaps.length) {
        const words = overlaps.map(
          ({ plot, overlapSqm }) =>
            `${plotName(plot.block, plot.number)} by ${formatNumber(overlapSqm)} m²`,
        )
        throw validationError(
          { beacons: [`The plot overlaps ${words.join(', ')}`] },
          `The plot overlaps ${overlaps.map(({ plot }) => plotName(plot.block, plot.number)).join(', ')}`,
        )
      }
    }
    const id = await insertPlot(
      tx,
      estate.id,
      { block: input.block, number: input.number, sizeSqm: input.size_sqm, beacons },
      user.id,
    )
    await syncEstateStock(tx, estate.id)
    const [row] = await plotQuery(tx, eq(plots.id, id))
    const plot = toPlot(row, estate.utmZone, true)
    await recordAudit(tx, {
      action: 'plot.created',
      record: { type: 'estate', reference: estate.uuid },
      summary: `Added ${plotName(row.block, row.number)} (${formatNumber(input.size_sqm)} m²${beacons ? `, ${beacons.length} beacons` : ', not surveyed'}) to ${estate.name}`,
      changes: createdWith({
        block: row.block,
        number: row.number,
        size_sqm: input.size_sqm,
        beacons: beacons?.length ?? 0,
      }),
    })
    return plot
  })
}

/**
 * A plot file: every row checked against the file and the estate (plot-csv.ts). A preview enters
 * nothing; a commit enters the rows accepted, checked again under the estate's lock.
 */
export async function importPlots(
  db: Executor,
  user: ApiUser,
  estate: EstateRow,
  file: Uint8Array,
  commit: boolean,
): Promise<PlotImportResult> {
  const read = async (executor: Executor) => {
    const existing = await plotsOfEstate(executor, estate.id)
    try {
      return parsePlotCsv(file, {
        existing: existing.map((row) => ({
          block: row.block,
          number: row.number,
          beacons: row.beacons as Beacon[] | null,
        })),
      })
    } catch (error) {
      if (error instanceof PlotCsvError) throw fieldError('file_in_base64', error.message)
      throw error
    }
  }
  const zoneProblem = (rows: PlotCsvRow[]) =>
    rows.map((row): PlotCsvRow => {
      if (!row.ok || !row.plot.beacons || estate.utmZone) return row
      return {
        line: row.line,
        ok: false,
        cells: {
          block: row.plot.block,
          plot: row.plot.number,
          size_sqm: String(row.plot.sizeSqm),
          beacons: row.plot.beacons.map((b) => b.join(' ')).join('; '),
        },
        errors: [ZONE_NEEDED],
      }
    })
  if (!commit) return importResult(zoneProblem(await read(db)), false, 0)
  return db.transaction(async (tx) => {
    await lockEstate(tx, estate.id)
    const rows = zoneProblem(await read(tx))
    let imported = 0
    for (const row of rows) {
      if (!row.ok) continue
      await insertPlot(tx, estate.id, row.plot, user.id)
      imported++
    }
    await syncEstateStock(tx, estate.id)
    const refused = rows.filter((row) => !row.ok).length
    await recordAudit(tx, {
      action: 'plot.imported',
      record: { type: 'estate', reference: estate.uuid },
      summary: `Imported ${imported} ${imported === 1 ? 'plot' : 'plots'} to ${estate.name} from a plot file${refused ? ` (${refused} ${refused === 1 ? 'row' : 'rows'} refused)` : ''}`,
      changes: createdWith({ imported, refused }),
    })
    return importResult(rows, true, imported)
  })
}

function importResult(rows: PlotCsvRow[], committed: boolean, imported: number): PlotImportResult {
  return {
    committed,
    accepted: rows.filter((row) => row.ok).length,
    refused: rows.filter((row) => !row.ok).length,
    imported,
    rows: rows.map((row) =>
      row.ok
        ? {
            line: row.line,
            ok: true,
            block: row.plot.block,
            plot: row.plot.number,
            size_sqm: String(row.plot.sizeSqm),
            beacon_count: row.plot.beacons?.length ?? 0,
            surveyed_area_sqm: row.surveyedAreaSqm,
            warnings: row.warnings,
            errors: [],
          }
        : {
            line: row.line,
            ok: false,
            block: row.cells.block,
            plot: row.cells.plot,
            size_sqm: row.cells.size_sqm,
            beacon_count: 0,
            surveyed_area_sqm: null,
            warnings: [],
            errors: row.errors,
          },
    ),
  }
}

// ---------------------------------------------------------------------------------------------
// Stock: a land product of an estate sells its free plots of the product's size.

/** A plot's size as the products' `size` compares with it: to the hundredth of a square metre. */
const productSizeSql = sql`round(${products.size}::numeric, 2)`

const freePlotsOfProductSql = sql`(select count(*)::int from ${plots} where ${plots.estateId} = ${products.estateId} and ${plots.sizeSqm} = ${productSizeSql} and not exists (select 1 from ${plotAllocations} where ${plotAllocations.plotId} = ${plots.id} and ${plotAllocations.status} in ('reserved', 'allocated')))`

/**
 * Writes down the units left of every product selling this estate's plots: its free plots of the
 * product's size, derived, never typed. Called in every transaction that adds, reserves, allocates
 * or frees a plot, after the estate's lock.
 */
export async function syncEstateStock(tx: Executor, estateId: number) {
  await lockEstate(tx, estateId)
  await tx
    .update(products)
    .set({
      availableByQuantity: true,
      unitAvailable: freePlotsOfProductSql,
      isAvailable: sql`${freePlotsOfProductSql} > 0`,
      updatedAt: new Date(),
    })
    .where(eq(products.estateId, estateId))
}

/** Free plots of a size in an estate, in block and number order, for a purchase to reserve. */
async function freePlotIds(tx: Executor, estateId: number, sizeSqm: number, limit: number) {
  const rows = await tx
    .select({ id: plots.id })
    .from(plots)
    .innerJoin(estateBlocks, eq(estateBlocks.id, plots.blockId))
    .where(
      and(
        eq(plots.estateId, estateId),
        sql`${plots.sizeSqm} = round(${sizeSqm}::numeric, 2)`,
        sql`not exists (select 1 from ${plotAllocations} where ${plotAllocations.plotId} = ${plots.id} and ${plotAllocations.status} in ('reserved', 'allocated'))`,
      ),
    )
    .orderBy(asc(estateBlocks.key), sql`length(${plots.numberKey})`, asc(plots.numberKey))
    .limit(limit)
  return rows.map((row) => row.id)
}

/**
 * Reserves `quantity` free plots of the product's estate and size for a new subscription, in its
 * transaction, under the estate's lock: buyers of one estate take their plots one at a time, so
 * the last plots go to as many buyers as there are plots. Answers how many were free when too few.
 */
export async function reservePlots(
  tx: Executor,
  input: {
    estateId: number
    sizeSqm: number
    subscriptionId: number
    quantity: number
    createdById: number
  },
): Promise<{ ok: true } | { ok: false; left: number }> {
  await lockEstate(tx, input.estateId)
  const ids = await freePlotIds(tx, input.estateId, input.sizeSqm, input.quantity)
  if (ids.length < input.quantity) return { ok: false, left: ids.length }
  await tx.insert(plotAllocations).values(
    ids.map((plotId) => ({
      plotId,
      subscriptionId: input.subscriptionId,
      status: 'reserved' as const,
      createdById: input.createdById,
    })),
  )
  await syncEstateStock(tx, input.estateId)
  return { ok: true }
}

/** Frees the plots a subscription holds (it was cancelled, expired or defaulted), with the reason. */
export async function releasePlotsOf(
  tx: Executor,
  subscriptionId: number,
  reason: string,
  releasedById: number | null = null,
) {
  const freed = await tx
    .update(plotAllocations)
    .set({ status: 'released', releasedAt: new Date(), releaseReason: reason, releasedById })
    .where(
      and(
        eq(plotAllocations.subscriptionId, subscriptionId),
        inArray(plotAllocations.status, ['reserved', 'allocated']),
      ),
    )
    .returning({ plotId: plotAllocations.plotId })
  if (!freed.length) return
  const estateIds = await tx
    .selectDistinct({ id: plots.estateId })
    .from(plots)
    .where(
      inArray(
        plots.id,
        freed.map((row) => row.plotId),
      ),
    )
  for (const { id } of estateIds.sort((a, b) => a.id - b.id)) await syncEstateStock(tx, id)
}

/** The estate a product sells plots of, by its public id; refused under estate_id when unknown. */
export async function estateIdFor(db: Executor, id: string | null | undefined) {
  if (!id) return null
  if (!isUuid(id.trim())) throw fieldError('estate_id', 'Choose an estate from the registry')
  const [row] = await db
    .select({ id: estates.id })
    .from(estates)
    .where(eq(estates.uuid, id.trim().toLowerCase()))
    .limit(1)
  if (!row) throw refusedField('estate_id', 'Choose an estate from the registry')
  return row.id
}

/** The public id of an estate (for a product's answer). */
export async function estateUuidOf(db: Executor, estateId: number | null) {
  if (estateId === null) return null
  const [row] = await db
    .select({ uuid: estates.uuid })
    .from(estates)
    .where(eq(estates.id, estateId))
    .limit(1)
  return row?.uuid ?? null
}
