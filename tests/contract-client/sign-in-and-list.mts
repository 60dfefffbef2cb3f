/**
 * A client written against types generated from /api/v1/openapi.json (openapi-typescript) and
 * called through openapi-fetch, with no cast: tests/api/openapi-client.test.ts type-checks it
 * against the current document. Each @ts-expect-error is a mistake the types must refuse.
 */
import createClient from 'openapi-fetch'
import type { components, paths } from 'landbanking-api'

type Product = components['schemas']['Product']
type Subscription = components['schemas']['Subscription']
type Transaction = components['schemas']['Transaction']

export async function signInAndList(baseUrl: string, email: string, password: string) {
  // JSON answers only: the CSV exports are declared under text/csv and left out here.
  const api = createClient<paths, 'application/json'>({ baseUrl })

  const signedIn = await api.POST('/auth/login', { body: { email, password, remember: true } })
  if (!signedIn.data) throw new Error(signedIn.error.message)
  const token: string = signedIn.data.data.token
  const headers = { Authorization: `Bearer ${token}` }

  const productPage = await api.GET('/product', {
    params: { query: { page: 1, search: 'Lekki' } },
    headers,
  })
  if (!productPage.data) throw new Error(productPage.error.message)
  const products: Product[] = productPage.data.data.items
  const pages: number = productPage.data.data.totalPages

  const subscriptionPage = await api.GET('/product-subscription', {
    params: { query: { page: 1 } },
    headers,
  })
  if (!subscriptionPage.data) throw new Error(subscriptionPage.error.message)
  const subscriptions: Subscription[] = subscriptionPage.data.data.items

  const transactions: Transaction[] = []
  for (const subscription of subscriptions) {
    const answer = await api.GET('/product-subscription/{reference}/transaction', {
      params: { path: { reference: subscription.reference } },
      headers,
    })
    if (answer.data) transactions.push(...answer.data.data.items)
    // A failure is the error envelope: its status names what went wrong.
    else if (answer.response.status === 404) console.warn(answer.error.status, answer.error.message)
  }

  // @ts-expect-error a JSON answer is not the CSV text
  const notCsv: string = productPage.data.data
  // @ts-expect-error a product has no such field
  const noSuchField = products[0]?.no_such_field
  // @ts-expect-error the path needs its reference
  await api.GET('/product-subscription/{reference}/transaction', { headers })
  // @ts-expect-error the sign-in body needs a password
  await api.POST('/auth/login', { body: { email } })

  return { products, pages, subscriptions, transactions, notCsv, noSuchField }
}
