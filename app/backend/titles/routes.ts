import { endpoints } from '~/contract/endpoints'
import { PAGE_SIZE } from '~/contract/envelope'
import { TITLE_STEP_RECORDED } from '~/contract/titles'
import { paginated } from '../http/context'
import { implement } from '../http/router'
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

const list = implement(endpoints.titleList, async ({ db, query: { page = 1, step, overdue, search } }) => {
  const { items, total } = await listTitles(db, { page, step, overdue: overdue === 'true', search }, PAGE_SIZE)
  return { data: paginated(items, page, total) }
})

export const titlesRoutes = [show, record, list]
