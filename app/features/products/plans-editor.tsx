import type { SubmissionResult } from '@conform-to/react'
import { Form, Link, useNavigation } from '@remix-run/react'
import type { Paginated } from '~/contract/envelope'
import { koboOf, planCoversPrice } from '~/contract/money'
import { discountedPrice } from '~/contract/products-labels'
import type { PaymentPlan, Product } from '~/contract/products'
import { formatNaira } from '~/contract/format'
import { Button } from '~/components/ui/button'
import { EmptyState } from '~/components/ui/empty-state'
import { Pagination } from '~/components/ui/pagination'
import { ConfirmDialog, SlideOver } from '~/components/ui/slide-over'
import type { FormSpec } from '~/utils/form-spec'
import type { ProductPermissions } from './kinds'
import { PlanForm } from './plan-rows'
import { PlanSummary } from './plan-summary'

export type PlansEditorData = {
  product: Product
  plans: Paginated<PaymentPlan>
  can: ProductPermissions
  closeTo: string
  selfUrl: string
  editing: string | null
  adding: boolean
  deleting: PaymentPlan | null
  spec: FormSpec
}

/** selfUrl with one row-state parameter set (edit=<uuid>, new=1 or delete=<uuid>). */
function withParam(selfUrl: string, name: string, value: string) {
  const [path, search = ''] = selfUrl.split('?')
  const params = new URLSearchParams(search)
  params.set(name, value)
  return `${path}?${params}`
}

export function PlansEditor({
  data,
  actionData,
}: {
  data: PlansEditorData
  actionData?: { result: SubmissionResult<string[]>; formId: string }
}) {
  const { product, plans, can } = data
  const navigation = useNavigation()
  const resultFor = (formId: string) =>
    actionData?.formId === formId ? actionData.result : undefined
  // A refused post for no form on the page (its form id lost or altered) still says it was refused.
  const openForms = [data.adding ? 'plan-new' : null, data.editing ? `plan-${data.editing}` : null]
  const refusedElsewhere = actionData && !openForms.includes(actionData.formId)
  const deleting =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'delete'
  return (
    <>
      <SlideOver title="Payment plans" closeTo={data.closeTo}>
        <div className="mb-4 rounded-md bg-slate-50 px-3 py-2 text-sm">
          <p className="font-medium text-slate-900">{product.name || product.reference}</p>
          <p className="text-slate-600">
            {[product.location, product.reference].filter(Boolean).join(' · ')} · Price{' '}
            {formatNaira(product.amount)} · Initial deposit{' '}
            {product.initial_deposit_amount !== null
              ? formatNaira(product.initial_deposit_amount)
              : 'amount / duration'}
          </p>
        </div>
        {refusedElsewhere ? (
          <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            The payment plan could not be saved. Open the form again and check each field.
          </p>
        ) : null}
        {can.modifyPlans && !data.adding ? (
          <div className="mb-3 flex justify-end">
            <Link
              to={withParam(data.selfUrl, 'new', '1')}
              className="btn-primary"
              preventScrollReset
              replace
            >
              Add payment plan
            </Link>
          </div>
        ) : null}
        <ul className="flex flex-col gap-3" aria-label="Payment plans">
          {data.adding ? (
            <li className="rounded-md border border-brand-600 p-3">
              <PlanForm
                formId="plan-new"
                cancelTo={data.selfUrl}
                spec={data.spec}
                lastResult={resultFor('plan-new')}
              />
            </li>
          ) : null}
          {plans.items.map((plan) =>
            data.editing === plan.uuid ? (
              <li key={plan.uuid} className="rounded-md border border-brand-600 p-3">
                <PlanForm
                  formId={`plan-${plan.uuid}`}
                  plan={plan}
                  cancelTo={data.selfUrl}
                  spec={data.spec}
                  lastResult={resultFor(`plan-${plan.uuid}`)}
                />
              </li>
            ) : (
              <li
                key={plan.uuid}
                className="rounded-md border border-slate-200 p-3"
                data-testid="plan-row"
              >
                <PlanSummary plan={plan} />
                {planCoversPrice(
                  koboOf(plan.amount),
                  koboOf(data.product.amount),
                  data.product.discount_percentage,
                ) ? null : (
                  <p className="mt-2 text-sm text-amber-800" data-testid="plan-below-price">
                    Costs less than the product's price (
                    {formatNaira(discountedPrice(data.product))}): not offered to new buyers.
                    Existing subscriptions keep their terms.
                  </p>
                )}
                {can.modifyPlans ? (
                  <div className="mt-2 flex justify-end gap-2">
                    <Link
                      to={withParam(data.selfUrl, 'edit', plan.uuid)}
                      className="btn-secondary"
                      preventScrollReset
                      replace
                    >
                      Edit<span className="sr-only"> plan of {formatNaira(plan.amount)}</span>
                    </Link>
                    <Link
                      to={withParam(data.selfUrl, 'delete', plan.uuid)}
                      className="btn-danger"
                      preventScrollReset
                      replace
                    >
                      Delete<span className="sr-only"> plan of {formatNaira(plan.amount)}</span>
                    </Link>
                  </div>
                ) : null}
              </li>
            ),
          )}
        </ul>
        {!plans.items.length && !data.adding ? <EmptyState item="payment plan" /> : null}
        <Pagination
          page={plans.page}
          totalPages={plans.total_pages}
          param="plan_page"
          label="Payment plan pages"
        />
      </SlideOver>
      {data.deleting ? (
        <ConfirmDialog
          title="Delete payment plan"
          closeTo={data.selfUrl}
          message={`Are you sure you want to delete the plan of ${formatNaira(data.deleting.amount)} over ${
            data.deleting.duration
          } ${data.deleting.duration_type}?`}
        >
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="uuid" value={data.deleting.uuid} />
            <Button type="submit" variant="danger" pending={deleting}>
              Delete
            </Button>
          </Form>
        </ConfirmDialog>
      ) : null}
    </>
  )
}
