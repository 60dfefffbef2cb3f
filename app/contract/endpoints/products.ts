import { endpoint } from '../endpoint'
import {
  paymentPlanPayloadSchema,
  paymentPlanSchema,
  productPayloadSchema,
  productQuerySchema,
  productSchema,
  productUpdatePayloadSchema,
} from '../products'
import { CSV_EXPORT, exportQuery, noData, pageQuery, paginatedSchema } from './shared'

const PLAN_VIEWERS = {
  roles: ['customer', 'realtor'],
  permissions: ['can_view_payment_plan', 'can_modify_payment_plan', 'can_modify_subscription'],
} as const

export const productEndpoints = {
  productList: endpoint({
    method: 'GET',
    path: 'product',
    tag: 'Products',
    summary: 'List products, newest first, with filters',
    description: CSV_EXPORT,
    access: 'verified',
    query: productQuerySchema.extend(pageQuery.shape).extend(exportQuery.shape),
    exportsCsv: true,
    response: paginatedSchema(productSchema),
  }),
  productShow: endpoint({
    method: 'GET',
    path: 'product/:reference',
    tag: 'Products',
    summary: 'One product',
    access: 'verified',
    response: productSchema,
  }),
  productCreate: endpoint({
    method: 'POST',
    path: 'admin/product',
    tag: 'Products',
    summary: 'Add a land or land-investment product',
    description: 'Which fields are required depends on the type; amounts are naira.',
    access: { permissions: ['can_modify_product'] },
    body: productPayloadSchema,
    errors: {
      409: 'An image is not an uploaded product image (under `images.N`), or the estate is not in the registry (under `estate_id`)',
    },
    response: productSchema,
  }),
  productUpdate: endpoint({
    method: 'POST',
    path: 'admin/product/:reference',
    tag: 'Products',
    summary: 'Change a product',
    description: 'The type is fixed at creation and may be left out.',
    access: { permissions: ['can_modify_product'] },
    body: productUpdatePayloadSchema,
    errors: {
      409: "A type other than the product's own, a field its type needs left without a value, a deposit not below every plan's amount, or an image that is not an uploaded product image, or an estate not in the registry (under the field)",
    },
    response: productSchema,
  }),
  paymentPlanList: endpoint({
    method: 'GET',
    path: 'product/:reference/payment-plan',
    tag: 'Payment plans',
    summary: "A land product's payment plans",
    access: PLAN_VIEWERS,
    query: pageQuery,
    response: paginatedSchema(paymentPlanSchema),
  }),
  paymentPlanCreate: endpoint({
    method: 'POST',
    path: 'admin/product/:reference/payment-plan',
    tag: 'Payment plans',
    summary: 'Add a payment plan to a land product',
    access: { permissions: ['can_modify_payment_plan'] },
    body: paymentPlanPayloadSchema,
    errors: {
      409: 'The product is not land, or the amount is below its price or not above its deposit (under `amount`)',
    },
    response: paymentPlanSchema,
  }),
  paymentPlanUpdate: endpoint({
    method: 'POST',
    path: 'admin/product/:reference/payment-plan/:uuid',
    tag: 'Payment plans',
    summary: 'Change a payment plan',
    access: { permissions: ['can_modify_payment_plan'] },
    body: paymentPlanPayloadSchema,
    errors: {
      409: 'The product is not land, the amount is below its price or not above its deposit (under `amount`), or default after is not more than the grace days the plan keeps (under `default_after_days`)',
    },
    response: paymentPlanSchema,
  }),
  paymentPlanDelete: endpoint({
    method: 'POST',
    path: 'admin/product/:reference/payment-plan/:uuid/delete',
    tag: 'Payment plans',
    summary: 'Delete a payment plan (subscriptions already on it keep it)',
    access: { permissions: ['can_modify_payment_plan'] },
    response: noData,
  }),
} as const

export type ProductEndpoints = typeof productEndpoints
