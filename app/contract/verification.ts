import { z } from 'zod'

/**
 * Verifiable documents: every PDF the product issues carries a code, and /verify/<code> (page and
 * API) answers what the document asserts. The rules are in docs/rules.md ("Verifiable documents").
 */

export const DOCUMENT_KINDS = [
  'receipt',
  'land_document',
  'statement',
  'customer_statement',
  'commission_statement',
] as const
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]

export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  receipt: 'Payment receipt',
  land_document: 'Letter of allocation',
  statement: 'Statement of account',
  customer_statement: 'Statement of account (all subscriptions)',
  commission_statement: 'Commission statement',
}

/**
 * 32 letters and digits, without 0, O, 1 and I, which people misread when typing a code from
 * paper. 32 divides 256, so a random byte maps onto it without bias.
 */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'
/** 12 characters of 5 random bits each: 60 bits, about 10^18 codes. */
export const CODE_LENGTH = 12
export const CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`)

/** A code from random bytes (crypto.randomBytes(CODE_LENGTH) on the server). */
export function codeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < CODE_LENGTH)
    throw new Error(`A verification code needs ${CODE_LENGTH} random bytes`)
  let code = ''
  for (let index = 0; index < CODE_LENGTH; index++)
    code += CODE_ALPHABET[bytes[index] % CODE_ALPHABET.length]
  return code
}

/** A code as typed or scanned: spaces and dashes dropped, upper case. */
export function normaliseCode(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase()
}

/** "Ada Obi" → "Ada O.": enough for the holder to recognise, too little to find the person by. */
export function maskName(firstName: string, lastName: string): string {
  const first = firstName.trim().split(/\s+/)[0] ?? ''
  const initial = [...lastName.trim()][0]
  if (!first) return initial ? `${initial.toUpperCase()}.` : ''
  return initial ? `${first} ${initial.toUpperCase()}.` : first
}

export const verificationSchema = z.object({
  code: z.string(),
  document_type: z.enum(DOCUMENT_KINDS),
  document_label: z.string(),
  issued_at: z.string(),
  subscription_reference: z.string().nullable(),
  /** Naira: the amount of a receipt, the total paid a statement shows; null for other documents. */
  amount: z.number().nullable(),
  customer_name: z.string(),
  issuer: z.string(),
  status: z.enum(['valid', 'revoked']),
  revoked_at: z.string().nullable(),
  revoked_reason: z.string().nullable(),
  /**
   * An allocation letter in force whose plots are allocated on the plot registry: since when (the
   * day of the title step) and which plots. Null otherwise.
   */
  allocation: z
    .object({
      since: z.string(),
      plots: z.array(z.object({ estate: z.string(), block: z.string(), plot: z.string() })),
    })
    .nullable(),
})
export type Verification = z.infer<typeof verificationSchema>

export const statementQuerySchema = z.object({ format: z.enum(['pdf', 'csv']).optional() })
