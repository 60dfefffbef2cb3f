/** What an empty list shows: 'No {item} available / There are no {item}s present'. */
export function EmptyState({ item }: { item: string }) {
  return (
    <div className="flex flex-col items-center justify-center rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <svg
        className="mb-3 h-10 w-10 text-slate-300"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        aria-hidden="true"
      >
        <path d="M3 7h18M5 7v12a1 1 0 001 1h12a1 1 0 001-1V7M9 11h6" strokeLinecap="round" />
      </svg>
      <p className="font-semibold text-slate-800">No {item} available</p>
      <p className="mt-1 text-sm text-slate-500">There are no {item}s present</p>
    </div>
  )
}

export function SkeletonCards({ count = 4 }: { count?: number }) {
  return (
    <div className="grid gap-4 md:grid-cols-2" aria-busy="true" aria-label="Loading">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} data-testid="skeleton-card" className="card animate-pulse">
          <div className="mb-3 h-32 rounded bg-slate-200" />
          <div className="mb-2 h-4 w-2/3 rounded bg-slate-200" />
          <div className="h-4 w-1/3 rounded bg-slate-200" />
        </div>
      ))}
    </div>
  )
}
