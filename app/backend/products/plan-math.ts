/**
 * The payment structure of a land payment plan (DESIGN.md section 4), in kobo: the initial
 * deposit (the product's initial deposit, or plan amount / duration when it has none) due today,
 * then duration − 1 equal instalments of (plan amount − deposit) / (duration − 1), rounded to the
 * kobo, the last one taking the remainder.
 */
export function planSchedule(planKobo: number, duration: number, productDepositKobo: number | null) {
  const deposit = productDepositKobo ?? Math.round(planKobo / duration)
  const count = Math.max(0, duration - 1)
  const rest = Math.max(0, planKobo - deposit)
  // Rounded down to the kobo, so the last instalment (which takes the remainder) is never short.
  const instalment = count > 0 ? Math.floor(rest / count) : 0
  const instalments = Array.from({ length: count }, (_, index) =>
    index === count - 1 ? rest - instalment * (count - 1) : instalment
  )
  return { deposit, instalment, instalments }
}
