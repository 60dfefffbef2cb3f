/** The one place bigint kobo from either driver (pg: string, PGlite: number or bigint) becomes a number. */
export function parseKobo(value: string | number | bigint | null): number {
  if (value === null) return 0
  const kobo = typeof value === 'number' ? value : Number(value)
  if (!Number.isSafeInteger(kobo)) throw new Error(`Not a kobo amount: ${String(value)}`)
  return kobo
}

export const nairaToKobo = (naira: number) => Math.round(naira * 100)
export const koboToNaira = (kobo: number) => kobo / 100
