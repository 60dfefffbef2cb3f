import { parseWithZod } from '@conform-to/zod/v4'
import type { SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'
import { investAmountSchema, investProceedSchema } from './subscribe-forms'
import { formSpec, parseForm, replyWithServerErrors } from '~/utils/form.server'
import {
  assertCanonical,
  fetchInvestmentPlan,
  loadFlow,
  newIdempotencyKey,
  subscribe,
} from './subscribe.server'

/**
 * /land-investments/$reference/invest: step 1 (the amount) at the bare address, step 2 ('ROI
 * Breakdown') at ?amount=N&step=breakdown, reached by step 1's GET form.
 */
export async function loadInvest(request: Request, reference: string | undefined) {
  const flow = await loadFlow(request, 'investment', reference)
  const { product, url, listSearch } = flow
  const amountText = url.searchParams.get('amount')?.trim() ?? ''
  const common = { product, closeTo: flow.closeTo, listSearch, investor: flow.investor }
  const amountStep = (result: SubmissionResult<string[]> | null) => ({
    ...common,
    step: 'amount' as const,
    amount: amountText,
    result,
    spec: formSpec(investAmountSchema),
  })
  if (url.searchParams.get('step') !== 'breakdown') return amountStep(null)

  const submission = parseWithZod(url.searchParams, { schema: investAmountSchema })
  if (submission.status !== 'success') return amountStep(submission.reply())
  const amount = submission.value.amount
  // "500,000" as typed becomes ?amount=500000.
  assertCanonical(request, { amount, step: 'breakdown', all: flow.showAll ? 1 : null }, listSearch)
  // The API refuses an amount below the minimum, under the field, with or without JavaScript.
  const plan = await fetchInvestmentPlan(request, product.reference, amount)
  if (!plan.ok) {
    return amountStep(
      plan.fieldErrors
        ? replyWithServerErrors(submission, {
            ...plan,
            fieldErrors: { amount: Object.values(plan.fieldErrors).flat() },
          })
        : submission.reply({ formErrors: [plan.message] }),
    )
  }
  return {
    ...common,
    step: 'breakdown' as const,
    amount,
    rows: plan.data,
    showAll: flow.showAll,
    idempotencyKey: newIdempotencyKey(),
    spec: formSpec(investProceedSchema),
  }
}

export async function investAction(request: Request, reference: string | undefined) {
  const { submission } = await parseForm(request, investProceedSchema)
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  return subscribe(request, 'investment', submission, {
    type: 'land_investment',
    product_id: reference ?? '',
    payment_mode: 'full',
    amount_invested: submission.value.amount,
    idempotency_key: submission.value.idempotency_key,
  })
}
