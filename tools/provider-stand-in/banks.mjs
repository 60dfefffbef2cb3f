// The banks the stand-in knows: a realistic subset of Nigerian banks with their CBN codes (the codes
// both providers use), the banks each provider opens customer accounts at, and a few personal
// accounts that resolve to a name, for trying payout account checks.

/** @typedef {{ id: number, name: string, slug: string, code: string }} Bank */

/** @type {Bank[]} */
export const BANKS = [
  { id: 1, name: 'Access Bank', slug: 'access-bank', code: '044' },
  { id: 2, name: 'Citibank Nigeria', slug: 'citibank-nigeria', code: '023' },
  { id: 4, name: 'Ecobank Nigeria', slug: 'ecobank-nigeria', code: '050' },
  { id: 6, name: 'Fidelity Bank', slug: 'fidelity-bank', code: '070' },
  { id: 7, name: 'First Bank of Nigeria', slug: 'first-bank-of-nigeria', code: '011' },
  { id: 8, name: 'First City Monument Bank', slug: 'first-city-monument-bank', code: '214' },
  { id: 9, name: 'Guaranty Trust Bank', slug: 'guaranty-trust-bank', code: '058' },
  { id: 11, name: 'Keystone Bank', slug: 'keystone-bank', code: '082' },
  { id: 67, name: 'Kuda Bank', slug: 'kuda-bank', code: '50211' },
  { id: 283, name: 'Moniepoint MFB', slug: 'moniepoint-mfb-ng', code: '50515' },
  { id: 171, name: 'OPay Digital Services Limited (OPay)', slug: 'paycom', code: '999992' },
  { id: 172, name: 'PalmPay', slug: 'palmpay', code: '999991' },
  { id: 13, name: 'Polaris Bank', slug: 'polaris-bank', code: '076' },
  { id: 170, name: 'Providus Bank', slug: 'providus-bank', code: '101' },
  { id: 14, name: 'Stanbic IBTC Bank', slug: 'stanbic-ibtc-bank', code: '221' },
  { id: 15, name: 'Standard Chartered Bank', slug: 'standard-chartered-bank', code: '068' },
  { id: 16, name: 'Sterling Bank', slug: 'sterling-bank', code: '232' },
  { id: 202, name: 'Titan Trust Bank', slug: 'titan-trust-bank', code: '102' },
  { id: 17, name: 'Union Bank of Nigeria', slug: 'union-bank-of-nigeria', code: '032' },
  { id: 18, name: 'United Bank For Africa', slug: 'united-bank-for-africa', code: '033' },
  { id: 19, name: 'Unity Bank', slug: 'unity-bank', code: '215' },
  { id: 20, name: 'Wema Bank', slug: 'wema-bank', code: '035' },
  { id: 21, name: 'Zenith Bank', slug: 'zenith-bank', code: '057' },
]

/** @param {string} code */
export const bankByCode = (code) => BANKS.find((bank) => bank.code === code)

/**
 * Where Paystack opens dedicated accounts, by the `preferred_bank` slug it takes (test-bank is its
 * test mode's). The first two digits of a number the stand-in gives there name the bank.
 * @type {Record<string, { id: number, name: string, slug: string, code: string, prefix: string }>}
 */
export const PAYSTACK_ACCOUNT_BANKS = {
  'wema-bank': { id: 20, name: 'Wema Bank', slug: 'wema-bank', code: '035', prefix: '99' },
  'titan-paystack': {
    id: 171,
    name: 'Paystack-Titan',
    slug: 'titan-paystack',
    code: '100039',
    prefix: '98',
  },
  'test-bank': { id: 23, name: 'Test Bank', slug: 'test-bank', code: '001', prefix: '97' },
}

/** Where Monnify reserves accounts, by bank code; Moniepoint is its default. */
export const MONNIFY_ACCOUNT_BANKS = [
  { code: '50515', name: 'Moniepoint Microfinance Bank', prefix: '50' },
  { code: '035', name: 'Wema bank', prefix: '70' },
  { code: '232', name: 'Sterling bank', prefix: '60' },
]

/** Personal accounts that resolve to their holder's name (for payout account checks). */
export const KNOWN_PERSONAL_ACCOUNTS = [
  { bankCode: '058', accountNumber: '0123456789', accountName: 'ADAEZE NNEKA OKAFOR' },
  { bankCode: '033', accountNumber: '2034567891', accountName: 'MUSA IBRAHIM BELLO' },
  { bankCode: '044', accountNumber: '0987654321', accountName: 'OLUWASEUN ADEYEMI' },
  { bankCode: '057', accountNumber: '1122334455', accountName: 'CHIOMA GRACE EZE' },
]
