import { percentOf } from './money'

/**
 * The money rules of realtor commissions. Pure and free of zod (the browser reads the labels):
 * rates are percents, a number from 0 to 100 with at most two decimals (2.5 means 2.5 %); worked
 * with percentOf, which scales them to integers, so 2.5 % of any kobo amount is exact before rounding.
 */

export const COMMISSION_LEVELS = [1, 2, 3] as const
export type CommissionLevel = (typeof COMMISSION_LEVELS)[number]

export type CommissionRates = {
  level_1: number
  level_2: number
  level_3: number
  wht_individual: number
  wht_company: number
}

export const DEFAULT_COMMISSION_RATES: CommissionRates = {
  level_1: 5,
  level_2: 3,
  level_3: 2,
  wht_individual: 5,
  wht_company: 10,
}

/** `held`: earned on a purchase flagged as a possible self-referral, owed only once staff clear it. */
export const COMMISSION_STATUSES = ['earned', 'held', 'paid', 'void'] as const
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number]

export const COMMISSION_STATUS_LABELS: Record<CommissionStatus, string> = {
  earned: 'Earned',
  held: 'Held for review',
  paid: 'Paid',
  void: 'Void',
}

export const LEVEL_LABELS: Record<CommissionLevel, string> = {
  1: 'Level 1 (your customer)',
  2: 'Level 2',
  3: 'Level 3',
}

/** A number with at most two decimals (2.55, not 2.555). */
export const hasTwoDecimalsAtMost = (value: number) =>
  Math.round(value * 100) === Number((value * 100).toFixed(6))

/** A rate as stored: a finite percent from 0 to 100 with at most two decimals. */
export function isRate(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= 0 &&
    value <= 100 &&
    hasTwoDecimalsAtMost(value)
  )
}

export type CommissionAmounts = { gross: number; withholdingTax: number; net: number }

/**
 * One entry's money, in kobo: gross = rate % of the amount paid, rounded half up; withholding tax =
 * the realtor's WHT rate % of gross, rounded half up; net = gross − withholding tax.
 */
export function commissionAmounts(
  amountPaidKobo: number,
  ratePercent: number,
  whtPercent: number,
): CommissionAmounts {
  const gross = percentOf(amountPaidKobo, ratePercent)
  const withholdingTax = percentOf(gross, whtPercent)
  return { gross, withholdingTax, net: gross - withholdingTax }
}

/** A realtor in a customer's chain: level 1 is the customer's realtor, level 2 its upline, level 3 the next. */
export type ChainLink = { realtorId: number; registeredCompany: boolean }

export type PlannedCommission = CommissionAmounts & {
  level: CommissionLevel
  realtorId: number
  ratePercent: number
  whtPercent: number
}

export const levelRate = (rates: CommissionRates, level: CommissionLevel) =>
  level === 1 ? rates.level_1 : level === 2 ? rates.level_2 : rates.level_3

/**
 * The entries one confirmed payment earns: one for each level that has a realtor and a rate above
 * 0 (a rate of 0 turns its level off); companies are withheld at the company rate.
 */
export function commissionsFor(
  amountPaidKobo: number,
  chain: readonly ChainLink[],
  rates: CommissionRates,
): PlannedCommission[] {
  const planned: PlannedCommission[] = []
  chain.slice(0, COMMISSION_LEVELS.length).forEach((link, index) => {
    const level = COMMISSION_LEVELS[index]
    const ratePercent = levelRate(rates, level)
    if (!(ratePercent > 0)) return
    const whtPercent = link.registeredCompany ? rates.wht_company : rates.wht_individual
    planned.push({
      level,
      realtorId: link.realtorId,
      ratePercent,
      whtPercent,
      ...commissionAmounts(amountPaidKobo, ratePercent, whtPercent),
    })
  })
  return planned
}

/**
 * A realtor's totals, in kobo, of net amounts: earned counts every entry not void and not held
 * (paid ones too), paid the paid ones, and the balance is what is still owed; held is what waits
 * for staff to clear a purchase flagged as a possible self-referral (owed only once cleared).
 */
export function commissionTotals(entries: readonly { status: CommissionStatus; net: number }[]) {
  let earned = 0
  let paid = 0
  let held = 0
  for (const entry of entries) {
    if (entry.status === 'void') continue
    if (entry.status === 'held') {
      held += entry.net
      continue
    }
    earned += entry.net
    if (entry.status === 'paid') paid += entry.net
  }
  return { earned, paid, balance: earned - paid, held }
}

/**
 * Whether giving `realtorId` the upline `uplineId` would make a loop: the upline is the realtor
 * itself, or the realtor already stands above it (walking up from the upline reaches the realtor).
 * `uplineOf` answers each realtor's current upline.
 */
export function makesLoop(
  realtorId: number,
  uplineId: number,
  uplineOf: (id: number) => number | null | undefined,
): boolean {
  const seen = new Set<number>()
  let current: number | null | undefined = uplineId
  while (current !== null && current !== undefined) {
    if (current === realtorId) return true
    if (seen.has(current)) return true
    seen.add(current)
    current = uplineOf(current)
  }
  return false
}

/** The month a statement covers, YYYY-MM, as its first and last day (YYYY-MM-DD); null when it is not a real month. */
export function monthRange(month: string): { from: string; to: string } | null {
  const found = /^(\d{4})-(\d{2})$/.exec(month)
  if (!found) return null
  const year = Number(found[1])
  const index = Number(found[2])
  if (index < 1 || index > 12 || year < 2000 || year > 9999) return null
  const last = new Date(Date.UTC(year, index, 0)).getUTCDate()
  return {
    from: `${found[1]}-${found[2]}-01`,
    to: `${found[1]}-${found[2]}-${String(last).padStart(2, '0')}`,
  }
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** "2026-11" → "November 2026". */
export function monthName(month: string) {
  const [year, index] = month.split('-').map(Number)
  return `${MONTHS[index - 1] ?? ''} ${year}`.trim()
}

/**
 * Self-referral: a realtor buying through a customer account it made with its own link. A purchase
 * whose customer shares one of these with a realtor of its chain is held for staff to review.
 */
export const SELF_REFERRAL_SIGNALS = ['phone', 'account', 'device'] as const
export type SelfReferralSignal = (typeof SELF_REFERRAL_SIGNALS)[number]

export const SELF_REFERRAL_SIGNAL_LABELS: Record<SelfReferralSignal, string> = {
  phone: 'the same phone number',
  account: 'the same bank account number',
  device: 'the same device',
}

/** "the same phone number and the same device". */
export function signalsSentence(signals: readonly SelfReferralSignal[]) {
  const words = SELF_REFERRAL_SIGNALS.filter((signal) => signals.includes(signal)).map(
    (signal) => SELF_REFERRAL_SIGNAL_LABELS[signal],
  )
  return words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`
}

/** What the check knows of a person: its profile's phone and payout account number, and the browsers it signed in from. */
export type ReferralIdentity = {
  phone: string | null
  accountNumber: string | null
  devices: readonly string[]
}

/**
 * A phone number as one form whatever way it was typed: digits only, a Nigerian number in its
 * local 11-digit form (+234 803 123 4567, 2348031234567 and 0803 123 4567 are one number); null
 * when fewer than 7 digits.
 */
export function normalPhone(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '')
  if (digits.length < 7) return null
  if (digits.length === 13 && digits.startsWith('234')) return `0${digits.slice(3)}`
  if (digits.length === 10 && /^[789]/.test(digits)) return `0${digits}`
  return digits
}

/**
 * The account number a Nigerian mobile number stands for at the banks that issue one from it
 * (OPay, PalmPay, Moniepoint and others: the 10 digits after the leading 0), or null.
 */
export function phoneAccountNumber(phone: string | null | undefined): string | null {
  const local = normalPhone(phone)
  return local && /^0[789]\d{9}$/.test(local) ? local.slice(1) : null
}

const accountNumbersOf = (person: ReferralIdentity) =>
  new Set(
    [person.accountNumber?.replace(/\s/g, '') || null, phoneAccountNumber(person.phone)].filter(
      (value): value is string => !!value,
    ),
  )

/**
 * What a customer shares with a realtor: the same phone number; the same bank account number (a
 * payout account, or a phone number as the account number it stands for); a browser both signed
 * in or up from. Empty when nothing is shared.
 */
export function selfReferralSignals(
  customer: ReferralIdentity,
  realtor: ReferralIdentity,
): SelfReferralSignal[] {
  const signals: SelfReferralSignal[] = []
  const phone = normalPhone(customer.phone)
  if (phone && phone === normalPhone(realtor.phone)) signals.push('phone')
  const customerAccount = customer.accountNumber?.replace(/\s/g, '') || null
  const realtorAccounts = accountNumbersOf(realtor)
  const realtorAccount = realtor.accountNumber?.replace(/\s/g, '') || null
  if (
    (customerAccount && realtorAccounts.has(customerAccount)) ||
    (realtorAccount && accountNumbersOf(customer).has(realtorAccount))
  ) {
    signals.push('account')
  }
  const realtorDevices = new Set(realtor.devices)
  if (customer.devices.some((device) => realtorDevices.has(device))) signals.push('device')
  return signals
}

export const COMMISSION_HOLD_STATUSES = ['pending', 'cleared', 'confirmed'] as const
export type CommissionHoldStatus = (typeof COMMISSION_HOLD_STATUSES)[number]

export const COMMISSION_HOLD_STATUS_LABELS: Record<CommissionHoldStatus, string> = {
  pending: 'Waiting for review',
  cleared: 'Cleared: commission paid as usual',
  confirmed: 'Self-referral confirmed: no commission',
}

export const SELF_REFERRAL_VOID = 'Self-referral: staff confirmed the customer is the realtor'

/**
 * What the entries of a newly confirmed payment start as, by the review of their purchase (none
 * yet, or its status) and the signals found now: a purchase staff cleared earns; one they
 * confirmed earns nothing (void); one waiting, or newly showing a signal, is held (`flag`: the
 * purchase is flagged now, for staff to review).
 */
export function entryStatusFor(
  review: CommissionHoldStatus | null,
  signals: readonly SelfReferralSignal[],
): { status: 'earned' | 'held' | 'void'; flag: boolean } {
  if (review === 'cleared') return { status: 'earned', flag: false }
  if (review === 'confirmed') return { status: 'void', flag: false }
  if (review === 'pending') return { status: 'held', flag: false }
  return signals.length ? { status: 'held', flag: true } : { status: 'earned', flag: false }
}
