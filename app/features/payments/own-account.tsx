import type { VirtualAccount } from '~/contract/collections'
import { VIRTUAL_ACCOUNT_PREPARING } from '~/contract/collections-labels'
import { formatNaira } from '~/contract/format'
import { CopyButton } from '../subscriptions/copy-button'
import { choiceText, type AmountChoice, type ChoiceContext } from './amount-choices'

function AccountLine({ label, value, copy }: { label: string; value: string; copy: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-1.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="flex min-w-0 items-center gap-2 font-medium text-slate-900">
        <span
          className="select-all break-all"
          data-testid={`own-account-${label.toLowerCase().replace(/ /g, '-')}`}
        >
          {value}
        </span>
        {copy ? <CopyButton value={value} label={label.toLowerCase()} /> : null}
      </dd>
    </div>
  )
}

/**
 * "Pay into your own account number": the account the payment provider opened for this customer
 * (or this subscription), whose transfers confirm themselves, and the amounts a transfer may be.
 * While the provider has not opened it yet, a note says so (and why, when the API says).
 */
export function OwnAccountSection({
  account,
  note,
  choices,
  context,
}: {
  account: VirtualAccount | null
  note: string | null
  choices: AmountChoice[]
  context: ChoiceContext
}) {
  return (
    <section
      aria-labelledby="own-account-title"
      className="mb-5 rounded-md border border-brand-200 bg-brand-50 px-4 py-3"
      data-testid="own-account"
    >
      <h3 id="own-account-title" className="text-sm font-semibold text-slate-900">
        Pay into your own account number
      </h3>
      {account ? (
        <>
          <dl className="mt-1 divide-y divide-brand-100">
            <AccountLine label="Bank" value={account.bank_name} copy={false} />
            <AccountLine label="Account number" value={account.account_number} copy />
            <AccountLine label="Account name" value={account.account_name} copy={false} />
          </dl>
          <p className="mt-2 text-sm text-slate-700">
            Transfer exactly one of these amounts from any bank. The payment is confirmed on its own
            within minutes and your receipt is issued: no proof to upload.
          </p>
          <ul className="mt-1 flex flex-col" aria-label="Amounts you can transfer">
            {choices.map((choice) => (
              <li
                key={choice.value}
                className="flex items-baseline justify-between gap-3 py-1 text-sm"
              >
                <span className="text-slate-600">{choiceText(choice, context).title}</span>
                <span className="font-semibold tabular-nums text-slate-900">
                  {formatNaira(choice.amount)}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <div role="status" className="mt-1 text-sm text-slate-700">
          <p className="font-medium">{VIRTUAL_ACCOUNT_PREPARING}</p>
          {note && note !== VIRTUAL_ACCOUNT_PREPARING ? <p className="mt-1">{note}</p> : null}
        </div>
      )}
    </section>
  )
}
