import crypto from 'node:crypto'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import type { ItemOf } from '../support/api-harness'
import { ADMIN, apiCall, apiLogin } from './support'

export const tagFor = (prefix: string) => `${prefix}${crypto.randomBytes(4).toString('hex')}`

export async function adminToken(request: APIRequestContext) {
  return apiLogin(request, ADMIN.email, ADMIN.password)
}

/** A product made through the API; answers its reference. */
export async function createProduct(
  request: APIRequestContext,
  token: string,
  body: Record<string, unknown>,
) {
  const created = await apiCall(request, 'POST', 'admin/product', {
    token,
    body: { name: String(body.location ?? body.description), ...body },
  })
  expect(created.status, created.message).toBe('200')
  return created.data.reference as string
}

export async function createPlan(
  request: APIRequestContext,
  token: string,
  reference: string,
  body: { amount: number; duration: number; duration_type: string },
) {
  const created = await apiCall(request, 'POST', `admin/product/${reference}/payment-plan`, {
    token,
    body,
  })
  expect(created.status, created.message).toBe('200')
  return created.data.uuid as string
}

/** The caller's subscriptions of one type to one product, as the API lists them. */
export async function subscriptionsTo(
  request: APIRequestContext,
  token: string,
  type: 'land' | 'land_investment',
  reference: string,
) {
  const list = await apiCall(request, 'GET', `product-subscription?type=${type}`, { token })
  expect(list.status, list.message).toBe('200')
  return (list.data.items as ItemOf<'subscriptionList'>[]).filter(
    (item) => item.product.reference === reference,
  )
}

/** Ticking nothing and posting anyway: with JavaScript Proceed is disabled, so the form is submitted directly. */
export async function submitUnticked(page: Page, javaScriptEnabled: boolean) {
  const proceed = page.getByRole('button', { name: 'Proceed', exact: true })
  if (javaScriptEnabled) {
    await expect(proceed).toBeDisabled()
    await proceed.evaluate((button) => (button as HTMLButtonElement).form?.requestSubmit())
  } else {
    await expect(proceed).toBeEnabled()
    await proceed.click()
  }
}

/** The fields of the agreement form, to post them again as a double submit would. */
export async function agreementFields(page: Page, names: string[]) {
  const form = page.locator('form[method="post"]').last()
  const fields: Record<string, string> = {}
  for (const name of names) fields[name] = await form.locator(`input[name="${name}"]`).inputValue()
  if (await form.locator('input[name="accept_terms"]').isChecked()) fields.accept_terms = 'on'
  return fields
}

export const ACCEPT_TERMS = 'Accept the agreement terms and the terms and conditions to proceed'
export const AGREE = 'I accept the agreement above and the terms and conditions'
