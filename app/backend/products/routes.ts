import { eq } from 'drizzle-orm'
import { productPayloadSchema, productQuerySchema } from '~/contract/products'
import { products } from '../db/schema'
import {
  orNotFound,
  pageFrom,
  parseBody,
  parseValue,
  requirePermission,
  requireUser,
  type ApiContext,
} from '../http/context'
import { fieldError } from '../http/errors'
import type { RouteDefinition } from '../http/router'
import { newReference } from '../references'
import { paymentPlanRoutes } from './plans'
import { findProduct, listProducts } from './queries'
import { assertDepositBelowPlans, insertProduct, productValues, resolveImages, setProductImages } from './service'

async function list(ctx: ApiContext) {
  const user = requireUser(ctx)
  const filters = parseValue(productQuerySchema, Object.fromEntries(ctx.query))
  return { data: await listProducts(ctx.db, user.id, filters, pageFrom(ctx.query)) }
}

async function show(ctx: ApiContext) {
  const user = requireUser(ctx)
  const found = orNotFound(await findProduct(ctx.db, ctx.params.reference, user.id), 'Product not found')
  return { data: found.product }
}

async function create(ctx: ApiContext) {
  const user = requirePermission(ctx, 'can_modify_product')
  const input = await parseBody(ctx, productPayloadSchema)
  const imageIds = await resolveImages(ctx.db, input.images ?? [])
  const created = await ctx.db.transaction(async (tx) => {
    const product = await insertProduct(tx, productValues(input), {
      reference: newReference('PRD'),
      createdById: user.id,
    })
    await setProductImages(tx, product.id, imageIds)
    return product
  })
  const found = await findProduct(ctx.db, created.reference, user.id)
  return { message: 'Product created successfully', data: found?.product }
}

async function update(ctx: ApiContext) {
  const user = requirePermission(ctx, 'can_modify_product')
  const existing = orNotFound(await findProduct(ctx.db, ctx.params.reference, user.id), 'Product not found')
  const body = await ctx.body()
  // The type is fixed at creation: an edit may leave it out.
  const input = parseValue(productPayloadSchema, { ...body, type: body.type ?? existing.product.type })
  if (input.type !== existing.product.type) throw fieldError('type', 'The type of a product cannot be changed')
  const values = productValues(input)
  await assertDepositBelowPlans(ctx.db, existing.id, values.initialDepositAmount)
  const imageIds = input.images === undefined ? null : await resolveImages(ctx.db, input.images)
  await ctx.db.transaction(async (tx) => {
    await tx.update(products).set(values).where(eq(products.id, existing.id))
    if (imageIds) await setProductImages(tx, existing.id, imageIds)
  })
  const found = await findProduct(ctx.db, existing.product.reference, user.id)
  return { message: 'Product updated successfully', data: found?.product }
}

export const productsRoutes: RouteDefinition[] = [
  { method: 'GET', path: 'product', auth: 'verified', handler: list },
  { method: 'GET', path: 'product/:reference', auth: 'verified', handler: show },
  { method: 'POST', path: 'admin/product', auth: 'verified', handler: create },
  { method: 'POST', path: 'admin/product/:reference', auth: 'verified', handler: update },
  ...paymentPlanRoutes,
]
