/** The profile form's "Check account" button posts `step` with this value. */
export const CHECK_ACCOUNT_STEP = 'check-account'

/** How the bank's name compares: letters and digits only, any case, any spacing or punctuation. */
const comparable = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim()

/** Whether a typed account name is the name the bank holds (the same words in the same order). */
export function sameAccountName(bankName: string, typed: string | null | undefined) {
  return Boolean(typed) && comparable(bankName) === comparable(typed ?? '')
}

export const bankHoldsName = (name: string) =>
  `The bank holds this account as ${name}: check the number, or save with this name`
