import { endpoints } from '~/contract/endpoints'
import { formatNaira } from '~/contract/format'
import { implement, type HandlerTable } from '../http/router'
import {
  confirmLines,
  ignoreLine,
  importStatement,
  lineIdOf,
  linkLine,
  listLines,
  previewStatement,
} from './service'

const preview = implement(endpoints.reconciliationPreview, async ({ db, user, body }) => ({
  message: 'Statement read: check its columns',
  data: await previewStatement(db, user, body),
}))

const importIt = implement(endpoints.reconciliationImport, async ({ db, user, body }) => {
  const summary = await importStatement(db, user, body)
  return {
    message: `Statement imported: ${summary.imported} new credit line${summary.imported === 1 ? '' : 's'}`,
    data: summary,
  }
})

const lines = implement(
  endpoints.reconciliationLines,
  async ({ db, user, query: { page = 1, ...filters } }) => ({
    data: await listLines(db, user, { ...filters, page }),
  }),
)

const confirm = implement(endpoints.reconciliationConfirm, async ({ db, user, body }) => {
  const confirmed = await confirmLines(db, user, body.line_ids)
  return {
    message: `${confirmed.length} payment${confirmed.length === 1 ? '' : 's'} confirmed`,
    data: confirmed,
  }
})

const link = implement(endpoints.reconciliationLink, async ({ db, user, params, body }) => {
  const line = await linkLine(db, user, lineIdOf(params.id), body)
  const recorded = line.match?.transaction?.amount
  return {
    message:
      recorded === undefined || recorded === line.amount
        ? 'Statement line linked: another member of staff must confirm the payment'
        : `Statement line linked: the payment of ${formatNaira(recorded)} is not the credit's ${formatNaira(line.amount)}, so it has no matching credit`,
    data: line,
  }
})

const ignore = implement(endpoints.reconciliationIgnore, async ({ db, user, params }) => ({
  message: 'Statement line marked not ours',
  data: await ignoreLine(db, user, lineIdOf(params.id)),
}))

export const reconciliationHandlers = {
  reconciliationPreview: preview,
  reconciliationImport: importIt,
  reconciliationLines: lines,
  reconciliationConfirm: confirm,
  reconciliationLink: link,
  reconciliationIgnore: ignore,
} satisfies HandlerTable
