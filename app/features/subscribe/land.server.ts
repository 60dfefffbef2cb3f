import type { SubmissionResult } from '@conform-to/react'
import { endpoints } from '~/contract/endpoints'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import {
  koboOf,
  koboToNaira,
  maxQuantity,
  planCoversPrice,
  quantityProblem,
} from '~/contract/money'
import type { Product } from '~/contract/products'
import type { PaymentPlan } from '~/contract/products'
import type { PlanEntry } from '~/contract/subscriptions'
import { arrearsTimeline, planRules } from '~/contract/arrears-rules'
import { landChoiceSchema, landProceedSchema } from './subscribe-forms'
import { api } from '~/utils/api.server'
import { formSpec, parseForm, replyWithServerErrors } from '~/utils/form.server'
import {
  assertCanonical,
  fetchPaymentStructure,
  loadFlow,
  newIdempotencyKey,
  subscribe,
} from './subscribe.server'

const MAX_PLAN_PAGES = 10

/** Every live payment plan of a land product (the API pages them by 10). */
async function allPlans(request: Request, reference: string) {
  const plans: PaymentPlan[] = []
  for (let page = 1; page <= MAX_PLAN_PAGES; page++) {
    const result = await api(request, endpoints.paymentPlanList, {
      params: { reference },
      query: { page },
    })
    if (!result.ok) return { plans, error: result.message }
    plans.push(...result.data.items)
    if (page >= result.data.total_pages) break
  }
  // Shortest plan first, as a buyer compares them.
  plans.sort((a, b) => a.duration - b.duration || a.amount - b.amount)
  return { plans, error: null }
}

/**
 * What happens if an instalment is late, with this customer's own amounts and dates: the first row
 * is the deposit due today, the rest the instalments the plan's rules apply to.
 */
export function planTimeline(plan: PaymentPlan, rows: PlanEntry[], unit: string): string[] {
  const today = rows[0]?.period
  if (!today) return []
  const instalments = rows.map((row, index) => ({
    sequence: index + 1,
    dueDate: row.period,
    amountKobo: koboOf(row.amount),
  }))
  return arrearsTimeline(instalments, planRules(plan), today, unit)
}

/** The most plots or acres this product can be bought by now: at most 10, and no more than the units left. */
export const mostUnits = (product: Product) =>
  maxQuantity(product.available_by_quantity ? (product.unit_available ?? 0) : null)

/** What naira amounts the API answered add up to, counted in kobo so fractions add up exactly. */
const sumNaira = (amounts: number[]) =>
  koboToNaira(amounts.reduce((sum, amount) => sum + koboOf(amount), 0))

/**
 * /land-purchases/$reference/subscribe: step 1 chooses full payment or a plan (?plan=full|uuid),
 * step 2 (&step=breakdown) shows what is due when, from the API's payment structure.
 */
export async function loadSubscribe(request: Request, reference: string | undefined) {
  const flow = await loadFlow(request, 'land', reference)
  const { product, url } = flow
  const [{ plans: listed, error }, full] = await Promise.all([
    allPlans(request, product.reference),
    fetchPaymentStructure(request, product.reference, 'full'),
  ])
  // A plan the price has since overtaken is not offered: the API refuses new subscriptions to it.
  const plans = listed.filter((plan) =>
    planCoversPrice(koboOf(plan.amount), koboOf(product.amount), product.discount_percentage),
  )
  const common = {
    product,
    closeTo: flow.closeTo,
    listSearch: flow.listSearch,
    investor: flow.investor,
    plans,
    // The price of paying in full, discount applied, as the API works it out.
    fullPrice: full.ok ? (full.data[0]?.amount ?? product.amount) : null,
    maxQuantity: mostUnits(product),
  }
  const choice = url.searchParams.get('plan')?.trim() ?? ''
  const asked = Number(url.searchParams.get('quantity') ?? '1')
  const choiceStep = (result: SubmissionResult<string[]> | null) => ({
    ...common,
    step: 'choose' as const,
    plan: choice,
    quantity: Number.isInteger(asked) && asked >= 1 ? Math.min(asked, common.maxQuantity || 1) : 1,
    result,
    loadError: error ?? (full.ok ? null : full.message),
    spec: formSpec(landChoiceSchema),
  })
  if (url.searchParams.get('step') !== 'breakdown') return choiceStep(null)

  const submission = parseWithZod(url.searchParams, { schema: landChoiceSchema })
  if (submission.status !== 'success') return choiceStep(submission.reply())
  const plan =
    submission.value.plan === 'full'
      ? null
      : (plans.find((item) => item.uuid === submission.value.plan) ?? null)
  if (submission.value.plan !== 'full' && !plan) {
    return choiceStep(
      submission.reply({
        fieldErrors: { plan: ['The selected payment plan does not belong to this product'] },
      }),
    )
  }
  const quantity = submission.value.quantity ?? 1
  const tooMany = quantityProblem(
    quantity,
    product.available_by_quantity ? (product.unit_available ?? 0) : null,
    product.land_type ?? 'unit',
  )
  if (tooMany) return choiceStep(submission.reply({ fieldErrors: { quantity: [tooMany] } }))
  assertCanonical(
    request,
    {
      plan: submission.value.plan,
      quantity: quantity > 1 ? quantity : null,
      step: 'breakdown',
      all: flow.showAll ? 1 : null,
    },
    flow.listSearch,
  )
  const rows = await fetchPaymentStructure(
    request,
    product.reference,
    plan ? plan.uuid : 'full',
    quantity,
  )
  if (!rows.ok) {
    return choiceStep(
      rows.fieldErrors
        ? replyWithServerErrors(submission, rows)
        : submission.reply({ formErrors: [rows.message] }),
    )
  }
  // The API prices the rows for the quantity asked; they add up to what the subscription will owe.
  const scaled: PlanEntry[] = rows.data.map((row) => ({ period: row.period, amount: row.amount }))
  return {
    ...common,
    step: 'breakdown' as const,
    plan: plan ? plan.uuid : 'full',
    quantity,
    chosen: plan,
    unitTotal: sumNaira(rows.data.map((row) => row.unit_amount ?? row.amount)),
    total: sumNaira(scaled.map((row) => row.amount)),
    rows: scaled,
    timeline: plan ? planTimeline(plan, scaled, product.land_type ?? 'unit') : [],
    showAll: flow.showAll,
    idempotencyKey: newIdempotencyKey(),
    spec: formSpec(landProceedSchema),
  }
}

export async function subscribeAction(request: Request, reference: string | undefined) {
  const { submission } = await parseForm(request, landProceedSchema)
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { plan, quantity, idempotency_key } = submission.value
  return subscribe(request, 'land', submission, {
    type: 'land',
    product_id: reference ?? '',
    quantity: quantity ?? 1,
    payment_mode: plan === 'full' ? 'full' : 'installment',
    payment_id: plan === 'full' ? undefined : plan,
    idempotency_key,
  })
}
