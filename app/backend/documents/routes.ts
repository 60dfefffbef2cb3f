import { asc, eq } from 'drizzle-orm'
import { endpoints } from '~/contract/endpoints'
import type { Database } from '../db/client'
import { subscriptions } from '../db/schema'
import { orNotFound } from '../http/context'
import { notFound } from '../http/errors'
import { implement, type HandlerTable } from '../http/router'
import { findPerson } from '../people/queries'
import { consumeTogether, LIMITS, release } from '../rate-limit'
import { getCompanyDetails } from '../settings/service'
import { pdfResponse } from '../pdf/kit'
import { todayIn } from '../dates/calendar'
import { findVisibleSubscription, subscriptionById, type ListRow } from '../subscriptions/queries'
import { getConfig } from '../config'
import { csvResponse } from '../csv'
import { buildStatement, statementCsv, statementPdf, type Statement } from './statements'
import { issueVerification } from '../verification-codes/issue'
import { verificationFacts } from './verification'

export const DOCUMENT_NOT_FOUND = 'This document could not be found. Check the code and try again.'

const verify = implement(endpoints.verifyDocument, async ({ db, params, clientIp }) => {
  // Each look-up is counted before it runs, in one locked step, as failed sign-ins are; a code that
  // exists takes its count back, so only guesses add up.
  const attempt = await consumeTogether(db, [
    { bucket: 'verify-code-ip', key: clientIp, limits: [LIMITS.unknownCodeFromAddress] },
  ])
  const facts = await verificationFacts(db, params.code)
  if (!facts) throw notFound(DOCUMENT_NOT_FOUND)
  await release(db, attempt)
  return { data: facts }
})

type Format = 'pdf' | 'csv' | undefined

/** The statement as the asked format, a PDF carrying its verification code, or CSV. */
async function statementAnswer(
  db: Database,
  statement: Statement,
  owner: { id: number; firstName: string; lastName: string },
  subscriptionId: number | null,
  format: Format,
) {
  const single = statement.scope === 'subscription' ? statement.sections[0] : null
  const name = `statement-${single ? single.reference : statement.customer.reference}`
  if (format === 'csv') return csvResponse(statementCsv(statement), `${name}.csv`)
  const company = await getCompanyDetails(db)
  const day = todayIn(getConfig().APP_TIME_ZONE, statement.asOf)
  const verification = await issueVerification(db, {
    kind: single ? 'statement' : 'customer_statement',
    // A statement of the same figures, downloaded again the same day, is the same document.
    subject: single
      ? `statement:${single.reference}:${day}:${single.paidKobo}:${single.balanceKobo}:${single.payments.length}`
      : `customer_statement:${owner.id}:${day}:${statement.paidKobo}:${statement.balanceKobo}:${statement.sections.length}`,
    customer: owner,
    issuer: company.name,
    subscriptionReference: single?.reference ?? null,
    amountKobo: statement.paidKobo,
    issuedAt: statement.asOf,
    subscriptionId,
    userId: owner.id,
  })
  return pdfResponse(await statementPdf(statement, company, verification), `${name}.pdf`)
}

async function customerRows(db: Database, userId: number): Promise<ListRow[]> {
  const owned = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id))
  return Promise.all(owned.map(({ id }) => subscriptionById(db, id)))
}

const subscriptionStatement = implement(
  endpoints.subscriptionStatement,
  async ({ db, user, params, query }) => {
    const row = await findVisibleSubscription(db, user, params.reference)
    const statement = await buildStatement(db, 'subscription', row.owner, [row], new Date())
    return statementAnswer(db, statement, row.owner, row.subscription.id, query.format)
  },
)

const ownStatement = implement(endpoints.ownStatement, async ({ db, user, query }) => {
  const statement = await buildStatement(
    db,
    'customer',
    user,
    await customerRows(db, user.id),
    new Date(),
  )
  return statementAnswer(db, statement, user, null, query.format)
})

const customerStatement = implement(
  endpoints.customerStatement,
  async ({ db, user, params, query }) => {
    // A realtor reaches only the customers it brought (as on the customer's details); staff any customer.
    const realtorId = user.role === 'realtor' ? user.id : null
    const person = orNotFound(
      await findPerson(db, params.id, ['customer'], realtorId),
      'Customer not found',
    )
    const statement = await buildStatement(
      db,
      'customer',
      person,
      await customerRows(db, person.id),
      new Date(),
    )
    return statementAnswer(db, statement, person, null, query.format)
  },
)

export const documentsHandlers = {
  verifyDocument: verify,
  subscriptionStatement: subscriptionStatement,
  ownStatement: ownStatement,
  customerStatement: customerStatement,
} satisfies HandlerTable
