import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { codeFromBytes, CODE_LENGTH, maskName, type DocumentKind } from '~/contract/verification'
import { appUrl } from '../config'
import type { Executor } from '../db/client'
import { documentVerifications } from '../db/schema'

/**
 * Verification codes for issued documents (rules: docs/rules.md, "Verifiable documents").
 *
 *   const mark = await issueVerification(db, { kind: 'receipt', subject: `receipt:${trx.id}`, … })
 *   // draw it on the PDF: drawVerificationMark(doc, mark) (../pdf/verification-mark.ts)
 *
 * What a code asserts when someone checks it: verificationFacts (../documents/verification.ts).
 */

export type VerificationInput = {
  kind: DocumentKind
  /**
   * Names the document, so issuing it again reuses its code: e.g. `receipt:<transaction id>`. A
   * document whose figures change (a statement) puts them in its subject, so new figures get a new code.
   */
  subject: string
  customer: { firstName: string; lastName: string }
  /** The company's name as the document prints it. */
  issuer: string
  subscriptionReference?: string | null
  /** What the document asserts in money: a receipt's amount, a statement's total paid. */
  amountKobo?: number | null
  /** When the document was first issued; now unless the document carries its own date (a receipt: its confirmation). */
  issuedAt?: Date
  /** Its sources, from which a lookup works out whether it still stands. */
  subscriptionId?: number | null
  transactionId?: number | null
  userId?: number | null
}

/** What a PDF prints: the code, the address its QR code holds, and the date the document was first issued. */
export type VerificationMark = { code: string; url: string; issuedAt: Date }

export function newVerificationCode(): string {
  return codeFromBytes(crypto.randomBytes(CODE_LENGTH))
}

export function verificationUrl(code: string): string {
  return `${appUrl()}/verify/${code}`
}

/** The document's code: the one it was first issued with, or a new random one. */
export async function issueVerification(
  db: Executor,
  input: VerificationInput,
): Promise<VerificationMark> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await bySubject(db, input.subject)
    if (existing) return toMark(existing)
    // A parallel first issue of the same document, or (1 in 10^18) a code already taken: both
    // insert nothing; the next round finds the document's code or draws a new one.
    await db
      .insert(documentVerifications)
      .values({
        code: newVerificationCode(),
        kind: input.kind,
        subject: input.subject,
        issuedAt: input.issuedAt ?? new Date(),
        subscriptionReference: input.subscriptionReference ?? null,
        amount: input.amountKobo ?? null,
        customerName: maskName(input.customer.firstName, input.customer.lastName),
        issuer: input.issuer,
        subscriptionId: input.subscriptionId ?? null,
        transactionId: input.transactionId ?? null,
        userId: input.userId ?? null,
      })
      .onConflictDoNothing()
  }
  throw new Error(`Could not issue a verification code for ${input.subject}`)
}

async function bySubject(db: Executor, subject: string) {
  const [row] = await db
    .select()
    .from(documentVerifications)
    .where(eq(documentVerifications.subject, subject))
    .limit(1)
  return row
}

const toMark = (row: VerificationRow): VerificationMark => ({
  code: row.code,
  url: verificationUrl(row.code),
  issuedAt: row.issuedAt,
})

type VerificationRow = typeof documentVerifications.$inferSelect
