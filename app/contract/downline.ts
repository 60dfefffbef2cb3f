import { z } from 'zod'
import { COMMISSION_LEVELS } from './commission-rules'

/**
 * A realtor's downline: the realtors it invited (who earn it level 2 commission on their customers'
 * payments), those they invited (level 3), as deep as commissions are paid.
 */
export const DOWNLINE_DEPTH = COMMISSION_LEVELS.length - 1
/** At most this many realtors of each generation are listed; the rest are counted. */
export const DOWNLINE_SHOWN_PER_LEVEL = 50

/** The commission level a realtor earns on the customers of a downline generation (1: those it invited). */
export const commissionLevelOfGeneration = (generation: number) => generation + 1

export const downlineQuery = z.object({
  realtor: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(40, 'Realtor must be a reference such as RLT-1A2B3C4D').optional(),
  ),
})

export const downlineRealtorSchema = z.object({
  reference: z.string(),
  full_name: z.string(),
  /** When it joined (ISO 8601). */
  joined_at: z.string(),
  customer_count: z.number().int(),
  /** The realtor that invited it: the downline's root for generation 1. */
  upline_reference: z.string(),
})
export type DownlineRealtor = z.infer<typeof downlineRealtorSchema>

export const downlineSchema = z.object({
  realtor: z.object({ reference: z.string(), full_name: z.string() }),
  /** Level 1: the realtor's own customers and what they earned it (net, in naira, paid or not). */
  own: z.object({ customer_count: z.number().int(), earned: z.number() }),
  generations: z.array(
    z.object({
      /** 1: the realtors it invited, 2: those they invited. */
      generation: z.number().int(),
      /** The commission level earned on this generation's customers. */
      commission_level: z.number().int(),
      /** Net commission earned from this level, in naira, paid or not (void and held excluded). */
      earned: z.number(),
      /** Every realtor of this generation. */
      total: z.number().int(),
      /** The first of them (oldest first; the next generation lists only the invitees of these). */
      realtors: z.array(downlineRealtorSchema),
    }),
  ),
})
export type Downline = z.infer<typeof downlineSchema>
