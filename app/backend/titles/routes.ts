import { endpoints } from '~/contract/endpoints'
import { PAGE_SIZE } from '~/contract/envelope'
import { TITLE_STEP_RECORDED } from '~/contract/titles'
import { csvStream, exportFilename } from '../csv'
import { paginated } from '../http/context'
import { implement, type HandlerTable } from '../http/router'
import { findTitleSubscription, listTitles, recordTitleStep, titleOf } from './service'

const show = implement(endpoints.titleShow, async ({ db, user, params }) => {
  const s = await findTitleSubscription(db, user, params.reference)
  return { data: await titleOf(db, s, user) }
})

const record = implement(endpoints.titleRecord, async ({ db, user, params, body }) => {
  const s = await findTitleSubscription(db, user, params.reference)
  await recordTitleStep(db, user, s, body)
  return { message: TITLE_STEP_RECORDED, data: await titleOf(db, s, user) }
})

const TITLE_CSV_HEADER = [
  'reference',
  'product_reference',
  'product',
  'customer_reference',
  'customer',
  'payment_completed_on',
  'next_step',
  'due_date',
  'overdue',
  'days_waiting',
  'last_step_on',
]

const list = implement(
  endpoints.titleList,
  async ({ db, query: { page = 1, step, overdue, search, format } }) => {
    if (format === 'csv') {
      const filters = { page: 1, step, overdue: overdue === 'true', search }
      return csvStream(exportFilename('titles'), TITLE_CSV_HEADER, async (offset, limit) => {
        const { items } = await listTitles(db, filters, limit, offset)
        return items.map((t) => [
          t.reference,
          t.product.reference,
          t.product.name,
          t.customer.reference,
          t.customer.full_name,
          t.payment_completed_on,
          t.next_step,
          t.due_date,
          t.overdue ? 'yes' : 'no',
          t.days_waiting,
          t.last_step_on,
        ])
      })
    }
    const { items, total } = await listTitles(
      db,
      { page, step, overdue: overdue === 'true', search },
      PAGE_SIZE,
    )
    return { data: paginated(items, page, total) }
  },
)

export const titlesHandlers = {
  titleShow: show,
  titleRecord: record,
  titleList: list,
} satisfies HandlerTable
