import { data } from '@remix-run/node'
import { endpoints } from '~/contract/endpoints'
import { z } from 'zod'
import { paymentPlanPayloadSchema } from '~/contract/products'
import { api } from '~/utils/api.server'
import { pageNumberFrom } from '~/utils/list.server'
import { formSpec, parseForm, replyWithServerErrors } from '~/utils/form.server'
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server'
import { KINDS } from './kinds'
import { loadProduct } from './product-details.server'

const PANEL_PARAMS = ['edit', 'new', 'delete']

/** The editor's own address without its row state (?edit, ?new, ?delete): where saving and cancelling go. */
function editorUrl(url: URL) {
  const params = new URLSearchParams(url.search)
  for (const name of PANEL_PARAMS) params.delete(name)
  const search = params.toString()
  return `${url.pathname}${search ? `?${search}` : ''}`
}

export async function loadPlansEditor(request: Request, reference: string | undefined) {
  const { product, closeTo, can, url } = await loadProduct(request, 'land', reference)
  if (!can.viewPlans)
    throw await redirectWithError(request, closeTo, 'You do not have permission to do this')
  const plans = await api(request, endpoints.paymentPlanList, {
    params: { reference: product.reference },
    query: { page: pageNumberFrom(url.searchParams.get('plan_page')) },
  })
  if (!plans.ok) throw await redirectWithError(request, closeTo, plans.message)
  const param = (name: string) => (can.modifyPlans ? url.searchParams.get(name) : null)
  return {
    product,
    plans: plans.data,
    can,
    closeTo,
    listSearch: closeTo.slice(KINDS.land.basePath.length),
    selfUrl: editorUrl(url),
    search: url.search,
    editing: param('edit'),
    adding: param('new') === '1',
    deleting: plans.data.items.find((plan) => plan.uuid === param('delete')) ?? null,
    spec: formSpec(paymentPlanPayloadSchema),
  }
}

const planFormSchema = z.discriminatedUnion('intent', [
  paymentPlanPayloadSchema.extend({ intent: z.literal('create') }),
  paymentPlanPayloadSchema.extend({ intent: z.literal('update'), uuid: z.string().min(1) }),
  z.object({ intent: z.literal('delete'), uuid: z.string().min(1) }),
])

const MESSAGES = {
  create: 'Payment plan created successfully',
  update: 'Payment plan updated successfully',
  delete: 'Payment plan deleted successfully',
}

export async function plansEditorAction(request: Request, reference: string | undefined) {
  const url = new URL(request.url)
  const { submission, formData } = await parseForm(request, planFormSchema)
  const formId = String(formData.get('form_id') ?? '')
  if (submission.status !== 'success')
    return data({ result: submission.reply(), formId }, { status: 400 })
  const input = submission.value
  const product = reference ?? ''
  const terms = (plan: z.output<typeof paymentPlanPayloadSchema>) => ({
    amount: plan.amount,
    duration: plan.duration,
    duration_type: plan.duration_type,
    grace_days: plan.grace_days,
    late_fee_percent: plan.late_fee_percent,
    default_after_days: plan.default_after_days,
    default_action: plan.default_action,
  })
  const result =
    input.intent === 'create'
      ? await api(request, endpoints.paymentPlanCreate, {
          params: { reference: product },
          body: terms(input),
        })
      : input.intent === 'update'
        ? await api(request, endpoints.paymentPlanUpdate, {
            params: { reference: product, uuid: input.uuid },
            body: terms(input),
          })
        : await api(request, endpoints.paymentPlanDelete, {
            params: { reference: product, uuid: input.uuid },
          })
  if (!result.ok) {
    if (input.intent === 'delete' || !result.fieldErrors) {
      return redirectWithError(
        request,
        input.intent === 'delete' ? editorUrl(url) : url.pathname + url.search,
        result.message,
      )
    }
    return data({ result: replyWithServerErrors(submission, result), formId }, { status: 400 })
  }
  return redirectWithSuccess(request, editorUrl(url), MESSAGES[input.intent])
}
