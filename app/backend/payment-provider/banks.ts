import type { BankCode } from '~/contract/banks'

/**
 * The code each bank of contract/banks.ts has with the providers' name enquiry: the CBN's bank
 * code, or the NIP code for the microfinance and mobile-money banks (as Paystack's and Monnify's
 * bank lists give them).
 */
const CBN_CODES: Record<BankCode, string> = {
  access: '044',
  citibank: '023',
  ecobank: '050',
  fidelity: '070',
  'first-bank': '011',
  fcmb: '214',
  globus: '00103',
  gtbank: '058',
  jaiz: '301',
  keystone: '082',
  kuda: '50211',
  lotus: '303',
  moniepoint: '50515',
  opay: '999992',
  palmpay: '999991',
  parallex: '526',
  polaris: '076',
  premiumtrust: '105',
  providus: '101',
  'stanbic-ibtc': '221',
  'standard-chartered': '068',
  sterling: '232',
  suntrust: '100',
  taj: '302',
  'titan-trust': '102',
  uba: '033',
  union: '032',
  unity: '215',
  wema: '035',
  zenith: '057',
}

export function cbnCodeOf(bank: BankCode): string {
  return CBN_CODES[bank]
}
