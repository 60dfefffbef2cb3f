import { data } from '@remix-run/node'
import { endpoints } from '~/contract/endpoints'
import { hasPermission } from '~/contract/permissions'
import type { PaymentPlan } from '~/contract/products'
import { createSubscriptionFormSchema } from './subscription-forms'
import { api } from '~/utils/api.server'
import { formSpec, parseForm, replyWithServerErrors } from '~/utils/form.server'
import { listHref } from '~/utils/pagination'
import { requireUser } from '~/utils/session.server'
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server'
import { LISTS } from './lists'
import { NO_PERMISSION, panelContext } from './subscriptions.server'

export const SUBSCRIPTION_CREATED = 'Subscription created successfully'

const param = (url: URL, name: string) => url.searchParams.get(name)?.trim().slice(0, 100) ?? ''

/**
 * Add subscription (staff with can_modify_subscription): the panel's GET form searches customers
 * and land products and picks one of each (?customer_search, ?customer, ?product_search, ?product);
 * with a product picked, its payment options (full or a plan) show in the POST form.
 */
export async function loadNewSubscription(request: Request) {
  const user = await requireUser(request)
  const { url, closeTo } = panelContext(request, 'land')
  if (!hasPermission(user, 'can_modify_subscription'))
    throw await redirectWithError(request, closeTo, NO_PERMISSION)
  const query = {
    customer_search: param(url, 'customer_search'),
    customer: param(url, 'customer'),
    product_search: param(url, 'product_search'),
    product: param(url, 'product'),
  }
  const [customers, chosenCustomer, products, chosenProduct] = await Promise.all([
    api(request, endpoints.customerList, { query: { search: query.customer_search } }),
    query.customer
      ? api(request, endpoints.customerShow, { params: { id: query.customer } })
      : null,
    api(request, endpoints.productList, {
      query: { search: query.product_search, type: 'land', available_status: 'available' },
    }),
    query.product
      ? api(request, endpoints.productShow, { params: { reference: query.product } })
      : null,
  ])
  const customer = chosenCustomer?.ok ? chosenCustomer.data : null
  const product =
    chosenProduct?.ok && chosenProduct.data.type === 'land' ? chosenProduct.data : null
  let plans: PaymentPlan[] = []
  if (product) {
    const found = await api(request, endpoints.paymentPlanList, {
      params: { reference: product.reference },
    })
    plans = found.ok ? found.data.items : []
  }
  return {
    query,
    closeTo,
    listParams: Object.fromEntries(new URLSearchParams(closeTo.split('?')[1] ?? '')),
    customers: customers.ok ? customers.data.items : [],
    customersError: customers.ok ? null : customers.message,
    products: products.ok ? products.data.items : [],
    productsError: products.ok ? null : products.message,
    customer,
    product,
    plans,
    spec: formSpec(createSubscriptionFormSchema),
  }
}

export async function createSubscriptionAction(request: Request) {
  const { submission } = await parseForm(request, createSubscriptionFormSchema)
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { customer, product, payment, quantity } = submission.value
  const result = await api(request, endpoints.subscriptionCreateForCustomer, {
    body: {
      customer,
      product,
      quantity: quantity ?? 1,
      ...(payment === 'full' ? {} : { paymentPlan: payment }),
    },
  })
  if (!result.ok) {
    const { paymentPlan, ...others } = result.fieldErrors ?? {}
    const renamed = paymentPlan
      ? { ...result, fieldErrors: { ...others, payment: paymentPlan } }
      : result
    return data({ result: replyWithServerErrors(submission, renamed) }, { status: 400 })
  }
  // The new subscription is the newest: the first page of the list shows it.
  return redirectWithSuccess(
    request,
    listHref(LISTS.land.basePath, { page: 1, type: 'land' }),
    SUBSCRIPTION_CREATED,
  )
}
