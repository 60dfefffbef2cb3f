import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { ProviderUnavailableError } from '~/backend/payment-provider/http'
import { monnifyAdapter, monnifyTime } from '~/backend/payment-provider/monnify'
import { providerNairaToKobo } from '~/backend/payment-provider/naira'
import { paystackAdapter } from '~/backend/payment-provider/paystack'
import { signatureMatches, signatureOf } from '~/backend/payment-provider/signatures'
import { NeedsPhoneError, type ProviderAdapter } from '~/backend/payment-provider/types'
import { startStandIn, type StandIn } from '../../tools/provider-stand-in/server.mjs'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('webhook signatures', () => {
  // Monnify's documentation publishes this client secret, request body and hash ("no spaces").
  const SECRET = '91MUDL9N6U3BQRXBQ2PJ9M0PW4J22M1Y'
  const BODY =
    '{"eventData":{"product":{"reference":"111222333","type":"OFFLINE_PAYMENT_AGENT"},"transactionReference":"MNFY|76|20211117154810|000001",' +
    '"paymentReference":"0.01462001097368737","paidOn":"17/11/2021 3:48:10 PM","paymentDescription":"Mockaroo Jesse","metaData":{},' +
    '"destinationAccountInformation":{},"paymentSourceInformation":{},"amountPaid":78000,"totalPayable":78000,' +
    '"offlineProductInformation":{"code":"41470","type":"DYNAMIC"},"cardDetails":{},"paymentMethod":"CASH","currency":"NGN",' +
    '"settlementAmount":77600,"paymentStatus":"PAID","customer":{"name":"Mockaroo Jesse","email":"111222333@ZZAMZ4WT4Y3E.monnify"}},' +
    '"eventType":"SUCCESSFUL_TRANSACTION"}'
  const HASH =
    'f04fb635e04d71648bd3cc7999003da6861483342c856d05ddfa9b2dafacb873b0de1d0f8f67405d0010b4348b721c49fa171d317972618debba6b638aedcd3c'

  test("Monnify's published sample: its hash signs its body under its client secret", () => {
    expect(signatureOf(bytes(BODY), SECRET)).toBe(HASH)
    expect(signatureMatches(bytes(BODY), HASH, SECRET)).toBe(true)
    expect(signatureMatches(bytes(BODY), HASH.toUpperCase(), SECRET)).toBe(true)
  })

  test.each([
    ['another secret', BODY, HASH, 'SOME-OTHER-SECRET-0000000000000'],
    ['the body re-spaced (the bytes are what is signed)', BODY.replace(/,"/g, ', "'), HASH, SECRET],
    ['an amount changed', BODY.replace('78000', '780000'), HASH, SECRET],
    ['no signature', BODY, null, SECRET],
    ['a signature that is not hex', BODY, 'z'.repeat(128), SECRET],
    ['half a signature', BODY, HASH.slice(0, 64), SECRET],
  ])('refused: %s', (_case, body, header, secret) => {
    expect(signatureMatches(bytes(body), header, secret)).toBe(false)
  })
})

describe('amounts and times as the providers write them', () => {
  test.each([
    [3000, 300_000],
    [3000.5, 300_050],
    ['2950.50', 295_050],
    ['2990.00', 299_000],
    ['0.01', 1],
    [0, 0],
    ['12.345', null],
    ['-5', null],
    [-5, null],
    ['', null],
    ['1e3', null],
    [null, null],
    [Number.NaN, null],
  ])('%s naira is %s kobo', (value, kobo) => {
    expect(providerNairaToKobo(value)).toBe(kobo)
  })

  test.each([
    ['2021-11-17 11:28:42.615', '2021-11-17T10:28:42.615Z'],
    ['17/11/2021 3:48:10 PM', '2021-11-17T14:48:10.000Z'],
    ['09/09/2020 12:05:00 AM', '2020-09-08T23:05:00.000Z'],
    ['2024-01-02T03:04:05.000Z', '2024-01-02T03:04:05.000Z'],
  ])('Monnify time %s is %s (Lagos, UTC+1)', (value, iso) => {
    expect(monnifyTime(value)?.toISOString()).toBe(iso)
  })
})

// The adapters against the stand-in, which speaks each provider's paths, fields and amounts.
let standIn: StandIn
let paystack: ProviderAdapter
let monnify: ProviderAdapter

beforeAll(async () => {
  standIn = await startStandIn({
    port: 0,
    env: {},
    paystackWebhookUrl: 'http://127.0.0.1:9/none',
    monnifyWebhookUrl: 'http://127.0.0.1:9/none',
  })
  paystack = paystackAdapter({
    secretKey: standIn.keys.paystackSecretKey,
    baseUrl: standIn.paystackBaseUrl,
  })
  monnify = monnifyAdapter({
    apiKey: standIn.keys.monnifyApiKey,
    secretKey: standIn.keys.monnifySecretKey,
    contractCode: standIn.keys.monnifyContractCode,
    baseUrl: standIn.monnifyBaseUrl,
  })
})
afterAll(async () => {
  await standIn?.stop()
})
beforeEach(async () => {
  await standIn.reset()
})

const holder = {
  reference: 'SUB-ADA001',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Okafor',
  phone: '+2348031234567',
  customerCode: null,
}

describe('Paystack adapter', () => {
  test('opens a dedicated account for a customer with a phone, once', async () => {
    await expect(paystack.openAccount({ ...holder, phone: null })).rejects.toBeInstanceOf(
      NeedsPhoneError,
    )
    const opened = await paystack.openAccount(holder)
    expect(opened).toMatchObject({
      bankName: 'Wema Bank',
      accountName: 'Landbanking / Ada Okafor',
      customerCode: expect.stringMatching(/^CUS_/),
    })
    expect(opened.accountNumber).toMatch(/^\d{10}$/)
    const again = await paystack.openAccount({ ...holder, customerCode: opened.customerCode })
    expect(again.accountNumber).toBe(opened.accountNumber)
  })

  test('verifies a transfer into the account: amount, fee, currency and the account paid into', async () => {
    const opened = await paystack.openAccount(holder)
    const transfer = await standIn.sendTransfer({
      accountNumber: opened.accountNumber,
      amountKobo: 2_500_000,
    })
    expect(await paystack.verifyTransaction(transfer.reference)).toMatchObject({
      status: 'success',
      reference: transfer.reference,
      channel: 'transfer',
      currency: 'NGN',
      amountKobo: 2_500_000,
      settledKobo: 2_500_000 - transfer.feeKobo,
      accountNumber: opened.accountNumber,
      checkoutReference: null,
    })
    expect((await paystack.verifyTransaction('T0-nothing')).status).toBe('failed')
  })

  test('a checkout: unpaid is not a success, paid is, under our reference', async () => {
    const started = await paystack.startCheckout({
      reference: 'CHK-PSTK01',
      amountKobo: 150_000,
      email: 'ada@example.com',
      name: 'Ada Okafor',
      description: 'Deposit',
      callbackUrl: 'http://127.0.0.1:3000/subscriptions/SUB-ADA001/pay/return',
      subscriptionReference: 'SUB-ADA001',
    })
    expect(started.providerReference).toBe('CHK-PSTK01')
    expect(started.authorizationUrl).toContain('/pay/paystack/')
    expect((await paystack.verifyTransaction('CHK-PSTK01')).status).toBe('failed')
    await standIn.payCheckout('CHK-PSTK01')
    expect(await paystack.verifyTransaction('CHK-PSTK01')).toMatchObject({
      status: 'success',
      channel: 'checkout',
      checkoutReference: 'CHK-PSTK01',
      amountKobo: 150_000,
    })
  })

  test('resolves an account name, or none; a provider down is unavailable', async () => {
    expect(await paystack.resolveAccount('058', '0123456789')).toBe('ADAEZE NNEKA OKAFOR')
    expect(await paystack.resolveAccount('058', '9999999999')).toBeNull()
    standIn.down('paystack')
    await expect(paystack.resolveAccount('058', '0123456789')).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    )
  })
})

describe('Monnify adapter', () => {
  test('reserves an account per subscription reference; asking again answers the same one', async () => {
    const opened = await monnify.openAccount({ ...holder, phone: null })
    expect(opened).toMatchObject({ accountName: 'Ada Okafor', customerCode: 'SUB-ADA001' })
    expect(opened.accountNumber).toMatch(/^\d{10}$/)
    expect((await monnify.openAccount(holder)).accountNumber).toBe(opened.accountNumber)
  })

  test('verifies a transfer (naira strings in kobo) and signs in again once its token is refused', async () => {
    const opened = await monnify.openAccount(holder)
    const transfer = await standIn.sendTransfer({
      accountNumber: opened.accountNumber,
      amountKobo: 300_050,
    })
    standIn.expireMonnifyTokens()
    expect(await monnify.verifyTransaction(transfer.reference)).toMatchObject({
      status: 'success',
      channel: 'transfer',
      currency: 'NGN',
      amountKobo: 300_050,
      settledKobo: transfer.settledKobo,
      // Monnify's status names the reservation, not the number.
      accountReference: 'SUB-ADA001',
    })
    expect((await monnify.verifyTransaction('MNFY|none|000001')).status).toBe('failed')
  })

  test('a checkout, cancelled, is not a success', async () => {
    const started = await monnify.startCheckout({
      reference: 'CHK-MNFY01',
      amountKobo: 120_000,
      email: 'ada@example.com',
      name: 'Ada Okafor',
      description: 'Deposit',
      callbackUrl: 'http://127.0.0.1:3000/return',
      subscriptionReference: 'SUB-ADA001',
    })
    expect(started.providerReference).toMatch(/^MNFY\|/)
    await standIn.cancelCheckout(started.providerReference)
    expect(await monnify.verifyTransaction(started.providerReference)).toMatchObject({
      status: 'failed',
      checkoutReference: 'CHK-MNFY01',
    })
  })

  test('validates an account name', async () => {
    expect(await monnify.resolveAccount('033', '2034567891')).toBe('MUSA IBRAHIM BELLO')
    expect(await monnify.resolveAccount('033', '1111111111')).toBeNull()
  })
})
