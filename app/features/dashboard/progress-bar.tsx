/**
 * How much of a price is paid: a bar for the eye, the percentage in text, and a progressbar role
 * with its value for screen readers.
 */
export function PaidProgress({ percent, label }: { percent: number; label: string }) {
  const value = Math.min(100, Math.max(0, Math.round(percent)))
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}% paid`}
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full ${value === 100 ? 'bg-green-600' : 'bg-brand-600'}`}
          style={{ width: `${value}%` }}
        />
      </div>
      <span
        className="w-20 shrink-0 text-right text-sm font-semibold text-slate-900"
        data-testid="paid-percent"
      >
        {value}% paid
      </span>
    </div>
  )
}
