import { z } from 'zod'

/**
 * Whether a realtor is a registered company decides the withholding tax on its commissions, so
 * staff set it: a realtor's own change is a request that waits for staff to approve or reject it.
 */

/** A realtor's change waiting for staff: what it asked to be, and when. */
export const registeredCompanyRequestSchema = z.object({
  /** true: to be treated as a registered company; false: as an individual. */
  registered_company: z.boolean(),
  requested_at: z.string(),
})
export type RegisteredCompanyRequest = z.infer<typeof registeredCompanyRequestSchema>

export const COMPANY_DECISIONS = ['approve', 'reject'] as const
export type CompanyDecision = (typeof COMPANY_DECISIONS)[number]

export const companyDecisionSchema = z.object({
  decision: z.enum(COMPANY_DECISIONS, { error: 'Decision must be approve or reject' }),
})

/** What a decision leaves: the flag, and no request waiting. */
export const companyDecisionAnswerSchema = z.object({
  registered_company: z.boolean(),
  registered_company_request: registeredCompanyRequestSchema.nullable(),
})

export const COMPANY_REQUEST_SENT =
  'Profile saved. Your change to registered company waits for staff to approve it'
export const NO_COMPANY_REQUEST =
  'This realtor has no registered company change waiting for a decision'
export const COMPANY_REQUEST_APPROVED = 'Registered company change approved'
export const COMPANY_REQUEST_REJECTED = 'Registered company change rejected'

/** "a registered company" / "an individual": what the flag makes a realtor, in a sentence. */
export const companyStatusWords = (registeredCompany: boolean) =>
  registeredCompany ? 'a registered company' : 'an individual'
