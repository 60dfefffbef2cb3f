import { endpoints } from '~/contract/endpoints'
import { ESTATE_CREATED, PLOT_ADDED } from '~/contract/estates'
import { paginated } from '../http/context'
import { fieldError } from '../http/errors'
import { implement, type HandlerTable } from '../http/router'
import { checkPlot, unmatchedAllocations } from './allocation'
import {
  addPlot,
  createEstate,
  estateDetail,
  estateMap,
  estateSummary,
  findEstate,
  importPlots,
  listEstates,
} from './registry'
import { SITE_MAP_CONTENT_TYPE } from './site-map'

const create = implement(endpoints.estateCreate, async ({ db, user, body }) => {
  const estate = await createEstate(db, user, body)
  return { message: ESTATE_CREATED, data: await estateSummary(db, estate.id) }
})

const list = implement(endpoints.estateList, async ({ db, query: { page = 1 } }) => {
  const { items, total } = await listEstates(db, page)
  return { data: paginated(items, page, total) }
})

const show = implement(endpoints.estateShow, async ({ db, user, params }) => {
  const estate = await findEstate(db, params.id)
  return { data: await estateDetail(db, estate, user) }
})

const map = implement(endpoints.estateMap, async ({ db, user, params, query }) => {
  const estate = await findEstate(db, params.id)
  const svg = await estateMap(db, estate, user, query.block, query.link)
  return new Response(svg, {
    status: 200,
    headers: {
      'Content-Type': `${SITE_MAP_CONTENT_TYPE}; charset=utf-8`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      // A map names no script, and a stray one inside it must not run when it is opened on its own.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  })
})

const addOne = implement(endpoints.plotCreate, async ({ db, user, params, body }) => {
  const estate = await findEstate(db, params.id)
  return { message: PLOT_ADDED, data: await addPlot(db, user, estate, body) }
})

const importFile = implement(endpoints.plotImport, async ({ db, user, params, body }) => {
  const estate = await findEstate(db, params.id)
  const bytes = Buffer.from(body.file_in_base64, 'base64')
  if (!bytes.length) throw fieldError('file_in_base64', 'The plot file is empty')
  const result = await importPlots(db, user, estate, new Uint8Array(bytes), body.commit === true)
  const plural = (count: number) => `${count} plot${count === 1 ? '' : 's'}`
  return {
    message: result.committed
      ? `${plural(result.imported)} entered; ${result.refused} row${result.refused === 1 ? '' : 's'} refused`
      : `Plot file read: ${plural(result.accepted)} can be entered, ${result.refused} row${result.refused === 1 ? '' : 's'} refused`,
    data: result,
  }
})

const unmatched = implement(endpoints.estateUnmatched, async ({ db }) => ({
  data: await unmatchedAllocations(db),
}))

const check = implement(endpoints.plotCheck, async ({ db, query }) => ({
  data: await checkPlot(db, query),
}))

export const estatesHandlers = {
  estateCreate: create,
  estateList: list,
  estateShow: show,
  estateMap: map,
  plotCreate: addOne,
  plotImport: importFile,
  estateUnmatched: unmatched,
  plotCheck: check,
} satisfies HandlerTable
