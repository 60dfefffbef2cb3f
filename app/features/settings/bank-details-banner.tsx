import { Link } from '@remix-run/react'

/** Shown to staff on every page while the account customers pay into is incomplete. */
export function BankDetailsBanner({ canSet }: { canSet: boolean }) {
  return (
    <div
      role="alert"
      data-testid="bank-details-banner"
      className="border-b border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-900 sm:px-6 lg:px-8"
    >
      <strong className="font-semibold">Customers cannot pay yet:</strong> the bank details are not
      set.{' '}
      {canSet ? (
        <Link to="/settings?tab=settings" className="font-semibold underline">
          Add the bank details
        </Link>
      ) : (
        'Ask a colleague who can change settings to add them.'
      )}
    </div>
  )
}
