import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { titleLink } from '~/contract/links'
import { hasPermission, isStaff } from '~/contract/permissions'
import {
  dueDate,
  nextStep,
  RECORDED_TITLE_STEPS,
  stepHappened,
  stepRefusal,
  timeline,
  TITLE_STEP_LABELS,
  whatComesNext,
  type RecordedStep,
  type RecordedTitleStep,
  type TitleStepDays,
} from '~/contract/title-rules'
import type { Title, TitleListItem, TitleStepPayload } from '~/contract/titles'
import { appUrl, getConfig } from '../config'
import type { Database, Executor } from '../db/client'
import {
  files,
  payouts,
  products,
  subscriptions,
  titleDocuments,
  titleStepHistory,
  titleSteps,
  transactions,
  users,
} from '../db/schema'
import type { ApiUser } from '../http/context'
import { conflict, refusedField, notFound } from '../http/errors'
import { sendNotice } from '../mail'
import { notify } from '../notifications/service'
import { getTitleStepDays } from '../settings/service'
import { fileUrl, findOwnUpload, visibleSubscriptions } from '../subscriptions/access'
import { todayIn } from '../dates/calendar'
import { lockSubscription, productName } from '../subscriptions/queries'
import { changesBetween, createdWith, recordAudit } from '../audit/record'
import { formatDate } from '~/contract/format'
import { allocatablePlots, allocatePlots, allocationWords, heldPlots } from '../estates/allocation'
import { estates } from '../db/schema'

/** The estate a product sells plots of, as the allocation form names it. */
async function productEstate(db: Executor, estateId: number | null) {
  if (estateId === null) return null
  const [row] = await db
    .select({ id: estates.uuid, name: estates.name })
    .from(estates)
    .where(eq(estates.id, estateId))
  return row ?? null
}

export const NOT_A_COMPLETED_PURCHASE =
  'The title timeline starts once a land purchase is fully paid'
export const DOCUMENT_OF_ANOTHER_PURCHASE =
  "This document belongs to another purchase's title: upload the document for this purchase"
export const DOCUMENT_IS_A_PROOF =
  'This file is the proof of a payment or a payout, not a title document; upload the title document itself'
const DOCUMENT_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg'])

const timeZone = () => getConfig().APP_TIME_ZONE
const today = () => todayIn(timeZone())

/** Staff who record title steps reach every fully paid land purchase, whatever their other permissions. */
export const managesTitles = (user: ApiUser) =>
  isStaff(user) && hasPermission(user, 'can_manage_titles')

/** Which subscriptions' titles a user may read: those it may see, or every one for staff who record titles. */
export function visibleTitles(user: ApiUser): SQL | undefined {
  return managesTitles(user) ? undefined : visibleSubscriptions(user)
}

const titleColumns = {
  id: subscriptions.id,
  reference: subscriptions.reference,
  type: subscriptions.type,
  status: subscriptions.status,
  completedAt: subscriptions.completedAt,
  userId: subscriptions.userId,
  quantity: subscriptions.quantity,
  owner: {
    reference: users.reference,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
  },
  product: {
    reference: products.reference,
    name: products.name,
    location: products.location,
    type: products.type,
    estateId: products.estateId,
  },
}

/** The fully paid land purchase a title belongs to, if the user may see it: 404 otherwise, 409 when not fully paid land. */
export async function findTitleSubscription(db: Executor, user: ApiUser, reference: string) {
  const [row] = await db
    .select(titleColumns)
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .where(and(eq(subscriptions.reference, reference.trim().toUpperCase()), visibleTitles(user)))
    .limit(1)
  if (!row) throw notFound('Subscription not found')
  if (row.type !== 'land' || row.status !== 'completed' || !row.completedAt)
    throw conflict(NOT_A_COMPLETED_PURCHASE)
  return { ...row, completedAt: row.completedAt }
}
export type TitleSubscription = Awaited<ReturnType<typeof findTitleSubscription>>

/** The day the land was fully paid, in the platform's time zone: the date of the payment completed step. */
export const paidOnOf = (completedAt: Date) => todayIn(timeZone(), completedAt)

const recorder = alias(users, 'recorder')

async function stepRows(db: Executor, subscriptionId: number) {
  return db
    .select({
      id: titleStepHistory.id,
      step: titleStepHistory.step,
      status: titleStepHistory.status,
      date: titleStepHistory.date,
      note: titleStepHistory.note,
      fileName: files.name,
      estate: titleStepHistory.estate,
      block: titleStepHistory.block,
      plot: titleStepHistory.plot,
      recordedAt: titleStepHistory.recordedAt,
      recorderFirst: recorder.firstName,
      recorderLast: recorder.lastName,
    })
    .from(titleStepHistory)
    .leftJoin(files, eq(files.id, titleStepHistory.documentFileId))
    .leftJoin(recorder, eq(recorder.id, titleStepHistory.recordedById))
    .where(eq(titleStepHistory.subscriptionId, subscriptionId))
    .orderBy(desc(titleStepHistory.id))
}

async function currentSteps(db: Executor, subscriptionId: number) {
  return db
    .select({
      step: titleSteps.step,
      status: titleSteps.status,
      date: titleSteps.date,
      note: titleSteps.note,
      documentFileId: titleSteps.documentFileId,
      fileName: files.name,
      estate: titleSteps.estate,
      block: titleSteps.block,
      plot: titleSteps.plot,
    })
    .from(titleSteps)
    .leftJoin(files, eq(files.id, titleSteps.documentFileId))
    .where(eq(titleSteps.subscriptionId, subscriptionId))
}

/** The timeline as GET product-subscription/{reference}/title answers it. */
export async function titleOf(db: Executor, s: TitleSubscription, viewer: ApiUser): Promise<Title> {
  const [current, history, days, held] = await Promise.all([
    currentSteps(db, s.id),
    stepRows(db, s.id),
    getTitleStepDays(db),
    heldPlots(db, s.id),
  ])
  const plotView = (row: (typeof held)[number]) => ({
    id: row.uuid,
    estate: row.estate,
    estate_id: row.estateUuid,
    block: row.block,
    number: row.number,
    size_sqm: Number(row.sizeSqm),
  })
  const paidOn = paidOnOf(s.completedAt)
  const now = today()
  const recorded: RecordedStep[] = current.map((row) => ({
    step: row.step,
    status: row.status,
    date: row.date,
  }))
  const byStep = new Map(current.map((row) => [row.step, row]))
  const next = nextStep(recorded)
  return {
    reference: s.reference,
    product: { reference: s.product.reference, name: productName(s.product) },
    customer: {
      reference: s.owner.reference,
      full_name: `${s.owner.firstName} ${s.owner.lastName}`,
    },
    payment_completed_on: paidOn,
    next_step: next,
    next_due_date: next ? dueDate(paidOn, next, days) : null,
    can_record: managesTitles(viewer),
    allocation: managesTitles(viewer)
      ? {
          quantity: s.quantity,
          estate: await productEstate(db, s.product.estateId),
          held: held.map((row) => ({
            ...plotView(row),
            status: row.status as 'reserved' | 'allocated',
          })),
          choices: await allocatablePlots(db, s.product.estateId, s.id),
        }
      : null,
    steps: timeline(paidOn, recorded, days, now).map((entry) => {
      const row = entry.step === 'payment_completed' ? undefined : byStep.get(entry.step)
      return {
        ...entry,
        label: TITLE_STEP_LABELS[entry.step],
        note: row?.note ?? null,
        document_url: row?.fileName ? fileUrl(row.fileName) : null,
        estate: row?.estate ?? null,
        block: row?.block ?? null,
        plot: row?.plot ?? null,
        plots:
          entry.step === 'plot_allocated'
            ? held.filter((plot) => plot.status === 'allocated').map(plotView)
            : [],
        history: history
          .filter((record) => record.step === entry.step)
          .map((record) => ({
            status: record.status,
            date: record.date,
            note: record.note,
            document_url: record.fileName ? fileUrl(record.fileName) : null,
            estate: record.estate,
            block: record.block,
            plot: record.plot,
            recorded_by: record.recorderFirst
              ? `${record.recorderFirst} ${record.recorderLast}`
              : null,
            recorded_at: record.recordedAt.toISOString(),
          })),
      }
    }),
  }
}

/**
 * Records a step (or corrects it): checked by the title rules, kept in the history, and the
 * customer notified in the same transaction. The e-mail goes once it is committed.
 */
export async function recordTitleStep(
  db: Database,
  staff: ApiUser,
  s: TitleSubscription,
  input: TitleStepPayload,
) {
  const step = input.step as RecordedTitleStep
  const status = input.status ?? 'done'
  const paidOn = paidOnOf(s.completedAt)
  const days = await getTitleStepDays(db)
  const mail = await db.transaction(async (tx) => {
    // One record at a time per purchase: the order and date checks read what the others wrote.
    await lockSubscription(tx, s.id)
    const current = await currentSteps(tx, s.id)
    const recorded: RecordedStep[] = current.map((row) => ({
      step: row.step,
      status: row.status,
      date: row.date,
    }))
    const refusal = stepRefusal({
      step,
      status,
      date: input.date,
      paidOn,
      today: today(),
      recorded,
    })
    if (refusal) throw refusedField(refusal.field, refusal.message)
    const previous = current.find((row) => row.step === step)
    const plotIds = (input.plot_ids ?? []) as string[]
    const allocated =
      step === 'plot_allocated'
        ? allocationWords(
            await allocatePlots(tx, {
              subscriptionId: s.id,
              quantity: s.quantity,
              productEstateId: s.product.estateId,
              plotIds,
              date: input.date,
              reason: input.reason,
              staffId: staff.id,
            }),
          )
        : null
    const documentFileId = await documentOf(tx, staff, s.id, input.document_url, previous)
    const values = {
      status,
      date: input.date,
      note: input.note ?? null,
      documentFileId,
      estate: allocated?.estate ?? null,
      block: allocated?.block ?? null,
      plot: allocated?.plot ?? null,
      recordedById: staff.id,
      recordedAt: new Date(),
    }
    await tx
      .insert(titleSteps)
      .values({ subscriptionId: s.id, step, ...values })
      .onConflictDoUpdate({ target: [titleSteps.subscriptionId, titleSteps.step], set: values })
    await tx.insert(titleStepHistory).values({ subscriptionId: s.id, step, ...values })
    const [document] =
      documentFileId === null
        ? []
        : await tx.select({ name: files.name }).from(files).where(eq(files.id, documentFileId))
    const snapshot = (
      row: Omit<typeof values, 'documentFileId' | 'recordedById' | 'recordedAt'>,
      documentName: string | null,
    ) => ({
      status: row.status,
      date: row.date,
      note: row.note,
      document: documentName,
      estate: row.estate,
      block: row.block,
      plot: row.plot,
    })
    const stepAfter = snapshot(values, document?.name ?? null)
    const what = `${TITLE_STEP_LABELS[step]} of ${s.reference}: ${status === 'not_applicable' ? 'not applicable' : 'done'} on ${formatDate(`${input.date}T12:00:00Z`, 'UTC')}`
    await recordAudit(tx, {
      action: 'title.step_recorded',
      record: { type: 'title', reference: s.reference },
      related: [s.reference, s.owner.reference, s.product.reference],
      summary: previous ? `Corrected title step ${what}` : `Recorded title step ${what}`,
      changes: previous
        ? changesBetween(snapshot(previous, previous.fileName), stepAfter)
        : createdWith({ step, ...stepAfter }),
    })

    const after = [
      ...recorded.filter((entry) => entry.step !== step),
      { step, status, date: input.date },
    ]
    const next = nextStep(after)
    const happened = stepHappened({ ...values, step }, s.reference)
    const comes = whatComesNext(next, next ? dueDate(paidOn, next, days) : null, today())
    const correction = previous ? 'Correction: ' : ''
    await notify(tx, s.userId, {
      title: `${correction}${TITLE_STEP_LABELS[step]}${status === 'not_applicable' ? ': not applicable' : ''}`,
      body: `${correction}${happened} ${comes}`,
      link: titleLink(s.reference),
    })
    return { happened: `${correction}${happened}`, comes, note: values.note }
  })
  await mailTitleStep(db, s, step, mail)
}

/**
 * The document of a step: a file the recorder uploaded (content already checked by media/upload:
 * a PDF, PNG or JPEG of at most 2 MB), or the step's own document sent again. Left out on a
 * correction, the earlier document stays. A document belongs to one purchase (title_documents).
 */
async function documentOf(
  tx: Executor,
  staff: ApiUser,
  subscriptionId: number,
  url: string | undefined,
  previous: { documentFileId: number | null; fileName: string | null } | undefined,
) {
  if (!url) return previous?.documentFileId ?? null
  if (previous?.fileName && url.includes(previous.fileName)) return previous.documentFileId
  const file = await findOwnUpload(tx, staff, url)
  if (!file || !DOCUMENT_TYPES.has(file.contentType)) {
    throw refusedField('document_url', 'Upload the document (PDF, PNG or JPEG, at most 2 MB) first')
  }
  await claimDocument(tx, file.id, subscriptionId)
  return file.id
}

/**
 * Makes the file this purchase's title document, or refuses one already another purchase's (or a
 * proof, which is read by whoever sees its own subscription). Of two purchases claiming one file at
 * once, the second insert waits for the first and then finds it taken.
 */
async function claimDocument(tx: Executor, fileId: number, subscriptionId: number) {
  const [proof] = await tx
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        eq(files.id, fileId),
        or(
          sql`exists (select 1 from ${transactions} where ${transactions.proofFileId} = ${files.id})`,
          sql`exists (select 1 from ${payouts} where ${payouts.proofFileId} = ${files.id})`,
        ),
      ),
    )
    .limit(1)
  if (proof) throw refusedField('document_url', DOCUMENT_IS_A_PROOF)
  await tx.insert(titleDocuments).values({ fileId, subscriptionId }).onConflictDoNothing()
  const [owner] = await tx
    .select({ subscriptionId: titleDocuments.subscriptionId })
    .from(titleDocuments)
    .where(eq(titleDocuments.fileId, fileId))
  if (owner?.subscriptionId !== subscriptionId)
    throw refusedField('document_url', DOCUMENT_OF_ANOTHER_PURCHASE)
}

async function mailTitleStep(
  db: Database,
  s: TitleSubscription,
  step: RecordedTitleStep,
  words: { happened: string; comes: string; note: string | null },
) {
  try {
    await sendNotice(db, {
      to: s.owner.email,
      subject: `Title update for ${s.reference}: ${TITLE_STEP_LABELS[step]}`,
      text: [
        `Hello ${s.owner.firstName},`,
        '',
        words.happened,
        ...(words.note ? [`Note: ${words.note}`] : []),
        words.comes,
        '',
        `See your title documents: ${appUrl()}${titleLink(s.reference)}`,
      ].join('\n'),
    })
  } catch (error) {
    console.error(`E-mail "Title update for ${s.reference}" failed:`, error)
  }
}

// ---------------------------------------------------------------------------------------------
// The staff list: fully paid land purchases by the step they wait for.

export type TitleListFilters = {
  page: number
  step?: RecordedTitleStep
  overdue?: boolean
  search?: string
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`)

/** The first step not yet recorded, as SQL over title_steps (steps go in order, so it is the next one). */
function nextStepSql() {
  const missing = (step: RecordedTitleStep) =>
    sql`not exists (select 1 from ${titleSteps} where ${titleSteps.subscriptionId} = ${subscriptions.id} and ${titleSteps.step} = ${step})`
  const branches = RECORDED_TITLE_STEPS.map((step) => sql`when ${missing(step)} then ${step}`)
  return sql<RecordedTitleStep | null>`(case ${sql.join(branches, sql` `)} else null end)`
}

function dueSql(paidOn: SQL, days: TitleStepDays) {
  const branches = RECORDED_TITLE_STEPS.map(
    (step) => sql`when ${step} then ${paidOn} + ${days[step]}::int`,
  )
  return (next: SQL) => sql`(case ${next} ${sql.join(branches, sql` `)} end)`
}

/** A page of the list and its total; `offset` reads from a row instead (an export's batch), without the total. */
export async function listTitles(
  db: Executor,
  filters: TitleListFilters,
  pageSize: number,
  offset?: number,
) {
  const days = await getTitleStepDays(db)
  const now = today()
  const paidOn = sql`((${subscriptions.completedAt} at time zone ${timeZone()})::date)`
  const next = nextStepSql()
  const due = dueSql(paidOn, days)(next)
  const lastOn = sql`coalesce((select max(${titleSteps.date}) from ${titleSteps} where ${titleSteps.subscriptionId} = ${subscriptions.id}), ${paidOn})`
  const conditions: (SQL | undefined)[] = [
    eq(subscriptions.type, 'land'),
    eq(subscriptions.status, 'completed'),
    sql`${subscriptions.completedAt} is not null`,
    sql`${next} is not null`,
  ]
  if (filters.step) conditions.push(sql`${next} = ${filters.step}`)
  if (filters.overdue) conditions.push(sql`${due} < ${now}::date`)
  const search = filters.search?.trim().slice(0, 100)
  if (search) {
    const pattern = `%${escapeLike(search)}%`
    conditions.push(
      or(
        sql`${subscriptions.reference} ilike ${pattern}`,
        sql`${users.reference} ilike ${pattern}`,
        sql`${users.email} ilike ${pattern}`,
        sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
        sql`${products.reference} ilike ${pattern}`,
        sql`${products.name} ilike ${pattern}`,
        sql`coalesce(${products.location}, '') ilike ${pattern}`,
      ),
    )
  }
  const where = and(...conditions)
  const from = () =>
    db
      .select({
        id: subscriptions.id,
        reference: subscriptions.reference,
        completedAt: subscriptions.completedAt,
        owner: { reference: users.reference, firstName: users.firstName, lastName: users.lastName },
        product: {
          reference: products.reference,
          name: products.name,
          location: products.location,
          type: products.type,
        },
        next: next,
        due: sql<string>`to_char(${due}, 'YYYY-MM-DD')`,
        lastOn: sql<string>`to_char(${lastOn}, 'YYYY-MM-DD')`,
      })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .innerJoin(products, eq(products.id, subscriptions.productId))
      .where(where)
  const [rows, [{ total }]] = await Promise.all([
    from()
      // Overdue first, then the soonest due, then the oldest purchase.
      .orderBy(
        sql`(${due} < ${now}::date) desc`,
        sql`${due} asc`,
        subscriptions.completedAt,
        subscriptions.id,
      )
      .limit(pageSize)
      .offset(offset ?? (filters.page - 1) * pageSize),
    offset !== undefined
      ? [{ total: 0 }]
      : db
          .select({ total: sql<number>`count(*)::int` })
          .from(subscriptions)
          .innerJoin(users, eq(users.id, subscriptions.userId))
          .innerJoin(products, eq(products.id, subscriptions.productId))
          .where(where),
  ])
  const items: TitleListItem[] = rows.map((row) => ({
    reference: row.reference,
    product: { reference: row.product.reference, name: productName(row.product) },
    customer: {
      reference: row.owner.reference,
      full_name: `${row.owner.firstName} ${row.owner.lastName}`,
    },
    payment_completed_on: paidOnOf(row.completedAt!),
    next_step: row.next!,
    due_date: row.due,
    overdue: row.due < now,
    days_waiting: Math.max(0, Math.round((Date.parse(now) - Date.parse(row.lastOn)) / 86_400_000)),
    last_step_on: row.lastOn,
  }))
  return { items, total: Number(total) }
}

/** Files that serve as a title step's document (now or in its history), on purchases the user may see. */
export async function canReadTitleFile(db: Executor, user: ApiUser, fileId: number) {
  const visible = visibleTitles(user)
  const ids = await db
    .select({ id: titleStepHistory.subscriptionId })
    .from(titleStepHistory)
    .where(eq(titleStepHistory.documentFileId, fileId))
  if (!ids.length) return false
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        inArray(
          subscriptions.id,
          ids.map((entry) => entry.id),
        ),
        visible,
      ),
    )
    .limit(1)
  return Boolean(row)
}
