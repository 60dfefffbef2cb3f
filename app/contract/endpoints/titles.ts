import { endpoint } from '../endpoint'
import {
  titleListItemSchema,
  titleListQuerySchema,
  titleSchema,
  titleStepPayloadSchema,
} from '../titles'
import { CSV_EXPORT, exportQuery, pageQuery, paginatedSchema } from './shared'

export const titleEndpoints = {
  titleShow: endpoint({
    method: 'GET',
    path: 'product-subscription/:reference/title',
    tag: 'Titles',
    summary:
      "A fully paid land subscription's title timeline: each step with its status, date, note, document and due date",
    description:
      'Steps in order: payment_completed (set by itself, dated the day the land was fully paid), allocation_letter, ' +
      'plot_allocated (with estate, block and plot), survey_plan, deed, certificate_of_occupancy (optional: not_applicable). ' +
      "Each is done, pending or not_applicable; due_date is the payment date plus the step's target days (admin/setting/title_step_days). " +
      "The customer, the customer's realtor, staff who see subscriptions and staff holding can_manage_titles; anyone else 404. " +
      'A subscription that is not a fully paid land purchase answers 409.',
    access: 'verified',
    errors: {
      409: 'Not a completed land purchase',
    },
    response: titleSchema,
  }),
  titleRecord: endpoint({
    method: 'POST',
    path: 'admin/product-subscription/:reference/title',
    tag: 'Titles',
    summary: 'Record a title step (or correct one already recorded; earlier records are kept)',
    description:
      'Steps go in order: a step needs the one before it (else 422 under `step`). `date` (YYYY-MM-DD) is neither in the ' +
      'future nor before the step before it, and a correction is not after the step that follows (422 under `date`). ' +
      '`plot_allocated` needs `estate`, `block` and `plot`. `status: not_applicable` marks the Certificate of Occupancy ' +
      'as not applicable. `document_url` is a PDF, PNG or JPEG uploaded first with media/upload by the caller. The ' +
      'customer is notified and e-mailed. A subscription that is not a fully paid land purchase answers 409.',
    access: { permissions: ['can_manage_titles'] },
    body: titleStepPayloadSchema,
    errors: {
      409:
        'Not a completed land purchase' +
        '; ' +
        'a step out of order or a date out of line with the others or in the future, a document not uploaded or already used (under the field)' +
        '; ' +
        "plots not in the registry, not of the product's estate, not one for each plot bought or held by another live purchase, or a reallocation without its reason (under `plot_ids` or `reason`)",
    },
    response: titleSchema,
  }),
  titleList: endpoint({
    method: 'GET',
    path: 'admin/title',
    tag: 'Titles',
    summary: 'Fully paid land purchases by the title step they wait for, overdue ones first',
    description:
      '`step` keeps those waiting for one step, `overdue=true` those past its due date, `search` matches the ' +
      "subscription's reference, the customer's name, e-mail or reference, or the product. Purchases whose every " +
      `step is done are left out. Days waiting count from the last step done. ${CSV_EXPORT}`,
    access: { permissions: ['can_manage_titles'] },
    query: titleListQuerySchema.extend(pageQuery.shape).extend(exportQuery.shape),
    exportsCsv: true,
    response: paginatedSchema(titleListItemSchema),
  }),
} as const
