import { useEffect, useRef, useState } from 'react'
import { ReferralShare, type Shareable } from '~/features/referrals/referral-share'
import { useHydrated } from '~/utils/use-hydrated'

/**
 * A realtor's sign-up link for customers, with its QR code and a WhatsApp share; copying needs
 * JavaScript, selecting the text does not.
 */
export function ReferralLink({ share }: { share: Shareable }) {
  const url = share.url
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setCopied(false), 1000)
    } catch {
      setCopied(false)
    }
  }
  return (
    <div className="card">
      <label htmlFor="referral-link" className="label">
        Your referral link
      </label>
      <p className="mb-2 text-sm text-slate-500">
        Customers who sign up through this link are added to your customers.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id="referral-link"
          className="input font-mono"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
        />
        {hydrated ? (
          <button
            type="button"
            className="btn-secondary shrink-0 whitespace-nowrap"
            onClick={copy}
            aria-live="polite"
          >
            {copied ? 'copied' : 'Copy link'}
          </button>
        ) : null}
      </div>
      <ReferralShare share={share} qrLabel="QR code of your referral link" />
    </div>
  )
}
