import { Form, useNavigation } from '@remix-run/react'
import type { Paginated } from '~/contract/envelope'
import { transactionStatusLabel } from '~/contract/subscription-labels'
import type { SubscriptionDetail, Transaction } from '~/contract/subscriptions'
import { formatDateTime, formatNaira } from '~/contract/format'
import { DetailRow } from '~/components/detail-row'
import { EmptyState } from '~/components/ui/empty-state'
import { Pagination } from '~/components/ui/pagination'
import { SlideOver } from '~/components/ui/slide-over'
import { proofHref } from './lists'

export type TransactionsPanelData = {
  subscription: SubscriptionDetail
  transactions: Paginated<Transaction>
  closeTo: string
  base: string
  listSearch: string
  canVerify: boolean
  timeZone: string
}

const BADGE: Record<string, string> = {
  awaiting_confirmation: 'bg-sky-100 text-sky-800',
  paid: 'bg-green-100 text-green-800',
  not_confirmed: 'bg-red-100 text-red-800',
}

// Four eyes on money: the API refuses too, this only spares staff a button that cannot work.
const SELF_CONFIRMATION_NOTE = 'Another member of staff must confirm this payment: it is on your own subscription or you recorded it.'

function MarkButtons({ reference }: { reference: string }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('reference') === reference
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {(['paid', 'not_confirmed'] as const).map((status) => (
        <Form key={status} method="post" preventScrollReset>
          <input type="hidden" name="reference" value={reference} />
          <input type="hidden" name="status" value={status} />
          <button
            type="submit"
            className={status === 'paid' ? 'btn-primary' : 'btn-danger'}
            disabled={busy}
            aria-label={`${status === 'paid' ? 'Mark as paid' : 'Mark as not confirmed'}: ${reference}`}
          >
            {status === 'paid' ? 'Mark as paid' : 'Mark as not confirmed'}
          </button>
        </Form>
      ))}
    </div>
  )
}

/** The subscription's transactions, newest first, with the proof, the status and what can be done next. */
export function TransactionsPanel({ data }: { data: TransactionsPanelData }) {
  const { subscription, transactions } = data
  return (
    <SlideOver title={`Transactions: ${subscription.reference}`} closeTo={data.closeTo}>
      {transactions.items.length ? (
        <ul className="flex flex-col gap-3" aria-label="Transactions">
          {transactions.items.map((transaction) => {
            const proof = proofHref(transaction.proof_of_payment)
            return (
              <li key={transaction.reference} className="rounded-md border border-slate-200 p-3" data-testid="transaction">
                <div className="flex items-start justify-between gap-2">
                  <span className="font-mono text-sm font-semibold">{transaction.reference}</span>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[transaction.status] ?? 'bg-amber-100 text-amber-800'}`}>
                    {transactionStatusLabel(transaction.status)}
                  </span>
                </div>
                <dl className="mt-1 divide-y divide-slate-100">
                  <DetailRow label="Amount">{formatNaira(transaction.amount)}</DetailRow>
                  <DetailRow label="Description">{transaction.description}</DetailRow>
                  <DetailRow label="Date paid">{formatDateTime(transaction.paid_at, data.timeZone)}</DetailRow>
                  {transaction.recorded_by_staff ? <DetailRow label="Recorded by">Staff</DetailRow> : null}
                  <DetailRow label="Proof of payment">
                    {proof ? (
                      <a href={proof} target="_blank" rel="noreferrer" className="link">
                        View proof
                      </a>
                    ) : (
                      'None'
                    )}
                  </DetailRow>
                </dl>
                {transaction.status === 'paid' ? (
                  <a
                    href={`${data.base}/transactions/${transaction.reference}/receipt${data.listSearch}`}
                    className="btn-secondary mt-2"
                  >
                    Download receipt
                  </a>
                ) : null}
                {transaction.status === 'awaiting_confirmation' && data.canVerify ? (
                  transaction.can_mark ? (
                    <MarkButtons reference={transaction.reference} />
                  ) : (
                    <p className="mt-2 text-sm text-slate-600">{SELF_CONFIRMATION_NOTE}</p>
                  )
                ) : null}
              </li>
            )
          })}
        </ul>
      ) : (
        <EmptyState item="transaction" />
      )}
      <Pagination
        page={transactions.page}
        totalPages={transactions.totalPages}
        param="transaction_page"
        label="Transaction pages"
      />
    </SlideOver>
  )
}
