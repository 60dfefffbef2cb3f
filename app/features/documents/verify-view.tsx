import type { ReactNode } from 'react'
import { DetailRow } from '~/components/detail-row'
import { blockName } from '~/contract/estates'
import { formatDate, formatNaira } from '~/contract/format'
import type { Verification } from '~/contract/verification'
import { amountLabel } from './verification-labels'

/** The facts of a verified document, and whether it still stands. */
export function VerificationFacts({
  verification: v,
  timeZone,
}: {
  verification: Verification
  timeZone: string
}) {
  const date = (value: string | null) => formatDate(value, timeZone)
  const valid = v.status === 'valid'
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Document check</h1>
        <p className="mt-1 text-sm text-slate-600">
          What the document with code {v.code} says, from our records.
        </p>
      </div>
      <p
        role="status"
        className={
          valid
            ? 'rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-lg font-bold text-green-800'
            : 'rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800'
        }
      >
        {valid ? (
          'Valid'
        ) : (
          <>
            <span className="block text-lg font-bold">Revoked</span>
            <span className="block text-sm">
              {v.revoked_at ? `On ${date(v.revoked_at)}: ` : ''}
              {v.revoked_reason}
            </span>
          </>
        )}
      </p>
      <dl className="divide-y divide-slate-100">
        <DetailRow label="Document">{v.document_label}</DetailRow>
        <DetailRow label="Issued on">{date(v.issued_at)}</DetailRow>
        {v.subscription_reference ? (
          <DetailRow label="Subscription">{v.subscription_reference}</DetailRow>
        ) : null}
        {v.amount !== null ? (
          <DetailRow label={amountLabel(v.document_type)}>{formatNaira(v.amount)}</DetailRow>
        ) : null}
        <DetailRow label="Customer">{v.customer_name}</DetailRow>
        <DetailRow label="Issued by">{v.issuer}</DetailRow>
        {v.allocation ? (
          <DetailRow label="Plot">
            <span className="block" data-testid="allocated-since">
              Allocated to the holder of this letter since {formatDate(v.allocation.since)}
            </span>
            {v.allocation.plots.map((plot) => (
              <span key={`${plot.estate} ${plot.block} ${plot.plot}`} className="block">
                {plot.estate}, {blockName(plot.block)}, plot {plot.plot}
              </span>
            ))}
          </DetailRow>
        ) : null}
      </dl>
      <p className="text-xs text-slate-500">
        Compare these details with the paper or PDF in front of you. If they differ, the document
        has been changed.
      </p>
    </div>
  )
}

/** The page when a code cannot be checked: unknown (404), or too many checks (429). */
export function VerificationProblem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="text-slate-700">{children}</p>
    </div>
  )
}
