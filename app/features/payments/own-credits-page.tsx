import { EmptyState } from '~/components/ui/empty-state'
import { Pagination } from '~/components/ui/pagination'
import type { CustomerCredit } from '~/contract/collections'
import { formatNaira } from '~/contract/format'
import { OwnCreditList } from './own-credits'

export type OwnCreditsPageData = {
  list: { items: CustomerCredit[]; page: number; total_pages: number; open_amount: number } | null
  error: string | null
  timeZone: string
}

/** /credits: money the customer sent that paid no payment, and what became of it. */
export function OwnCreditsPage({ data }: { data: OwnCreditsPageData }) {
  const list = data.list
  return (
    <section aria-labelledby="credits-heading" className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 id="credits-heading" className="text-2xl font-bold text-slate-900">
        Your credits
      </h1>
      <p className="text-sm text-slate-600">
        Money you sent that did not match a payment due (less, more, or between the amounts you
        could pay) is kept here as a credit. Staff allocate it to what you owe, or send it back to
        you; nothing is lost.
      </p>
      {data.error ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
        >
          {data.error}
        </p>
      ) : null}
      {list && list.items.length ? (
        <>
          <p className="text-sm text-slate-700" data-testid="own-credits-open">
            Not allocated yet: <strong>{formatNaira(list.open_amount)}</strong>
          </p>
          <div className="card">
            <OwnCreditList items={list.items} timeZone={data.timeZone} />
          </div>
          <Pagination page={list.page} totalPages={list.total_pages} />
        </>
      ) : list ? (
        <EmptyState item="credit" />
      ) : null}
    </section>
  )
}
