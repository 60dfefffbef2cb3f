import { z } from 'zod'
import { pageFields } from './endpoints/shared'
import {
  COMMISSION_HOLD_STATUSES,
  COMMISSION_STATUSES,
  hasTwoDecimalsAtMost,
  monthRange,
  SELF_REFERRAL_SIGNALS,
} from './commission-rules'
import { pageParam, requiredMessage, requiredString } from './fields'
import { DISPLAY_DAY_SOURCE } from './calendar-patterns'
import { parseDisplayDate } from './format'
import { stated } from './stated'
import { SUBSCRIPTION_TYPES } from './subscription-labels'

export * from './commission-rules'

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

/** A calendar date typed DD/MM/YYYY (as the screens show it) or sent YYYY-MM-DD; answered as YYYY-MM-DD. */
function dateField(label: string) {
  return stated(
    z
      .string({ error: requiredMessage(label) })
      .trim()
      .min(1, requiredMessage(label))
      .max(20, `${label} must be a date (DD/MM/YYYY)`),
    {
      pattern: DISPLAY_DAY_SOURCE,
      description: 'DD/MM/YYYY (also D/M/YYYY, with . or -) or YYYY-MM-DD',
    },
  ).transform((value, ctx) => {
    const parsed = parseDisplayDate(value)
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a date (DD/MM/YYYY)` })
      return z.NEVER
    }
    return parsed
  })
}

const optionalDate = (label: string) => z.preprocess(blankToUndefined, dateField(label).optional())

const statusParam = z.preprocess(
  blankToUndefined,
  z
    .enum(COMMISSION_STATUSES, { error: `Status must be one of ${COMMISSION_STATUSES.join(', ')}` })
    .optional(),
)

const realtorParam = z.preprocess(
  blankToUndefined,
  z.string().trim().max(40, 'Realtor must be a reference such as RLT-1A2B3C4D').optional(),
)

/** GET commission/statement/…: `realtor` lets staff who pay commissions read a realtor's statement. */
export const statementQuery = z.object({ realtor: realtorParam })

/** GET commission: the signed-in realtor's own entries (staff who pay commissions: a realtor's, by `realtor`). */
export const ownCommissionQuery = z.object({
  page: pageParam.optional(),
  status: statusParam,
  from: optionalDate('From'),
  to: optionalDate('To'),
  realtor: realtorParam,
})

/** GET admin/commission: everyone's, or one realtor's (by reference). */
export const commissionQuery = ownCommissionQuery

const person = z.object({ reference: z.string(), full_name: z.string() })

/** One commission entry; money in naira, dates YYYY-MM-DD (paid_at) or ISO date-times. */
export const commissionSchema = z.object({
  id: z.string(),
  level: z.number().int(),
  /** The level's rate and the withholding tax rate it was earned at, in percent. */
  rate: z.number(),
  withholding_tax_rate: z.number(),
  gross: z.number(),
  withholding_tax: z.number(),
  net: z.number(),
  status: z.enum(COMMISSION_STATUSES),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  bank_reference: z.string().nullable(),
  paid_by: z.string().nullable(),
  void_reason: z.string().nullable(),
  realtor: person,
  customer: person,
  subscription: z.object({
    reference: z.string(),
    type: z.enum(SUBSCRIPTION_TYPES),
    product: z.string(),
  }),
  transaction: z.object({ reference: z.string(), amount: z.number() }),
})
export type Commission = z.infer<typeof commissionSchema>

/** Earned (every entry neither void nor held), paid, and the balance still owed: sums of net amounts, in naira. */
export const commissionTotalsSchema = z.object({
  earned: z.number(),
  paid: z.number(),
  balance: z.number(),
})

/** A realtor's own totals, with what is held until staff review a purchase flagged as a possible self-referral. */
export const ownCommissionTotalsSchema = commissionTotalsSchema.extend({ held: z.number() })
export type CommissionTotalsAnswer = z.infer<typeof commissionTotalsSchema>

const page = pageFields

export const ownCommissionListSchema = z.object({
  items: z.array(commissionSchema),
  ...page,
  /** All the realtor's entries, whatever the filters. */
  totals: ownCommissionTotalsSchema,
})

export const realtorNetSchema = z.object({
  realtor: person,
  entries: z.number().int(),
  net: z.number(),
})
export type RealtorNet = z.infer<typeof realtorNetSchema>

/**
 * A purchase flagged as a possible self-referral: its customer shares `signals` with `realtor`, a
 * realtor of its chain. Its commissions are held while it is pending; staff clear it (they are
 * earned) or confirm it (void). `held_net`: the net of its entries still held.
 */
export const commissionHoldSchema = z.object({
  id: z.string(),
  status: z.enum(COMMISSION_HOLD_STATUSES),
  signals: z.array(z.enum(SELF_REFERRAL_SIGNALS)),
  flagged_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  customer: person,
  realtor: person,
  subscription: z.object({
    reference: z.string(),
    type: z.enum(SUBSCRIPTION_TYPES),
    product: z.string(),
  }),
  held_entries: z.number().int(),
  held_net: z.number(),
})
export type CommissionHold = z.infer<typeof commissionHoldSchema>

/** One flagged purchase with its entries, for staff reviewing it. */
export const commissionHoldDetailsSchema = commissionHoldSchema.extend({
  entries: z.array(commissionSchema),
})
export type CommissionHoldDetails = z.infer<typeof commissionHoldDetailsSchema>

export const commissionListSchema = z.object({
  items: z.array(commissionSchema),
  ...page,
  /** The total net per realtor of the entries the filters keep (every page), largest first. */
  by_realtor: z.array(realtorNetSchema),
  /** Purchases waiting for staff to review a possible self-referral, oldest first (at most 50; the filters do not apply). */
  holds: z.array(commissionHoldSchema),
  hold_count: z.number().int(),
})

/** Checkbox lists arrive as one string, several, or a JSON array; duplicates fold. */
const idList = z.preprocess(
  (value) =>
    value === undefined || value === null || value === ''
      ? []
      : Array.isArray(value)
        ? value
        : [value],
  z
    .array(z.string().trim().min(1).max(60), { error: 'Choose the commissions to mark paid' })
    .min(1, 'Choose the commissions to mark paid')
    .max(200, 'Mark at most 200 commissions at a time')
    .transform((list) => [...new Set(list)]),
)

export const markCommissionsPaidSchema = z.object({
  ids: idList,
  paid_at: dateField('Date paid'),
  bank_reference: requiredString('Bank reference', 100),
})
export type MarkCommissionsPaidForm = { ids?: string[]; paid_at: string; bank_reference: string }

export const markPaidAnswerSchema = z.object({ paid: z.number().int(), net: z.number() })

export const statementMonthParam = stated(
  z.string().refine((value) => monthRange(value) !== null, 'Month must be YYYY-MM'),
  { pattern: '^[2-9]\\d{3}-(0[1-9]|1[0-2])$', description: 'The month, YYYY-MM (from 2000)' },
)

export const HOLD_DECISIONS = ['clear', 'confirm'] as const
export type HoldDecision = (typeof HOLD_DECISIONS)[number]
/** Clear: not a self-referral, the held commissions are earned. Confirm: a self-referral, they are void. */
export const holdDecisionSchema = z.object({
  decision: z.enum(HOLD_DECISIONS, { error: 'Decision must be clear or confirm' }),
})

export const HOLD_CLEARED = 'Cleared: the held commissions are now earned'
export const HOLD_CONFIRMED = 'Self-referral confirmed: the held commissions are void'
export const HOLD_DECIDED = 'This purchase has already been reviewed'

export const COMMISSIONS_PAID_MESSAGE = (count: number) =>
  `${count} commission${count === 1 ? '' : 's'} marked paid`
export const OWN_COMMISSIONS_ONLY = 'You can only see your own commissions'
export const NOT_EARNED = 'Only earned commissions can be marked paid'
export const PAID_IN_FUTURE = 'Date paid cannot be in the future'

/** Settings: the rates, in percent (0 to 100, at most two decimals). */
function rateField(label: string) {
  return z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value
      const cleaned = value.replace(/[%\s]/g, '')
      return cleaned === '' ? undefined : Number(cleaned)
    },
    stated(
      z
        .number({
          error: (issue) =>
            issue.input === undefined ? requiredMessage(label) : `${label} must be a number`,
        })
        .min(0, `${label} must be at least 0`)
        .max(100, `${label} must be at most 100`)
        .refine(hasTwoDecimalsAtMost, `${label} may have at most two decimals`),
      { multipleOf: 0.01 },
    ),
  )
}

export const commissionRatesSchema = z.object({
  level_1: rateField('Level 1 rate'),
  level_2: rateField('Level 2 rate'),
  level_3: rateField('Level 3 rate'),
  wht_individual: rateField('Withholding tax for individuals'),
  wht_company: rateField('Withholding tax for companies'),
})
export const savedCommissionRatesSchema = z.object({
  level_1: z.number(),
  level_2: z.number(),
  level_3: z.number(),
  wht_individual: z.number(),
  wht_company: z.number(),
})
export type CommissionRatesForm = Record<keyof z.infer<typeof savedCommissionRatesSchema>, string>
export const COMMISSION_RATES_UPDATED = 'Commission rates saved'
