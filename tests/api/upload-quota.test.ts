import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { files } from '~/backend/db/schema'
import { runDailyJobs } from '~/backend/jobs'
import { MAX_UNATTACHED_FILES, removeUnattachedUploads } from '~/backend/media/quota'
import { createTestApi, type TestApi } from '../support/api-harness'
import { noisyPng, uniquePng } from '../support/images'
import {
  createCustomer,
  createLandProduct,
  subscribe,
  yesterdayMorning,
} from './subscriptions-fixtures'

let api: TestApi

beforeAll(async () => {
  api = await createTestApi()
})
afterAll(async () => {
  await api?.close()
})

const upload = (token: string, content: Uint8Array) =>
  api.call('POST', 'media/upload', {
    token,
    body: {
      file_name: 'transfer.png',
      file_in_base64: Buffer.from(content).toString('base64'),
      file_extension: 'png',
      folder_path: 'proofs',
    },
  })

const QUOTA =
  'You have too many uploaded files not yet attached to a payment or product (at most 20 files or 20 MB). Use them, or upload again tomorrow once unused files are cleared.'

const stored = async (url: string) => {
  const name = url.split('/').pop()!
  const [row] = await api.db.select({ id: files.id }).from(files).where(eq(files.name, name))
  return Boolean(row)
}

describe('unattached uploads per user', () => {
  test(`the ${MAX_UNATTACHED_FILES + 1}st unattached file is refused; attaching one frees a place; others are not affected`, async () => {
    const customer = await createCustomer(api)
    const urls: string[] = []
    for (let index = 0; index < MAX_UNATTACHED_FILES; index++) {
      const answer = await upload(customer.token, uniquePng())
      expect(answer.status, answer.message).toBe('200')
      urls.push(answer.data.file_url)
    }
    const refused = await upload(customer.token, uniquePng())
    expect(refused.httpStatus).toBe(409)
    expect(refused.data).toEqual({ file_in_base64: [QUOTA] })

    // Another user uploads as usual.
    const other = await createCustomer(api)
    expect((await upload(other.token, uniquePng())).status).toBe('200')

    // One becomes a payment's proof: a place is free again.
    const { reference } = await subscribe(api, customer.token, {
      type: 'land',
      product_id: (await createLandProduct(api, { amount: 1_000 })).reference,
    })
    const paid = await api.call('POST', `product-subscription/${reference}/transaction`, {
      token: customer.token,
      body: { amount: 1_000, proof_of_payment: urls[0], paid_at: yesterdayMorning() },
    })
    expect(paid.httpStatus).toBe(200)
    expect((await upload(customer.token, uniquePng())).status).toBe('200')
    expect((await upload(customer.token, uniquePng())).data).toEqual({ file_in_base64: [QUOTA] })
  })

  test('the same image sent again while unattached is the same file: a retried form does not spend the quota', async () => {
    const customer = await createCustomer(api)
    const image = uniquePng()
    const first = await upload(customer.token, image)
    const again = await upload(customer.token, image)
    expect(again.data.file_url).toBe(first.data.file_url)
    const mine = await api.db
      .select({ id: files.id })
      .from(files)
      .where(eq(files.ownerId, customer.id))
    expect(mine).toHaveLength(1)
  })

  test('20 MB of unattached files is the cap too', async () => {
    const customer = await createCustomer(api)
    // Just under 2 MB each: ten fit under 20 MB, the eleventh does not.
    let answer
    let accepted = 0
    for (let index = 0; index < 11; index++) {
      answer = await upload(customer.token, noisyPng(1000, 696))
      if (answer.status === '200') accepted += 1
    }
    expect(accepted).toBe(10)
    expect(answer!.data).toEqual({ file_in_base64: [QUOTA] })
    // Eleven 2 MB images read, checked and stored: more than the default minute on a busy machine.
  }, 180_000)
})

describe('the daily clean-up', () => {
  test('removes files nothing uses once a day old; keeps proofs, product images and fresh uploads', async () => {
    const customer = await createCustomer(api)
    const unused = (await upload(customer.token, uniquePng())).data.file_url as string
    const proof = (await upload(customer.token, uniquePng())).data.file_url as string
    const { reference } = await subscribe(api, customer.token, {
      type: 'land',
      product_id: (await createLandProduct(api, { amount: 1_000 })).reference,
    })
    await api.call('POST', `product-subscription/${reference}/transaction`, {
      token: customer.token,
      body: { amount: 1_000, proof_of_payment: proof, paid_at: yesterdayMorning() },
    })
    const admin = await api.createStaff(['can_modify_product'])
    const image = (
      await api.call('POST', 'media/upload', {
        token: admin.token,
        body: {
          file_name: 'plot.png',
          file_in_base64: Buffer.from(uniquePng()).toString('base64'),
          file_extension: 'png',
          folder_path: 'products',
        },
      })
    ).data.file_url as string
    const product = await api.call('POST', 'admin/product', {
      token: admin.token,
      body: {
        type: 'land',
        name: 'Plots',
        description: 'Plots',
        location: 'Epe',
        amount: 1_000,
        images: [image],
      },
    })
    expect(product.status, JSON.stringify(product.data)).toBe('200')

    // Twenty hours later nothing goes; a day and more later only the unused upload does.
    await removeUnattachedUploads(api.db, new Date(Date.now() + 20 * 3600_000))
    expect(await stored(unused)).toBe(true)
    await runDailyJobs(api.db, new Date(Date.now() + 25 * 3600_000))
    expect(await stored(unused)).toBe(false)
    expect(await stored(proof)).toBe(true)
    expect(await stored(image)).toBe(true)
    const fresh = (await upload(customer.token, uniquePng())).data.file_url as string
    await removeUnattachedUploads(api.db, new Date())
    expect(await stored(fresh)).toBe(true)
  })
})
