/**
 * Kobo from a naira amount as a provider writes it: a JSON number (3000.5) or a string of digits
 * with up to two decimals ("2950.50"). Read from its decimal text, so no float rounding creeps in;
 * null for anything else.
 */
export function providerNairaToKobo(value: unknown): number | null {
  const text =
    typeof value === 'number' && Number.isFinite(value) && value >= 0
      ? String(value)
      : typeof value === 'string'
        ? value.trim()
        : ''
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text)
  if (!match) return null
  const kobo = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return Number.isSafeInteger(kobo) ? kobo : null
}
