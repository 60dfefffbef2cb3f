import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { PlotCheck, PlotCheckQuery, UnmatchedAllocation } from '~/contract/estates'
import { BLOCK_PATTERN, PLOT_NUMBER_PATTERN } from '~/contract/estates'
import type { Executor } from '../db/client'
import {
  estateBlocks,
  estates,
  plotAllocations,
  plots,
  products,
  subscriptions,
  titleSteps,
  users,
} from '../db/schema'
import { conflict, fieldError, notFound, refusedField } from '../http/errors'
import { blockKey, numberKey } from './plot-csv'
import {
  isUniqueViolation,
  isUuid,
  lockEstate,
  plotName,
  plotsByUuid,
  syncEstateStock,
  type PlotRow,
} from './registry'

/**
 * Allocating plots on the title tracker (a select of registry plots, one per unit bought), the
 * public plot check, and the free-text allocations from before the registry that it could not take.
 */

export const REALLOCATION_REASON_NEEDED =
  'Say why the plot is reallocated: the customer and the records keep the reason'
export const plotHeldElsewhere = (name: string) =>
  `${name} is already held by another purchase: choose a free plot`

export type AllocatedPlot = {
  id: string
  estate: string
  estateId: string
  block: string
  number: string
  sizeSqm: number
}

/** The live plots of a subscription with their estate, in block and number order. */
export async function heldPlots(db: Executor, subscriptionId: number) {
  return db
    .select({
      id: plots.id,
      uuid: plots.uuid,
      estate: estates.name,
      estateUuid: estates.uuid,
      estateId: estates.id,
      utmZone: estates.utmZone,
      block: estateBlocks.name,
      number: plots.number,
      sizeSqm: plots.sizeSqm,
      beacons: plots.beacons,
      status: plotAllocations.status,
      allocatedOn: plotAllocations.allocatedOn,
    })
    .from(plotAllocations)
    .innerJoin(plots, eq(plots.id, plotAllocations.plotId))
    .innerJoin(estates, eq(estates.id, plots.estateId))
    .innerJoin(estateBlocks, eq(estateBlocks.id, plots.blockId))
    .where(
      and(
        eq(plotAllocations.subscriptionId, subscriptionId),
        inArray(plotAllocations.status, ['reserved', 'allocated']),
      ),
    )
    .orderBy(
      asc(estates.name),
      asc(estateBlocks.key),
      sql`length(${plots.numberKey})`,
      asc(plots.numberKey),
    )
}

/**
 * Allocates the chosen plots to a subscription (the title step plot_allocated), one per unit it
 * bought, in its transaction: plots it held and did not keep are freed, with the reason when they
 * were allocated (a reallocation); a plot another live subscription holds is refused with 409,
 * and the database's unique index refuses it too when two allocations race.
 */
export async function allocatePlots(
  tx: Executor,
  input: {
    subscriptionId: number
    quantity: number
    productEstateId: number | null
    plotIds: string[]
    date: string
    reason: string | undefined
    staffId: number
  },
): Promise<AllocatedPlot[]> {
  const { plotIds } = input
  if (plotIds.length !== input.quantity) {
    throw refusedField(
      'plot_ids',
      input.quantity === 1
        ? 'Choose the plot to allocate'
        : `Choose ${input.quantity} plots: one for each plot bought`,
    )
  }
  if (new Set(plotIds.map((id) => id.toLowerCase())).size !== plotIds.length)
    throw fieldError('plot_ids', 'Choose each plot once')
  const chosen = plotIds.every(isUuid) ? await plotsByUuid(tx, plotIds) : []
  if (chosen.length !== plotIds.length)
    throw refusedField('plot_ids', 'Choose plots from the estate registry')
  if (input.productEstateId !== null && chosen.some((p) => p.estateId !== input.productEstateId))
    throw refusedField('plot_ids', "Choose plots of the product's estate")

  const estateIds = [...new Set(chosen.map((p) => p.estateId))]
  const held = await heldPlots(tx, input.subscriptionId)
  for (const id of [...new Set([...estateIds, ...held.map((p) => p.estateId)])].sort(
    (a, b) => a - b,
  ))
    await lockEstate(tx, id)

  // Read again under the locks: who holds each chosen plot now.
  const current = await plotsByUuid(tx, plotIds)
  const taken = current.find(
    (p: PlotRow) => p.subscriptionId !== null && p.subscriptionId !== input.subscriptionId,
  )
  if (taken) throw conflict(plotHeldElsewhere(plotName(taken.block, taken.number)))

  const keep = new Set(current.map((p) => p.id))
  const dropped = held.filter((p) => !keep.has(p.id))
  if (dropped.some((p) => p.status === 'allocated') && !input.reason)
    throw refusedField('reason', REALLOCATION_REASON_NEEDED)
  if (dropped.length) {
    await tx
      .update(plotAllocations)
      .set({
        status: 'released',
        releasedAt: new Date(),
        releaseReason: input.reason ?? 'Another plot was allocated in its place',
        releasedById: input.staffId,
      })
      .where(
        and(
          eq(plotAllocations.subscriptionId, input.subscriptionId),
          inArray(
            plotAllocations.plotId,
            dropped.map((p) => p.id),
          ),
          inArray(plotAllocations.status, ['reserved', 'allocated']),
        ),
      )
  }
  const heldIds = new Set(held.map((p) => p.id))
  const already = current.filter((p) => heldIds.has(p.id))
  if (already.length) {
    await tx
      .update(plotAllocations)
      .set({ status: 'allocated', allocatedOn: input.date })
      .where(
        and(
          eq(plotAllocations.subscriptionId, input.subscriptionId),
          inArray(
            plotAllocations.plotId,
            already.map((p) => p.id),
          ),
          inArray(plotAllocations.status, ['reserved', 'allocated']),
        ),
      )
  }
  const fresh = current.filter((p) => !heldIds.has(p.id))
  if (fresh.length) {
    try {
      await tx.insert(plotAllocations).values(
        fresh.map((p) => ({
          plotId: p.id,
          subscriptionId: input.subscriptionId,
          status: 'allocated' as const,
          allocatedOn: input.date,
          createdById: input.staffId,
        })),
      )
    } catch (error) {
      if (isUniqueViolation(error, 'plot_allocations_live_plot_idx'))
        throw conflict(plotHeldElsewhere(fresh.map((p) => plotName(p.block, p.number)).join(', ')))
      throw error
    }
  }
  for (const id of [...new Set([...estateIds, ...dropped.map((p) => p.estateId)])].sort(
    (a, b) => a - b,
  ))
    await syncEstateStock(tx, id)

  const estateNames = new Map(
    (
      await tx
        .select({ id: estates.id, name: estates.name, uuid: estates.uuid })
        .from(estates)
        .where(inArray(estates.id, estateIds))
    ).map((e) => [e.id, e]),
  )
  return current.map((p) => ({
    id: p.uuid,
    estate: estateNames.get(p.estateId)!.name,
    estateId: estateNames.get(p.estateId)!.uuid,
    block: p.block,
    number: p.number,
    sizeSqm: Number(p.sizeSqm),
  }))
}

/** The title step's text columns for allocated plots: the estate, the block(s), the plot number(s). */
export function allocationWords(allocated: AllocatedPlot[]) {
  const estatesNamed = [...new Set(allocated.map((p) => p.estate))]
  const blocks = [...new Set(allocated.map((p) => p.block))]
  return {
    estate: estatesNamed.join(', '),
    block: blocks.join(', '),
    plot:
      blocks.length === 1
        ? allocated.map((p) => p.number).join(', ')
        : allocated.map((p) => `${p.block} ${p.number}`).join(', '),
  }
}

/** Free plots a title manager may allocate: the product's estate, or every estate when the product has none. */
export async function allocatablePlots(
  db: Executor,
  estateId: number | null,
  subscriptionId: number,
) {
  const rows = await db
    .select({
      id: plots.uuid,
      estate: estates.name,
      block: estateBlocks.name,
      number: plots.number,
      sizeSqm: plots.sizeSqm,
    })
    .from(plots)
    .innerJoin(estates, eq(estates.id, plots.estateId))
    .innerJoin(estateBlocks, eq(estateBlocks.id, plots.blockId))
    .where(
      and(
        estateId === null ? undefined : eq(plots.estateId, estateId),
        sql`not exists (select 1 from ${plotAllocations} where ${plotAllocations.plotId} = ${plots.id} and ${plotAllocations.status} in ('reserved', 'allocated') and ${plotAllocations.subscriptionId} <> ${subscriptionId})`,
      ),
    )
    .orderBy(
      asc(estates.name),
      asc(estateBlocks.key),
      sql`length(${plots.numberKey})`,
      asc(plots.numberKey),
    )
    .limit(2000)
  return rows.map(({ sizeSqm, ...row }) => ({ ...row, size_sqm: Number(sizeSqm) }))
}

// ---------------------------------------------------------------------------------------------
// The public check

export const PLOT_NOT_FOUND = 'No plot of that estate, block and number is in the registry'

/** Whether a plot is free, reserved (someone is buying it) or allocated: nothing about who. */
export async function checkPlot(db: Executor, query: PlotCheckQuery): Promise<PlotCheck> {
  const [row] = await db
    .select({
      estate: estates.name,
      block: estateBlocks.name,
      number: plots.number,
      sizeSqm: plots.sizeSqm,
      liveStatus: sql<
        'reserved' | 'allocated' | null
      >`(select ${plotAllocations.status} from ${plotAllocations} where ${plotAllocations.plotId} = ${plots.id} and ${plotAllocations.status} in ('reserved', 'allocated') limit 1)`,
    })
    .from(plots)
    .innerJoin(estates, eq(estates.id, plots.estateId))
    .innerJoin(estateBlocks, eq(estateBlocks.id, plots.blockId))
    .where(
      and(
        sql`lower(${estates.name}) = lower(${query.estate.replace(/\s+/g, ' ')})`,
        eq(estateBlocks.key, blockKey(query.block)),
        eq(plots.numberKey, numberKey(query.plot)),
      ),
    )
    .limit(1)
  if (!row) throw notFound(PLOT_NOT_FOUND)
  return {
    estate: row.estate,
    block: row.block,
    plot: row.number,
    size_sqm: Number(row.sizeSqm),
    status: row.liveStatus ?? 'free',
  }
}

/** Since when a subscription's plots are allocated, for its allocation letter's public check. */
export async function allocatedSince(db: Executor, subscriptionId: number) {
  const rows = await heldPlots(db, subscriptionId)
  const allocated = rows.filter((row) => row.status === 'allocated' && row.allocatedOn)
  if (!allocated.length) return null
  return {
    since: allocated.map((row) => row.allocatedOn!).sort()[0],
    plots: allocated.map((row) => ({ estate: row.estate, block: row.block, plot: row.number })),
  }
}

// ---------------------------------------------------------------------------------------------
// Free-text allocations the registry did not take

/** Square metres of a product's size as its measurement names it, or null when it names no area unit. */
export function productSizeSqm(size: number | null, measurement: string | null) {
  if (size === null || !(size > 0)) return null
  const unit = (measurement ?? '').trim().toLowerCase()
  if (['sqm', 'm2', 'm²', 'sq m', 'sq.m', 'square metres', 'square meters'].includes(unit))
    return Math.round(size * 100) / 100
  if (['acre', 'acres'].includes(unit)) return Math.round(size * 4046.8564224 * 100) / 100
  if (['hectare', 'hectares', 'ha'].includes(unit)) return Math.round(size * 10000 * 100) / 100
  return null
}

/**
 * Fully paid purchases whose plot was typed on the title tracker before the registry and is not a
 * registry allocation: the text does not read as one block and one plot, the purchase is of several
 * plots, the product's size is unknown, or another purchase was given that plot first.
 */
export async function unmatchedAllocations(db: Executor): Promise<UnmatchedAllocation[]> {
  const rows = await db
    .select({
      subscriptionId: subscriptions.id,
      reference: subscriptions.reference,
      quantity: subscriptions.quantity,
      firstName: users.firstName,
      lastName: users.lastName,
      product: products.name,
      productReference: products.reference,
      size: products.size,
      measurement: products.sizeInMeasurement,
      estate: titleSteps.estate,
      block: titleSteps.block,
      plot: titleSteps.plot,
      date: titleSteps.date,
    })
    .from(titleSteps)
    .innerJoin(subscriptions, eq(subscriptions.id, titleSteps.subscriptionId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .where(
      and(
        eq(titleSteps.step, 'plot_allocated'),
        eq(titleSteps.status, 'done'),
        sql`${subscriptions.status} not in ('cancelled', 'expired')`,
        sql`not exists (select 1 from ${plotAllocations} where ${plotAllocations.subscriptionId} = ${subscriptions.id} and ${plotAllocations.status} = 'allocated')`,
      ),
    )
    .orderBy(desc(titleSteps.date), asc(subscriptions.reference))
    .limit(1000)
  const answers: UnmatchedAllocation[] = []
  for (const row of rows) {
    const estate = row.estate?.trim().replace(/\s+/g, ' ') ?? ''
    const block = (row.block ?? '')
      .trim()
      .replace(/\s+/g, ' ')
      .replace(/^block\s+/i, '')
    const plot = (row.plot ?? '').trim().replace(/^(plot|no\.?)\s*/i, '')
    const base = {
      subscription_reference: row.reference,
      customer: `${row.firstName} ${row.lastName}`,
      product: row.product || row.productReference,
      estate: row.estate,
      block: row.block,
      plot: row.plot,
      recorded_on: row.date,
      held_by: null,
    }
    const readable =
      estate !== '' &&
      estate.length <= 100 &&
      block.length <= 40 &&
      BLOCK_PATTERN.test(block) &&
      plot.length <= 20 &&
      PLOT_NUMBER_PATTERN.test(plot)
    if (!readable) {
      answers.push({
        ...base,
        problem: 'unreadable',
        reason: 'The estate, block and plot typed do not read as one block and one plot number',
      })
      continue
    }
    if (row.quantity !== 1) {
      answers.push({
        ...base,
        problem: 'several_plots',
        reason: `The purchase is of ${row.quantity} plots and one plot was typed: allocate them from the registry`,
      })
      continue
    }
    const [holder] = await db
      .select({ reference: subscriptions.reference })
      .from(plots)
      .innerJoin(estates, eq(estates.id, plots.estateId))
      .innerJoin(estateBlocks, eq(estateBlocks.id, plots.blockId))
      .innerJoin(
        plotAllocations,
        and(
          eq(plotAllocations.plotId, plots.id),
          inArray(plotAllocations.status, ['reserved', 'allocated']),
        ),
      )
      .innerJoin(subscriptions, eq(subscriptions.id, plotAllocations.subscriptionId))
      .where(
        and(
          sql`lower(${estates.name}) = lower(${estate})`,
          eq(estateBlocks.key, blockKey(block)),
          eq(plots.numberKey, numberKey(plot)),
        ),
      )
      .limit(1)
    if (holder) {
      answers.push({
        ...base,
        problem: 'collision',
        reason: `${plotName(block, plot)} of ${estate} was given to ${holder.reference}, recorded first`,
        held_by: holder.reference,
      })
      continue
    }
    if (productSizeSqm(row.size, row.measurement) === null) {
      answers.push({
        ...base,
        problem: 'size_unknown',
        reason:
          "The product's size is not in square metres, acres or hectares: add the plot to the registry and allocate it",
      })
      continue
    }
    answers.push({
      ...base,
      problem: 'unreadable',
      reason: 'Not in the registry: add the plot and allocate it on the title tracker',
    })
  }
  return answers
}
