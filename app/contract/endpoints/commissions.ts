import { endpoint, file } from '../endpoint'
import {
  statementMonthParam,
  commissionHoldDetailsSchema,
  commissionHoldSchema,
  commissionListSchema,
  holdDecisionSchema,
  commissionQuery,
  markCommissionsPaidSchema,
  markPaidAnswerSchema,
  ownCommissionListSchema,
  ownCommissionQuery,
  statementQuery,
} from '../commissions'
import { DOWNLINE_SHOWN_PER_LEVEL, downlineQuery, downlineSchema } from '../downline'
import { COMMISSION_ACCESS } from './commission-access'
import { CSV_EXPORT, exportQuery } from './shared'

const WHOSE =
  'A realtor reads its own: naming another realtor in `realtor` answers 403. Staff who pay commissions read the realtor `realtor` names (RLT-…), or without it their own, which is none.'

const FILTERS =
  "`status` is earned, held (a purchase flagged as a possible self-referral, waiting for review), paid or void; `from` and `to` (YYYY-MM-DD, or DD/MM/YYYY) keep entries earned on those days in the platform's time zone. Newest first, 10 a page. Money in naira."

export const commissionEndpoints = {
  commissionOwnList: endpoint({
    method: 'GET',
    path: 'commission',
    tag: 'Commissions',
    summary:
      "The signed-in realtor's own commission entries, with its earned, paid and balance totals",
    description: `${FILTERS} \`totals\` counts every entry of the realtor's, whatever the filters: earned is every entry not void (net), paid the paid ones, balance what is still owed. ${WHOSE} ${CSV_EXPORT}`,
    access: COMMISSION_ACCESS.realtors,
    query: ownCommissionQuery.extend(exportQuery.shape),
    exportsCsv: true,
    errors: {
      403: 'A realtor naming another realtor in `realtor`',
      404: 'No realtor has the reference in `realtor`',
    },
    response: ownCommissionListSchema,
  }),
  commissionStatementPdf: endpoint({
    method: 'GET',
    path: 'commission/statement/:month',
    paramRules: { month: statementMonthParam },
    tag: 'Commissions',
    summary: "The signed-in realtor's commission statement for a month (YYYY-MM), as a PDF",
    description: `Lists the entries earned in that month (in the platform's time zone) with their status, and the month's totals. A month that is not YYYY-MM answers 422. ${WHOSE}`,
    access: COMMISSION_ACCESS.realtors,
    query: statementQuery,
    errors: {
      403: "A realtor asking for another realtor's statement",
      404: 'No such realtor',
    },
    response: file('application/pdf'),
  }),
  commissionStatementCsv: endpoint({
    method: 'GET',
    path: 'commission/statement/:month/csv',
    paramRules: { month: statementMonthParam },
    tag: 'Commissions',
    summary: "The same month's statement as CSV",
    description: `One row per entry: amounts as plain decimals (1250.00), dates YYYY-MM-DD; a cell beginning with = + - or @ is prefixed with an apostrophe. ${WHOSE}`,
    access: COMMISSION_ACCESS.realtors,
    query: statementQuery,
    errors: {
      403: "A realtor asking for another realtor's statement",
      404: 'No such realtor',
    },
    response: file('text/csv'),
  }),
  commissionList: endpoint({
    method: 'GET',
    path: 'admin/commission',
    tag: 'Commissions',
    summary:
      "Every realtor's commission entries, with the total net per realtor and the purchases waiting for review",
    description: `\`realtor\` is a realtor's reference (RLT-…). ${FILTERS} \`by_realtor\` sums the net of every entry the filters keep, on every page. \`holds\` lists the purchases flagged as a possible self-referral that wait for a decision (oldest first, at most 50, whatever the filters), \`hold_count\` counts them. ${CSV_EXPORT}`,
    access: COMMISSION_ACCESS.payers,
    query: commissionQuery.extend(exportQuery.shape),
    exportsCsv: true,
    errors: {
      404: 'No realtor has the reference in `realtor`',
    },
    response: commissionListSchema,
  }),
  commissionMarkPaid: endpoint({
    method: 'POST',
    path: 'admin/commission/mark-paid',
    tag: 'Commissions',
    summary: 'Mark commission entries paid, with the date paid and the bank reference',
    description:
      "`ids` lists the entries' ids (1 to 200); `paid_at` is a date (YYYY-MM-DD or DD/MM/YYYY), not in the future. Every entry must be earned: one already paid, void or held for review refuses the whole batch (409), and an unknown id answers 404. Each realtor paid is notified.",
    access: COMMISSION_ACCESS.payers,
    body: markCommissionsPaidSchema,
    errors: {
      404: 'A commission is unknown',
      409:
        'A commission is already paid or void' +
        '; ' +
        'a date paid in the future (under `paid_at`)',
    },
    response: markPaidAnswerSchema,
  }),
  commissionHoldShow: endpoint({
    method: 'GET',
    path: 'admin/commission/hold/:id',
    tag: 'Commissions',
    summary: 'A purchase flagged as a possible self-referral, with its commission entries',
    description:
      "A purchase is flagged when a payment of it is confirmed and its customer shares a phone number, a bank account number or a device with a realtor of its chain (`signals`); its entries are held until staff decide. `id` is the flag's id (from `holds` of `GET admin/commission`, or a customer's or realtor's details); an unknown one answers 404.",
    access: COMMISSION_ACCESS.payers,
    response: commissionHoldDetailsSchema,
  }),
  commissionHoldDecide: endpoint({
    method: 'POST',
    path: 'admin/commission/hold/:id',
    tag: 'Commissions',
    summary:
      'Clear a flagged purchase (its held commissions are earned) or confirm it as a self-referral (they are void)',
    description:
      '`decision` is clear or confirm. A purchase is decided once: deciding it again answers 409. Confirmed, the commissions its later payments earn are void too; cleared, they are earned as usual. Each realtor whose commissions are released is notified, and the decision is in the audit trail of the subscription.',
    access: COMMISSION_ACCESS.payers,
    body: holdDecisionSchema,
    errors: {
      409: 'The hold is already decided',
    },
    response: commissionHoldSchema,
  }),
  realtorDownline: endpoint({
    method: 'GET',
    path: 'realtor/downline',
    tag: 'Commissions',
    summary:
      "The signed-in realtor's downline: the realtors it invited and theirs, with what each commission level earned it",
    description: `\`own\` is level 1: the realtor's own customers. Each of \`generations\` is a level of realtors (1: invited by the realtor, whose customers earn it level 2 commission; 2: invited by those, level 3), as deep as commissions are paid, with \`earned\`: the net of its entries at that level, paid or not (void and held ones count nothing), in naira. Each generation lists at most ${DOWNLINE_SHOWN_PER_LEVEL} realtors, oldest first, and counts all in \`total\`; the next generation lists only the invitees of those listed. A realtor reads its own: naming another realtor in \`realtor\` answers 403. Staff who view realtors read the realtor \`realtor\` names (RLT-…), or without it their own, which is empty.`,
    access: COMMISSION_ACCESS.downline,
    query: downlineQuery,
    errors: {
      403: 'A realtor naming another realtor in `realtor`',
      404: 'No realtor has the reference in `realtor`',
    },
    response: downlineSchema,
  }),
} as const
