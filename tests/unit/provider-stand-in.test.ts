import { createHash, createHmac } from 'node:crypto'
import http from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import {
  describeFeeRule,
  feeKobo,
  nairaTextToKobo,
  parseFeeRule,
} from '../../tools/provider-stand-in/money.mjs'
import { resolveSettings, SettingsError } from '../../tools/provider-stand-in/settings.mjs'
import {
  monnifySignature,
  paystackSignature,
  startStandIn,
  type StandIn,
} from '../../tools/provider-stand-in/server.mjs'

// Ports of this file: the stand-in, the app's stand-in (a receiver of webhooks), a second stand-in.
const STAND_IN_PORT = 4701
const RECEIVER_PORT = 4702
const OTHER_PORT = 4703

const PAYSTACK_KEY = 'sk_test_unit_paystack'
const MONNIFY_API_KEY = 'MK_TEST_UNIT'
const MONNIFY_SECRET = 'SK_TEST_UNIT_SECRET'
const CONTRACT = '4934121686'

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string }

/** The app's side of the webhooks: records each POST and answers the status set for its path (200 by default). */
function startReceiver(port: number) {
  const received: Received[] = []
  const statusByPath = new Map<string, number>()
  const server = http.createServer((request, response) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body })
      response
        .writeHead(statusByPath.get(request.url ?? '') ?? 200, {
          'content-type': 'application/json',
        })
        .end('{"received":true}')
    })
  })
  return new Promise<{
    received: Received[]
    statusByPath: Map<string, number>
    close: () => Promise<void>
  }>((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({
        received,
        statusByPath,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  )
}

let standIn: StandIn
let receiver: Awaited<ReturnType<typeof startReceiver>>

beforeAll(async () => {
  receiver = await startReceiver(RECEIVER_PORT)
  standIn = await startStandIn({
    port: STAND_IN_PORT,
    env: {},
    paystackSecretKey: PAYSTACK_KEY,
    monnifyApiKey: MONNIFY_API_KEY,
    monnifySecretKey: MONNIFY_SECRET,
    monnifyContractCode: CONTRACT,
    paystackWebhookUrl: `http://127.0.0.1:${RECEIVER_PORT}/api/v1/webhooks/paystack`,
    monnifyWebhookUrl: `http://127.0.0.1:${RECEIVER_PORT}/api/v1/webhooks/monnify`,
  })
})
afterAll(async () => {
  await standIn?.stop()
  await receiver?.close()
})
beforeEach(async () => {
  await standIn.reset()
  receiver.received.length = 0
  receiver.statusByPath.clear()
})

const hmac = (key: string, body: string) => createHmac('sha512', key).update(body).digest('hex')
const json = async (response: Response) => ({
  status: response.status,
  body: await response.json(),
})

const paystack = (path: string, init: RequestInit = {}, key = PAYSTACK_KEY) =>
  fetch(`${standIn.paystackBaseUrl}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  }).then(json)

async function monnifyToken() {
  const basic = Buffer.from(`${MONNIFY_API_KEY}:${MONNIFY_SECRET}`).toString('base64')
  const login = await json(
    await fetch(`${standIn.monnifyBaseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}` },
    }),
  )
  return login.body.responseBody.accessToken as string
}
const monnify = async (path: string, init: RequestInit = {}, token?: string) =>
  fetch(`${standIn.monnifyBaseUrl}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token ?? (await monnifyToken())}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  }).then(json)

async function paystackAccount(email = 'ada@example.com') {
  await paystack('/customer', {
    method: 'POST',
    body: JSON.stringify({
      email,
      first_name: 'Ada',
      last_name: 'Okafor',
      phone: '+2348031234567',
    }),
  })
  const created = await paystack('/dedicated_account', {
    method: 'POST',
    body: JSON.stringify({ customer: email, preferred_bank: 'wema-bank' }),
  })
  await standIn.idle()
  return created.body.data as {
    account_number: string
    account_name: string
    bank: { name: string }
  }
}

async function monnifyAccount(accountReference = 'SUB-1') {
  const reserved = await monnify('/api/v2/bank-transfer/reserved-accounts', {
    method: 'POST',
    body: JSON.stringify({
      accountReference,
      accountName: 'Ada Okafor',
      currencyCode: 'NGN',
      contractCode: CONTRACT,
      customerEmail: 'ada@example.com',
      customerName: 'Ada Okafor',
      getAllAvailableBanks: false,
      preferredBanks: ['50515'],
    }),
  })
  return reserved.body.responseBody.accounts[0] as {
    accountNumber: string
    bankName: string
    bankCode: string
    accountName: string
  }
}

const receivedOn = (provider: 'paystack' | 'monnify') =>
  receiver.received.filter((item) => item.path === `/api/v1/webhooks/${provider}`)

describe('money and fee rules', () => {
  test.each([
    // amount (kobo), rule, fee (kobo)
    [2_500_000, '1.5% max 2000', 37_500], // ₦25,000 → ₦375
    [20_000_000, '1.5% max 2000', 200_000], // ₦200,000: 1.5 % is ₦3,000, capped at ₦2,000
    [3_333, '1.5%', 50], // 49.995 kobo rounds half up
    [300_000, '50', 5_000], // Monnify's ₦50 flat
    [3_000, '50', 3_000], // never more than the payment
    [1_000_000, '1.5% + 100 max 2000', 25_000],
    [1_000_000, '0', 0],
  ])('%i kobo under "%s" costs %i kobo', (amount, text, fee) => {
    const rule = parseFeeRule(text)
    expect(rule).not.toBeNull()
    expect(feeKobo(amount, rule!)).toBe(fee)
  })

  test.each(['', '%', 'abc', '1.5%%', 'max 2000', '1,5%', '50.123'])(
    '"%s" is not a fee rule',
    (text) => {
      expect(parseFeeRule(text)).toBeNull()
    },
  )

  test('a rule reads back in words', () => {
    expect(describeFeeRule(parseFeeRule('1.5% max 2000')!)).toBe('1.5 %, at most ₦2,000.00')
    expect(describeFeeRule(parseFeeRule('50')!)).toBe('₦50.00')
  })

  test.each([
    ['25000', 2_500_000],
    ['25,000.50', 2_500_050],
    ['₦ 1,250,000', 125_000_000],
    ['0.5', 50],
    ['12.345', null],
    ['-5', null],
    ['', null],
    ['1e3', null],
  ])('naira "%s" is %s kobo', (text, kobo) => {
    expect(nairaTextToKobo(text)).toBe(kobo)
  })
})

describe('signing', () => {
  // Monnify's documentation publishes this client secret, request body and hash.
  const MONNIFY_SAMPLE_SECRET = '91MUDL9N6U3BQRXBQ2PJ9M0PW4J22M1Y'
  const MONNIFY_SAMPLE_BODY =
    '{"eventData":{"product":{"reference":"111222333","type":"OFFLINE_PAYMENT_AGENT"},"transactionReference":"MNFY|76|20211117154810|000001",' +
    '"paymentReference":"0.01462001097368737","paidOn":"17/11/2021 3:48:10 PM","paymentDescription":"Mockaroo Jesse","metaData":{},' +
    '"destinationAccountInformation":{},"paymentSourceInformation":{},"amountPaid":78000,"totalPayable":78000,' +
    '"offlineProductInformation":{"code":"41470","type":"DYNAMIC"},"cardDetails":{},"paymentMethod":"CASH","currency":"NGN",' +
    '"settlementAmount":77600,"paymentStatus":"PAID","customer":{"name":"Mockaroo Jesse","email":"111222333@ZZAMZ4WT4Y3E.monnify"}},' +
    '"eventType":"SUCCESSFUL_TRANSACTION"}'
  const MONNIFY_SAMPLE_HASH =
    'f04fb635e04d71648bd3cc7999003da6861483342c856d05ddfa9b2dafacb873b0de1d0f8f67405d0010b4348b721c49fa171d317972618debba6b638aedcd3c'

  test("Monnify's published sample body and hash: the stand-in signs as Monnify does", () => {
    expect(monnifySignature(MONNIFY_SAMPLE_BODY, MONNIFY_SAMPLE_SECRET)).toBe(MONNIFY_SAMPLE_HASH)
    // The documentation's prose ("SHA-512 of client secret + body") does not give its own hash.
    expect(
      createHash('sha512')
        .update(MONNIFY_SAMPLE_SECRET + MONNIFY_SAMPLE_BODY)
        .digest('hex'),
    ).not.toBe(MONNIFY_SAMPLE_HASH)
  })

  test('Paystack: hex HMAC-SHA512 of the raw body keyed by the secret key', () => {
    const body = '{"event":"charge.success","data":{"reference":"T1-abc","amount":2500000}}'
    expect(paystackSignature(body, 'sk_test_x')).toBe(hmac('sk_test_x', body))
    expect(paystackSignature(body, 'sk_test_x')).toMatch(/^[0-9a-f]{128}$/)
  })
})

describe('settings', () => {
  test("the app's variable names are read, with test defaults for the rest", () => {
    const settings = resolveSettings({
      env: {
        PAYSTACK_SECRET_KEY: 'sk_test_env',
        MONNIFY_CONTRACT_CODE: '777',
        STAND_IN_PORT: '4711',
        PAYSTACK_WEBHOOK_URL: 'http://127.0.0.1:9/hook',
        STAND_IN_MONNIFY_FEE: '1% max 100',
      },
    })
    expect(settings).toMatchObject({
      port: 4711,
      host: '127.0.0.1',
      paystackSecretKey: 'sk_test_env',
      monnifyApiKey: 'MK_TEST_STANDIN',
      monnifySecretKey: 'SK_TEST_STANDIN',
      monnifyContractCode: '777',
      webhookUrls: {
        paystack: 'http://127.0.0.1:9/hook',
        monnify: 'http://127.0.0.1:3000/api/v1/webhooks/monnify',
      },
      fees: {
        paystack: { percent: 1.5, flatKobo: 0, capKobo: 200_000 },
        monnify: { percent: 1, flatKobo: 0, capKobo: 10_000 },
      },
    })
    expect(resolveSettings({ env: {} }).port).toBe(4010)
  })

  test('bad settings are all named at once', () => {
    let error: unknown
    try {
      resolveSettings({
        env: {
          STAND_IN_PORT: 'eighty',
          MONNIFY_WEBHOOK_URL: 'ftp://x',
          STAND_IN_PAYSTACK_FEE: 'lots',
        },
      })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(SettingsError)
    const problems = (error as SettingsError).problems
    expect(problems).toHaveLength(3)
    expect(problems.join('\n')).toMatch(/STAND_IN_PORT.*eighty/)
    expect(problems.join('\n')).toMatch(/MONNIFY_WEBHOOK_URL.*ftp:\/\/x/)
    expect(problems.join('\n')).toMatch(/STAND_IN_PAYSTACK_FEE.*lots/)
  })
})

describe('Paystack API', () => {
  test('a missing or wrong secret key is refused with 401, as Paystack does', async () => {
    const missing = await json(await fetch(`${standIn.paystackBaseUrl}/bank`))
    expect(missing).toEqual({
      status: 401,
      body: { status: false, message: 'No Authorization header was found' },
    })
    const wrong = await paystack('/transaction/verify/T1', {}, 'sk_test_not_this_one')
    expect(wrong).toEqual({ status: 401, body: { status: false, message: 'Invalid key' } })
  })

  test('POST /customer answers the customer with its customer_code', async () => {
    const created = await paystack('/customer', {
      method: 'POST',
      body: JSON.stringify({
        email: 'ada@example.com',
        first_name: 'Ada',
        last_name: 'Okafor',
        phone: '+2348031234567',
      }),
    })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({
      status: true,
      message: 'Customer created',
      data: {
        email: 'ada@example.com',
        first_name: 'Ada',
        last_name: 'Okafor',
        phone: '+2348031234567',
        domain: 'test',
        identified: false,
      },
    })
    expect(created.body.data.customer_code).toMatch(/^CUS_[0-9a-z]+$/)
    expect(created.body.data.id).toEqual(expect.any(Number))
    const again = await paystack('/customer', {
      method: 'POST',
      body: JSON.stringify({ email: 'ADA@example.com' }),
    })
    expect(again.body.data.customer_code).toBe(created.body.data.customer_code)
    expect(
      (
        await paystack('/customer', {
          method: 'POST',
          body: JSON.stringify({ email: 'not-an-email' }),
        })
      ).status,
    ).toBe(400)
  })

  test('POST /dedicated_account answers the account and sends dedicatedaccount.assign.success, signed', async () => {
    await paystack('/customer', {
      method: 'POST',
      body: JSON.stringify({
        email: 'ada@example.com',
        first_name: 'Ada',
        last_name: 'Okafor',
        phone: '+2348031234567',
      }),
    })
    const created = await paystack('/dedicated_account', {
      method: 'POST',
      body: JSON.stringify({ customer: 'ada@example.com', preferred_bank: 'wema-bank' }),
    })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({
      status: true,
      message: 'NUBAN successfully created',
      data: {
        bank: { name: 'Wema Bank', slug: 'wema-bank' },
        account_name: 'Landbanking / Ada Okafor',
        assigned: true,
        active: true,
        currency: 'NGN',
        assignment: {
          assignee_type: 'Customer',
          account_type: 'PAY-WITH-TRANSFER-RECURRING',
          expired: false,
        },
        customer: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Okafor' },
      },
    })
    const accountNumber = created.body.data.account_number
    expect(accountNumber).toMatch(/^\d{10}$/)

    await standIn.idle()
    const [delivered] = receivedOn('paystack')
    expect(delivered.headers['x-paystack-signature']).toBe(hmac(PAYSTACK_KEY, delivered.body))
    expect(JSON.parse(delivered.body)).toMatchObject({
      event: 'dedicatedaccount.assign.success',
      data: {
        customer: { email: 'ada@example.com' },
        dedicated_account: { account_number: accountNumber, bank: { name: 'Wema Bank' } },
        identification: { status: 'success' },
      },
    })

    const fetched = await paystack('/customer/ada@example.com')
    expect(fetched.body.data.dedicated_account.account_number).toBe(accountNumber)
    const listed = await paystack(
      `/dedicated_account?customer=${created.body.data.customer.customer_code}`,
    )
    expect(
      listed.body.data.map((account: { account_number: string }) => account.account_number),
    ).toEqual([accountNumber])
  })

  test('a dedicated account needs the customer’s names and phone, and a known customer and bank', async () => {
    await paystack('/customer', {
      method: 'POST',
      body: JSON.stringify({ email: 'bare@example.com' }),
    })
    const withoutPhone = await paystack('/dedicated_account', {
      method: 'POST',
      body: JSON.stringify({ customer: 'bare@example.com' }),
    })
    expect(withoutPhone.status).toBe(400)
    expect(withoutPhone.body.message).toMatch(/first_name, last_name and phone/)
    expect(
      (
        await paystack('/dedicated_account', {
          method: 'POST',
          body: JSON.stringify({ customer: 'CUS_nobody' }),
        })
      ).status,
    ).toBe(404)
    const badBank = await paystack('/dedicated_account', {
      method: 'POST',
      body: JSON.stringify({
        customer: 'bare@example.com',
        preferred_bank: 'first-bank',
        first_name: 'B',
        last_name: 'Are',
        phone: '+2348000000000',
      }),
    })
    expect(badBank.status).toBe(400)
    expect(standIn.accounts()).toEqual([])
  })

  test('GET /transaction/verify/:reference of an unknown reference answers 400', async () => {
    expect(await paystack('/transaction/verify/T404-none')).toEqual({
      status: 400,
      body: { status: false, message: 'Transaction reference not found' },
    })
  })

  test('POST /transaction/initialize answers an authorization_url on the stand-in and refuses bad amounts and duplicates', async () => {
    const started = await paystack('/transaction/initialize', {
      method: 'POST',
      body: JSON.stringify({
        email: 'ada@example.com',
        amount: 5_000_000,
        reference: 'PAY-1',
        callback_url: 'http://127.0.0.1:3000/back',
        metadata: { payment: 7 },
      }),
    })
    expect(started.body).toMatchObject({
      status: true,
      message: 'Authorization URL created',
      data: { reference: 'PAY-1', access_code: expect.any(String) },
    })
    expect(started.body.data.authorization_url).toBe(
      `${standIn.url}/pay/paystack/${started.body.data.access_code}`,
    )
    const pending = await paystack('/transaction/verify/PAY-1')
    expect(pending.body.data).toMatchObject({
      status: 'abandoned',
      amount: 5_000_000,
      reference: 'PAY-1',
      metadata: { payment: 7 },
    })
    const duplicate = await paystack('/transaction/initialize', {
      method: 'POST',
      body: JSON.stringify({ email: 'ada@example.com', amount: 100, reference: 'PAY-1' }),
    })
    expect(duplicate).toEqual({
      status: 400,
      body: { status: false, message: 'Duplicate Transaction Reference' },
    })
    const naira = await paystack('/transaction/initialize', {
      method: 'POST',
      body: JSON.stringify({ email: 'ada@example.com', amount: '500.50' }),
    })
    expect(naira).toEqual({ status: 400, body: { status: false, message: 'Invalid Amount Sent' } })
  })

  test('GET /bank/resolve gives the name the bank holds, or 422; GET /bank lists Nigerian banks with codes', async () => {
    expect(await paystack('/bank/resolve?account_number=0123456789&bank_code=058')).toEqual({
      status: 200,
      body: {
        status: true,
        message: 'Account number resolved',
        data: { account_number: '0123456789', account_name: 'ADAEZE NNEKA OKAFOR', bank_id: 9 },
      },
    })
    const wrongBank = await paystack('/bank/resolve?account_number=0123456789&bank_code=044')
    expect(wrongBank.status).toBe(422)
    expect(wrongBank.body).toMatchObject({
      status: false,
      message: 'Could not resolve account name. Check parameters or try again.',
    })
    standIn.addBankAccount({
      bankCode: '044',
      accountNumber: '0123456789',
      accountName: 'TUNDE BAKARE',
    })
    expect(
      (await paystack('/bank/resolve?account_number=0123456789&bank_code=044')).body.data
        .account_name,
    ).toBe('TUNDE BAKARE')

    const banks = await paystack('/bank?country=nigeria')
    expect(banks.body.message).toBe('Banks retrieved')
    expect(banks.body.data).toContainEqual(
      expect.objectContaining({
        name: 'Guaranty Trust Bank',
        code: '058',
        slug: 'guaranty-trust-bank',
        country: 'Nigeria',
        currency: 'NGN',
        type: 'nuban',
      }),
    )
    expect(banks.body.data.length).toBeGreaterThan(15)
  })

  test('a form-encoded body is accepted as by Paystack', async () => {
    const created = await fetch(`${standIn.paystackBaseUrl}/customer`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${PAYSTACK_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ email: 'form@example.com' }),
    }).then(json)
    expect(created.body.data.email).toBe('form@example.com')
  })
})

describe('Monnify API', () => {
  test('login takes the API key and client secret by HTTP Basic and gives a bearer token; wrong ones are refused', async () => {
    const basic = (key: string, secret: string) =>
      `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`
    const login = await json(
      await fetch(`${standIn.monnifyBaseUrl}/api/v1/auth/login`, {
        method: 'POST',
        headers: { authorization: basic(MONNIFY_API_KEY, MONNIFY_SECRET) },
      }),
    )
    expect(login).toMatchObject({
      status: 200,
      body: {
        requestSuccessful: true,
        responseMessage: 'success',
        responseCode: '0',
        responseBody: { accessToken: expect.any(String), expiresIn: expect.any(Number) },
      },
    })
    expect(login.body.responseBody.expiresIn).toBeGreaterThan(3_000)

    const wrong = await json(
      await fetch(`${standIn.monnifyBaseUrl}/api/v1/auth/login`, {
        method: 'POST',
        headers: { authorization: basic(MONNIFY_API_KEY, 'nope') },
      }),
    )
    expect(wrong.status).toBe(401)
    expect(wrong.body.requestSuccessful).toBe(false)
  })

  test('every other call needs a live bearer token', async () => {
    expect((await json(await fetch(`${standIn.monnifyBaseUrl}/api/v1/banks`))).status).toBe(401)
    expect((await monnify('/api/v1/banks', {}, 'made-up-token')).status).toBe(401)
    const token = await monnifyToken()
    expect((await monnify('/api/v1/banks', {}, token)).status).toBe(200)
    standIn.expireMonnifyTokens()
    expect((await monnify('/api/v1/banks', {}, token)).status).toBe(401)
  })

  test('POST /api/v2/bank-transfer/reserved-accounts answers accounts[] with bank and number', async () => {
    const reserved = await monnify('/api/v2/bank-transfer/reserved-accounts', {
      method: 'POST',
      body: JSON.stringify({
        accountReference: 'SUB-42',
        accountName: 'Ada Okafor',
        currencyCode: 'NGN',
        contractCode: CONTRACT,
        customerEmail: 'ada@example.com',
        customerName: 'Ada Okafor',
        getAllAvailableBanks: true,
      }),
    })
    expect(reserved.status).toBe(200)
    expect(reserved.body).toMatchObject({
      requestSuccessful: true,
      responseCode: '0',
      responseBody: {
        accountReference: 'SUB-42',
        accountName: 'Ada Okafor',
        currencyCode: 'NGN',
        contractCode: CONTRACT,
        customerEmail: 'ada@example.com',
        status: 'ACTIVE',
      },
    })
    const accounts = reserved.body.responseBody.accounts
    expect(accounts.map((account: { bankCode: string }) => account.bankCode)).toEqual([
      '50515',
      '035',
      '232',
    ])
    for (const account of accounts)
      expect(account).toEqual({
        bankCode: expect.any(String),
        bankName: expect.any(String),
        accountNumber: expect.stringMatching(/^\d{10}$/),
        accountName: 'Ada Okafor',
      })

    const details = await monnify('/api/v2/bank-transfer/reserved-accounts/SUB-42')
    expect(details.body.responseBody.accounts).toEqual(accounts)
  })

  test('a second reservation with the same reference, a wrong contract code or a missing field is refused', async () => {
    await monnifyAccount('SUB-7')
    const again = await monnify('/api/v2/bank-transfer/reserved-accounts', {
      method: 'POST',
      body: JSON.stringify({
        accountReference: 'SUB-7',
        accountName: 'X',
        currencyCode: 'NGN',
        contractCode: CONTRACT,
        customerEmail: 'x@example.com',
      }),
    })
    expect(again.status).toBe(400)
    expect(again.body).toMatchObject({ requestSuccessful: false, responseCode: '99' })
    const wrongContract = await monnify('/api/v2/bank-transfer/reserved-accounts', {
      method: 'POST',
      body: JSON.stringify({
        accountReference: 'SUB-8',
        accountName: 'X',
        currencyCode: 'NGN',
        contractCode: '1',
        customerEmail: 'x@example.com',
      }),
    })
    expect(wrongContract.status).toBe(400)
    const missing = await monnify('/api/v2/bank-transfer/reserved-accounts', {
      method: 'POST',
      body: JSON.stringify({ accountName: 'X', contractCode: CONTRACT }),
    })
    expect(missing.body.responseMessage).toBe('accountReference is required')
    expect(standIn.accounts()).toHaveLength(1)
  })

  test('POST init-transaction answers a checkoutUrl; GET /api/v2/transactions/:reference takes the URL-encoded reference', async () => {
    const started = await monnify('/api/v1/merchant/transactions/init-transaction', {
      method: 'POST',
      body: JSON.stringify({
        amount: 50_000.5,
        customerName: 'Ada Okafor',
        customerEmail: 'ada@example.com',
        paymentReference: 'PAY-9',
        paymentDescription: 'Instalment 2 of 6',
        currencyCode: 'NGN',
        contractCode: CONTRACT,
        redirectUrl: 'http://127.0.0.1:3000/back',
        paymentMethods: ['CARD', 'ACCOUNT_TRANSFER'],
      }),
    })
    expect(started.body).toMatchObject({
      requestSuccessful: true,
      responseBody: {
        paymentReference: 'PAY-9',
        apiKey: MONNIFY_API_KEY,
        enabledPaymentMethod: ['CARD', 'ACCOUNT_TRANSFER'],
        redirectUrl: 'http://127.0.0.1:3000/back',
      },
    })
    const { transactionReference, checkoutUrl } = started.body.responseBody
    expect(transactionReference).toMatch(/^MNFY\|/)
    expect(checkoutUrl).toBe(
      `${standIn.url}/pay/monnify/${encodeURIComponent(transactionReference)}`,
    )

    const status = await monnify(`/api/v2/transactions/${encodeURIComponent(transactionReference)}`)
    expect(status.body.responseBody).toMatchObject({
      transactionReference,
      paymentReference: 'PAY-9',
      paymentStatus: 'PENDING',
      totalPayable: '50000.50',
      amountPaid: '0.00',
    })
    const byPaymentReference = await monnify(
      '/api/v2/merchant/transactions/query?paymentReference=PAY-9',
    )
    expect(byPaymentReference.body.responseBody.transactionReference).toBe(transactionReference)
    expect(
      (await monnify(`/api/v2/transactions/${encodeURIComponent('MNFY|none|000001')}`)).status,
    ).toBe(404)
    const threeDecimals = await monnify('/api/v1/merchant/transactions/init-transaction', {
      method: 'POST',
      body: JSON.stringify({
        amount: 10.555,
        customerEmail: 'ada@example.com',
        paymentReference: 'PAY-10',
        currencyCode: 'NGN',
        contractCode: CONTRACT,
      }),
    })
    expect(threeDecimals.status).toBe(400)
  })

  test('GET /api/v1/disbursements/account/validate gives the name the bank holds', async () => {
    const found = await monnify(
      '/api/v1/disbursements/account/validate?accountNumber=2034567891&bankCode=033',
    )
    expect(found.body).toEqual({
      requestSuccessful: true,
      responseMessage: 'success',
      responseCode: '0',
      responseBody: {
        accountNumber: '2034567891',
        accountName: 'MUSA IBRAHIM BELLO',
        bankCode: '033',
      },
    })
    const unknown = await monnify(
      '/api/v1/disbursements/account/validate?accountNumber=2034567890&bankCode=033',
    )
    expect(unknown.status).toBe(400)
    expect(unknown.body.requestSuccessful).toBe(false)
  })
})

describe('transfers into the accounts', () => {
  test('Paystack: the webhook is charge.success over dedicated_nuban, in kobo with the fee, signed with the secret key', async () => {
    const account = await paystackAccount()
    receiver.received.length = 0
    const transfer = await standIn.sendTransfer({
      accountNumber: account.account_number,
      amountKobo: 2_500_000,
      senderName: 'Ada Okafor',
      senderBankCode: '058',
      senderAccountNumber: '0011223344',
    })
    expect(transfer).toMatchObject({
      provider: 'paystack',
      amountKobo: 2_500_000,
      feeKobo: 37_500,
      settledKobo: 2_462_500,
    })
    expect(transfer.delivery).toMatchObject({ status: 200, signature: 'valid' })

    const [delivered] = receivedOn('paystack')
    expect(delivered.headers['x-paystack-signature']).toBe(hmac(PAYSTACK_KEY, delivered.body))
    expect(delivered.headers['content-type']).toBe('application/json')
    const payload = JSON.parse(delivered.body)
    expect(payload).toMatchObject({
      event: 'charge.success',
      data: {
        reference: transfer.reference,
        status: 'success',
        amount: 2_500_000,
        fees: 37_500,
        currency: 'NGN',
        channel: 'dedicated_nuban',
        customer: { email: 'ada@example.com' },
        authorization: {
          channel: 'dedicated_nuban',
          sender_name: 'Ada Okafor',
          sender_bank: 'Guaranty Trust Bank',
          sender_bank_account_number: 'XXXXXX3344',
          receiver_bank_account_number: account.account_number,
          receiver_bank: 'Wema Bank',
        },
      },
    })

    const verified = await paystack(`/transaction/verify/${encodeURIComponent(transfer.reference)}`)
    expect(verified.body).toMatchObject({
      status: true,
      message: 'Verification successful',
      data: {
        status: 'success',
        amount: 2_500_000,
        fees: 37_500,
        currency: 'NGN',
        reference: transfer.reference,
      },
    })
  })

  test('Monnify: the webhook is SUCCESSFUL_TRANSACTION in naira with settlementAmount after the fee, signed with the client secret', async () => {
    const account = await monnifyAccount('SUB-3')
    const transfer = await standIn.sendTransfer({
      accountNumber: account.accountNumber,
      amountKobo: 300_050,
      senderName: 'Ada Okafor',
    })
    expect(transfer).toMatchObject({
      provider: 'monnify',
      amountKobo: 300_050,
      feeKobo: 5_000,
      settledKobo: 295_050,
    })

    const [delivered] = receivedOn('monnify')
    expect(delivered.headers['monnify-signature']).toBe(hmac(MONNIFY_SECRET, delivered.body))
    const payload = JSON.parse(delivered.body)
    expect(payload).toMatchObject({
      eventType: 'SUCCESSFUL_TRANSACTION',
      eventData: {
        transactionReference: transfer.reference,
        paymentReference: transfer.reference,
        amountPaid: 3000.5,
        totalPayable: 3000.5,
        settlementAmount: '2950.50',
        paymentStatus: 'PAID',
        paymentMethod: 'ACCOUNT_TRANSFER',
        currency: 'NGN',
        product: { type: 'RESERVED_ACCOUNT', reference: 'SUB-3' },
        customer: { email: 'ada@example.com', name: 'Ada Okafor' },
        destinationAccountInformation: { accountNumber: account.accountNumber, bankCode: '50515' },
      },
    })
    expect(payload.eventData.paymentSourceInformation[0]).toMatchObject({
      accountName: 'Ada Okafor',
      amountPaid: 3000.5,
    })

    const status = await monnify(`/api/v2/transactions/${encodeURIComponent(transfer.reference)}`)
    expect(status.body.responseBody).toMatchObject({
      paymentStatus: 'PAID',
      amountPaid: '3000.50',
      settlementAmount: '2950.50',
      paymentMethod: 'ACCOUNT_TRANSFER',
      currency: 'NGN',
    })
  })

  test('a transfer to an account number nobody was given is refused, as a bank refuses it', async () => {
    await expect(
      standIn.sendTransfer({ accountNumber: '9999999999', amountKobo: 100_000 }),
    ).rejects.toThrow(/No bank account 9999999999/)
    const overHttp = await json(
      await fetch(`${standIn.url}/__stand-in/transfers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ accountNumber: '9999999999', amount: '1000' }),
      }),
    )
    expect(overHttp).toEqual({
      status: 422,
      body: {
        error: 'No bank account 9999999999: the bank refuses the transfer',
        field: 'accountNumber',
      },
    })
    expect(receiver.received).toEqual([])
    expect(standIn.transactions()).toEqual([])
  })

  test("a delivery records the app's answer", async () => {
    const account = await paystackAccount()
    receiver.statusByPath.set('/api/v1/webhooks/paystack', 500)
    const transfer = await standIn.sendTransfer({
      accountNumber: account.account_number,
      amountKobo: 100_000,
    })
    expect(transfer.delivery).toMatchObject({
      status: 500,
      response: '{"received":true}',
      error: null,
    })
    expect(
      standIn.deliveries({ eventId: transfer.event.id }).map((delivery) => delivery.status),
    ).toEqual([500])
  })
})

describe('hosted checkout with plain form posts', () => {
  test('Paystack: Pay delivers charge.success and sends the customer back with reference and trxref', async () => {
    const started = await paystack('/transaction/initialize', {
      method: 'POST',
      body: JSON.stringify({
        email: 'ada@example.com',
        amount: '7500000',
        reference: 'CHK-1',
        callback_url: 'http://127.0.0.1:3000/payments/return?from=checkout',
      }),
    })
    const page = await fetch(started.body.data.authorization_url)
    const markup = await page.text()
    expect(page.status).toBe(200)
    expect(markup).toContain('₦75,000.00')
    expect(markup).toContain(
      `<form method="post" action="/pay/paystack/${started.body.data.access_code}/pay"`,
    )
    expect(markup).toContain(
      `<form method="post" action="/pay/paystack/${started.body.data.access_code}/cancel"`,
    )
    expect(markup).not.toMatch(/<script/i)

    const paid = await fetch(`${standIn.url}/pay/paystack/${started.body.data.access_code}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    })
    expect(paid.status).toBe(303)
    const back = new URL(paid.headers.get('location')!)
    expect(`${back.origin}${back.pathname}`).toBe('http://127.0.0.1:3000/payments/return')
    expect(Object.fromEntries(back.searchParams)).toEqual({
      from: 'checkout',
      reference: 'CHK-1',
      trxref: 'CHK-1',
    })

    const [delivered] = receivedOn('paystack')
    expect(delivered.headers['x-paystack-signature']).toBe(hmac(PAYSTACK_KEY, delivered.body))
    expect(JSON.parse(delivered.body)).toMatchObject({
      event: 'charge.success',
      data: {
        reference: 'CHK-1',
        amount: 7_500_000,
        status: 'success',
        channel: 'card',
        fees: 112_500,
      },
    })
    expect((await paystack('/transaction/verify/CHK-1')).body.data).toMatchObject({
      status: 'success',
      amount: 7_500_000,
    })

    const twice = await fetch(`${standIn.url}/pay/paystack/${started.body.data.access_code}/pay`, {
      method: 'POST',
      redirect: 'manual',
    })
    expect(twice.status).toBe(409)
    expect(receivedOn('paystack')).toHaveLength(1)
  })

  test('Monnify: Pay delivers SUCCESSFUL_TRANSACTION by card and sends the customer back with paymentReference', async () => {
    const started = await monnify('/api/v1/merchant/transactions/init-transaction', {
      method: 'POST',
      body: JSON.stringify({
        amount: 1200,
        customerName: 'Ada Okafor',
        customerEmail: 'ada@example.com',
        paymentReference: 'CHK-M1',
        currencyCode: 'NGN',
        contractCode: CONTRACT,
        redirectUrl: 'http://127.0.0.1:3000/payments/return',
      }),
    })
    const checkoutPath = new URL(started.body.responseBody.checkoutUrl).pathname
    expect(await (await fetch(started.body.responseBody.checkoutUrl)).text()).toContain(
      `<form method="post" action="${checkoutPath}/pay"`,
    )
    const paid = await fetch(`${standIn.url}${checkoutPath}/pay`, {
      method: 'POST',
      redirect: 'manual',
    })
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(
      'http://127.0.0.1:3000/payments/return?paymentReference=CHK-M1',
    )
    const [delivered] = receivedOn('monnify')
    expect(delivered.headers['monnify-signature']).toBe(hmac(MONNIFY_SECRET, delivered.body))
    expect(JSON.parse(delivered.body).eventData).toMatchObject({
      paymentReference: 'CHK-M1',
      paymentMethod: 'CARD',
      amountPaid: 1200,
      settlementAmount: '1150.00',
      paymentStatus: 'PAID',
    })
  })

  test('Cancel sends no webhook, goes back, and verifying shows nothing paid', async () => {
    const started = await monnify('/api/v1/merchant/transactions/init-transaction', {
      method: 'POST',
      body: JSON.stringify({
        amount: 1200,
        customerEmail: 'ada@example.com',
        paymentReference: 'CHK-M2',
        currencyCode: 'NGN',
        contractCode: CONTRACT,
        redirectUrl: 'http://127.0.0.1:3000/payments/return',
      }),
    })
    const { transactionReference, checkoutUrl } = started.body.responseBody
    const cancelled = await fetch(`${checkoutUrl}/cancel`, { method: 'POST', redirect: 'manual' })
    expect(cancelled.status).toBe(303)
    expect(cancelled.headers.get('location')).toBe(
      'http://127.0.0.1:3000/payments/return?paymentReference=CHK-M2',
    )
    await standIn.idle()
    expect(receiver.received).toEqual([])
    expect(
      (await monnify(`/api/v2/transactions/${encodeURIComponent(transactionReference)}`)).body
        .responseBody.paymentStatus,
    ).toBe('CANCELLED')
  })
})

describe('a provider down', () => {
  test('down: every API call answers 503 until up; webhooks, pages and controls still work', async () => {
    const account = await paystackAccount()
    standIn.down('paystack')
    expect((await paystack('/bank')).status).toBe(503)
    expect((await paystack('/transaction/verify/anything')).status).toBe(503)
    expect((await monnify('/api/v1/banks')).status).toBe(200)
    receiver.received.length = 0
    const transfer = await standIn.sendTransfer({
      accountNumber: account.account_number,
      amountKobo: 100_000,
    })
    expect(transfer.delivery?.status).toBe(200)
    expect((await fetch(`${standIn.url}/`)).status).toBe(200)
    standIn.up('paystack')
    expect((await paystack(`/transaction/verify/${transfer.reference}`)).body.data.status).toBe(
      'success',
    )
    expect(
      standIn
        .calls({ provider: 'paystack' })
        .map((call) => `${call.method} ${call.path} ${call.status}`),
    ).toContain('GET /bank 503')
  })

  test('timeout: a call gets no answer until the provider is up again, then its connection is cut', async () => {
    standIn.down('monnify', { timeout: true })
    const pending = fetch(`${standIn.monnifyBaseUrl}/api/v1/auth/login`, { method: 'POST' })
    const outcome = pending.then(
      (response) => `answered ${response.status}`,
      () => 'cut off',
    )
    while (!standIn.calls({ provider: 'monnify' }).length)
      await new Promise((resolve) => setTimeout(resolve, 10))
    expect(standIn.calls({ provider: 'monnify' })[0]).toMatchObject({
      path: '/api/v1/auth/login',
      status: null,
    })
    standIn.up('monnify')
    expect(await outcome).toBe('cut off')
  })

  test('down and up over HTTP', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${standIn.url}/__stand-in${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(json)
    expect(await post('/providers/monnify', { state: 'down' })).toEqual({
      status: 200,
      body: { provider: 'monnify', state: 'down' },
    })
    expect(
      (await json(await fetch(`${standIn.monnifyBaseUrl}/api/v1/auth/login`, { method: 'POST' })))
        .status,
    ).toBe(503)
    await post('/providers/monnify', { state: 'up' })
    expect(
      (await json(await fetch(`${standIn.monnifyBaseUrl}/api/v1/auth/login`, { method: 'POST' })))
        .status,
    ).toBe(401)
    expect((await post('/providers/monnify', { state: 'sideways' })).status).toBe(400)
  })
})

describe('webhook controls deliver what they say', () => {
  test('replay ×3: the same bytes, validly signed, three more times (one after the other or at once)', async () => {
    const account = await paystackAccount()
    receiver.received.length = 0
    const transfer = await standIn.sendTransfer({
      accountNumber: account.account_number,
      amountKobo: 250_000,
    })
    const replays = await standIn.replay(transfer.event.id, { times: 3 })
    expect(replays.map((delivery) => delivery.status)).toEqual([200, 200, 200])
    const parallel = await standIn.replay(transfer.event.id, { times: 2, parallel: true })
    expect(parallel).toHaveLength(2)
    const bodies = receivedOn('paystack').map((item) => item.body)
    expect(bodies).toHaveLength(6)
    expect(new Set(bodies).size).toBe(1)
    for (const item of receivedOn('paystack'))
      expect(item.headers['x-paystack-signature']).toBe(hmac(PAYSTACK_KEY, item.body))
  })

  test('out of order: held deliveries are released newest first', async () => {
    const account = await monnifyAccount('SUB-5')
    standIn.holdWebhooks()
    const first = await standIn.sendTransfer({
      accountNumber: account.accountNumber,
      amountKobo: 100_000,
    })
    const second = await standIn.sendTransfer({
      accountNumber: account.accountNumber,
      amountKobo: 200_000,
    })
    expect(first.delivery).toBeNull()
    expect(receiver.received).toEqual([])
    const released = await standIn.releaseWebhooks('reverse')
    expect(released.map((delivery) => delivery.eventId)).toEqual([second.event.id, first.event.id])
    expect(
      receivedOn('monnify').map((item) => JSON.parse(item.body).eventData.transactionReference),
    ).toEqual([second.reference, first.reference])
  })

  test('out of order by event ids: a transfer before the account assignment that preceded it', async () => {
    standIn.holdWebhooks()
    const account = await paystackAccount()
    const transfer = await standIn.sendTransfer({
      accountNumber: account.account_number,
      amountKobo: 100_000,
    })
    await standIn.releaseWebhooks([transfer.event.id])
    expect(receivedOn('paystack').map((item) => JSON.parse(item.body).event)).toEqual([
      'charge.success',
      'dedicatedaccount.assign.success',
    ])
  })

  test('unsigned, wrong key and tampered copies', async () => {
    const account = await paystackAccount()
    const transfer = await standIn.sendTransfer({
      accountNumber: account.account_number,
      amountKobo: 100_000,
    })
    receiver.received.length = 0

    const unsigned = await standIn.deliverForged(transfer.event.id, 'none')
    const wrongKey = await standIn.deliverForged(transfer.event.id, 'wrong-key')
    const tampered = await standIn.deliverForged(transfer.event.id, 'tampered')
    expect([unsigned.signature, wrongKey.signature, tampered.signature]).toEqual([
      'none',
      'wrong-key',
      'tampered',
    ])
    const [first, second, third] = receivedOn('paystack')

    expect(first.headers['x-paystack-signature']).toBeUndefined()
    expect(first.body).toBe(transfer.event.body)

    expect(second.body).toBe(transfer.event.body)
    expect(second.headers['x-paystack-signature']).toMatch(/^[0-9a-f]{128}$/)
    expect(second.headers['x-paystack-signature']).not.toBe(hmac(PAYSTACK_KEY, second.body))

    expect(JSON.parse(third.body).data.amount).toBe(1_000_000)
    expect(third.headers['x-paystack-signature']).toBe(hmac(PAYSTACK_KEY, transfer.event.body))
    expect(third.headers['x-paystack-signature']).not.toBe(hmac(PAYSTACK_KEY, third.body))
  })

  test('a tampered Monnify copy changes amountPaid and keeps the original signature', async () => {
    const account = await monnifyAccount('SUB-6')
    const transfer = await standIn.sendTransfer({
      accountNumber: account.accountNumber,
      amountKobo: 100_000,
    })
    receiver.received.length = 0
    await standIn.deliverForged(transfer.event.id, 'tampered')
    const [copy] = receivedOn('monnify')
    expect(JSON.parse(copy.body).eventData.amountPaid).toBe(10_000)
    expect(copy.headers['monnify-signature']).toBe(hmac(MONNIFY_SECRET, transfer.event.body))
    expect(copy.headers['monnify-signature']).not.toBe(hmac(MONNIFY_SECRET, copy.body))
  })

  test('an unknown event type, validly signed', async () => {
    const { event, delivery } = await standIn.deliverUnknownEvent('monnify', 'SOMETHING_NEW')
    expect(delivery?.status).toBe(200)
    const [copy] = receivedOn('monnify')
    expect(JSON.parse(copy.body)).toMatchObject({ eventType: 'SOMETHING_NEW' })
    expect(copy.body).toBe(event.body)
    expect(copy.headers['monnify-signature']).toBe(hmac(MONNIFY_SECRET, copy.body))
    const paystackUnknown = await standIn.deliverUnknownEvent('paystack')
    expect(JSON.parse(paystackUnknown.event.body).event).toBe('standin.unknown_event')
  })

  test('the same controls over HTTP, and what was delivered and answered', async () => {
    const account = await paystackAccount()
    const post = (path: string, body: unknown = {}) =>
      fetch(`${standIn.url}/__stand-in${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(json)
    const sent = await post('/transfers', {
      accountNumber: account.account_number,
      amount: '1,500.50',
      senderName: 'Ada Okafor',
    })
    expect(sent.status).toBe(201)
    expect(sent.body.transfer).toMatchObject({ amountKobo: 150_050, delivery: { status: 200 } })
    const eventId = sent.body.transfer.event.id
    expect((await post(`/events/${eventId}/replay`, { times: 2 })).body.deliveries).toHaveLength(2)
    expect(
      (await post(`/events/${eventId}/forge`, { signature: 'tampered' })).body.delivery.signature,
    ).toBe('tampered')
    expect((await post(`/events/${eventId}/forge`, { signature: 'sideways' })).status).toBe(400)
    expect((await post('/events/unknown', { provider: 'paystack' })).body.delivery.status).toBe(200)
    expect((await post('/webhooks/hold')).body).toEqual({ holding: true })
    await post('/transfers', { accountNumber: account.account_number, amountKobo: 100 })
    expect((await post('/webhooks/release', { order: 'reverse' })).body.deliveries).toHaveLength(1)

    const deliveries = await json(
      await fetch(`${standIn.url}/__stand-in/deliveries?provider=paystack`),
    )
    expect(
      deliveries.body.deliveries.map(
        (delivery: { type: string; signature: string; status: number }) =>
          `${delivery.type} ${delivery.signature} ${delivery.status}`,
      ),
    ).toEqual([
      'dedicatedaccount.assign.success valid 200',
      'charge.success valid 200',
      'charge.success valid 200',
      'charge.success valid 200',
      'charge.success tampered 200',
      'standin.unknown_event valid 200',
      'charge.success valid 200',
    ])
    expect((await post('/reset')).body).toEqual({ reset: true })
    expect((await json(await fetch(`${standIn.url}/__stand-in/accounts`))).body).toEqual({
      accounts: [],
    })
  })
})

describe('the page', () => {
  test('renders the accounts and plain forms, without scripts', async () => {
    const account = await paystackAccount()
    const response = await fetch(`${standIn.url}/`)
    const markup = await response.text()
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(markup).not.toMatch(/<script/i)
    expect(markup).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">')
    expect(markup).toContain('<form method="post" action="/send-transfer"')
    for (const field of ['account_number', 'amount', 'sender_name'])
      expect(markup).toContain(`name="${field}"`)
    expect(markup).toContain(account.account_number)
    expect(markup).toContain('Landbanking / Ada Okafor')
    expect(markup).toContain('<form method="post" action="/providers"')
    expect(markup).toContain('<form method="post" action="/deliveries"')
  })

  test('Send a transfer: a bad field is named next to it and what was typed stays; a good one is sent', async () => {
    const account = await paystackAccount()
    receiver.received.length = 0
    const form = (fields: Record<string, string>) =>
      fetch(`${standIn.url}/send-transfer`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      })

    const refused = await form({
      account_number: '1234567890',
      amount: '12.345',
      sender_name: 'Ada <Okafor>',
    })
    expect(refused.status).toBe(400)
    const markup = await refused.text()
    expect(markup).toContain(
      '<p class="error" id="account_number-error">No bank account 1234567890: the bank refuses the transfer</p>',
    )
    expect(markup).toContain(
      '<p class="error" id="amount-error">Enter an amount in naira, such as 25000 or 25,000.50</p>',
    )
    expect(markup).toContain('value="12.345"')
    expect(markup).toContain('value="Ada &lt;Okafor&gt;"')
    expect(receiver.received).toEqual([])

    const sent = await form({
      account_number: account.account_number,
      amount: '25,000',
      sender_name: 'Ada Okafor',
      sender_bank_code: '033',
    })
    expect(sent.status).toBe(303)
    const notice = new URL(sent.headers.get('location')!, standIn.url).searchParams.get('notice')
    expect(notice).toMatch(/sent to \d{10}; the app answered 200/)
    const [delivered] = receivedOn('paystack')
    expect(JSON.parse(delivered.body).data).toMatchObject({
      amount: 2_500_000,
      authorization: { sender_name: 'Ada Okafor', sender_bank: 'United Bank For Africa' },
    })
  })
})

describe('two stand-ins', () => {
  test('another start has its own run id (in every reference), an empty memory and the test keys by default', async () => {
    const other = await startStandIn({
      port: OTHER_PORT,
      env: {},
      paystackWebhookUrl: `http://127.0.0.1:${RECEIVER_PORT}/elsewhere`,
    })
    try {
      expect(other.accounts()).toEqual([])
      expect(other.runId).not.toBe(standIn.runId)
      expect(other.keys).toEqual({
        paystackSecretKey: 'sk_test_standin',
        monnifyApiKey: 'MK_TEST_STANDIN',
        monnifySecretKey: 'SK_TEST_STANDIN',
        monnifyContractCode: '1234567890',
      })
    } finally {
      await other.stop()
    }
  })
})
