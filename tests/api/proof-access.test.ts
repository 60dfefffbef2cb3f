import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApi, type TestApi } from '../support/api-harness'
import { uniquePng } from '../support/images'
import {
  createCustomer,
  createLandProduct,
  subscribe,
  userIdOf,
  yesterdayMorning,
} from './subscriptions-fixtures'

// A proof of payment sent through media/upload and then a transaction is served, at the URL the
// transaction answers, to whoever may see the subscription, and to nobody else.

type Staff = Awaited<ReturnType<TestApi['createStaff']>>
type Customer = Awaited<ReturnType<typeof createCustomer>>

let api: TestApi
let superAdmin: string
let verifier: Staff
let recorder: Staff
let productStaff: Staff
let realtor: string
let owner: Customer
let stranger: Customer

beforeAll(async () => {
  api = await createTestApi()
  superAdmin = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).token
  verifier = await api.createStaff(['can_verify_transaction'])
  recorder = await api.createStaff(['can_record_transaction'])
  productStaff = await api.createStaff(['can_modify_product'])
  const registered = await api.registerUser('realtor')
  realtor = registered.token
  owner = await createCustomer(api, { realtorId: await userIdOf(api, registered.email) })
  stranger = await createCustomer(api)
})
afterAll(async () => {
  await api?.close()
})

// Each payment its own screenshot: the same image may not prove two payments.
let png = uniquePng()

async function upload(token: string) {
  png = uniquePng()
  const answer = await api.call('POST', 'media/upload', {
    token,
    body: {
      file_name: 'transfer.png',
      file_in_base64: Buffer.from(png).toString('base64'),
      file_extension: 'png',
      folder_path: 'proofs',
    },
  })
  expect(answer.status, answer.message).toBe('200')
  return answer.data.file_url as string
}

async function payWithUpload(payerToken: string) {
  const product = await createLandProduct(api, { amount: 400_000 })
  const subscription = await subscribe(api, owner.token, {
    type: 'land',
    product_id: product.reference,
    payment_mode: 'full',
  })
  const fileUrl = await upload(payerToken)
  const paid = await api.call(
    'POST',
    `product-subscription/${subscription.reference}/transaction`,
    {
      token: payerToken,
      body: { amount: 400_000, proof_of_payment: fileUrl, paid_at: yesterdayMorning() },
    },
  )
  expect(paid.status, paid.message).toBe('200')
  return { fileUrl, proof: paid.data.proof_of_payment as string }
}

const serve = (url: string, token?: string) =>
  api.call('GET', url.replace(/^\/api\/v1\//, ''), { token })

describe('proof of payment files', () => {
  test('the transaction answers the URL media serves', async () => {
    const { fileUrl, proof } = await payWithUpload(owner.token)
    expect(proof).toBe(fileUrl)
    expect(proof).toMatch(/^\/api\/v1\/media\/[0-9a-f]{32}\.png$/)
    const served = await serve(proof, owner.token)
    expect(served.httpStatus).toBe(200)
    expect(served.response.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await served.response.arrayBuffer())).toEqual(png)
  })

  test("served to the subscription's owner, its realtor and staff who see subscriptions; 404 to anyone else", async () => {
    const { proof } = await payWithUpload(owner.token)
    for (const token of [owner.token, realtor, verifier.token, recorder.token, superAdmin]) {
      expect((await serve(proof, token)).httpStatus).toBe(200)
    }
    for (const token of [stranger.token, productStaff.token, undefined]) {
      const refused = await serve(proof, token)
      expect(refused.httpStatus).toBe(404)
      expect(refused.message).toBe('File not found')
    }
  })

  test('a payment recorded by staff: its proof is served to the customer too', async () => {
    const { proof } = await payWithUpload(recorder.token)
    expect((await serve(proof, recorder.token)).httpStatus).toBe(200)
    expect((await serve(proof, owner.token)).httpStatus).toBe(200)
    expect((await serve(proof, stranger.token)).httpStatus).toBe(404)
  })
})
