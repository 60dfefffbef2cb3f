// Free of zod: the profile form's select reads this list in the browser.

/**
 * Nigerian banks a payout can go to: the commercial, merchant and non-interest banks and the
 * mobile-money banks customers use most. `code` is what the API stores and accepts; add a bank
 * here and both the select and the check follow. (Heritage Bank is left out: its licence was
 * revoked in 2024.)
 */
export const NIGERIAN_BANKS = [
  { code: 'access', name: 'Access Bank' },
  { code: 'citibank', name: 'Citibank Nigeria' },
  { code: 'ecobank', name: 'Ecobank Nigeria' },
  { code: 'fidelity', name: 'Fidelity Bank' },
  { code: 'first-bank', name: 'First Bank of Nigeria' },
  { code: 'fcmb', name: 'First City Monument Bank (FCMB)' },
  { code: 'globus', name: 'Globus Bank' },
  { code: 'gtbank', name: 'Guaranty Trust Bank (GTBank)' },
  { code: 'jaiz', name: 'Jaiz Bank' },
  { code: 'keystone', name: 'Keystone Bank' },
  { code: 'kuda', name: 'Kuda Microfinance Bank' },
  { code: 'lotus', name: 'Lotus Bank' },
  { code: 'moniepoint', name: 'Moniepoint Microfinance Bank' },
  { code: 'opay', name: 'OPay' },
  { code: 'palmpay', name: 'PalmPay' },
  { code: 'parallex', name: 'Parallex Bank' },
  { code: 'polaris', name: 'Polaris Bank' },
  { code: 'premiumtrust', name: 'PremiumTrust Bank' },
  { code: 'providus', name: 'Providus Bank' },
  { code: 'stanbic-ibtc', name: 'Stanbic IBTC Bank' },
  { code: 'standard-chartered', name: 'Standard Chartered Bank' },
  { code: 'sterling', name: 'Sterling Bank' },
  { code: 'suntrust', name: 'SunTrust Bank' },
  { code: 'taj', name: 'TAJBank' },
  { code: 'titan-trust', name: 'Titan Trust Bank' },
  { code: 'uba', name: 'United Bank for Africa (UBA)' },
  { code: 'union', name: 'Union Bank of Nigeria' },
  { code: 'unity', name: 'Unity Bank' },
  { code: 'wema', name: 'Wema Bank' },
  { code: 'zenith', name: 'Zenith Bank' },
] as const

export type BankCode = (typeof NIGERIAN_BANKS)[number]['code']

export const BANK_CODES = NIGERIAN_BANKS.map((bank) => bank.code) as [BankCode, ...BankCode[]]

/** The bank's name for a stored code; '' when the code is unknown (a bank since removed from the list keeps its code). */
export function bankName(code: string | null | undefined) {
  return NIGERIAN_BANKS.find((bank) => bank.code === code)?.name ?? ''
}
