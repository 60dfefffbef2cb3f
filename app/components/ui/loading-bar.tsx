import { useFetchers, useNavigation } from '@remix-run/react'

/** The line loader strip at the top while navigations and fetchers run (JavaScript only). */
export function LoadingBar() {
  const navigation = useNavigation()
  const fetchers = useFetchers()
  const busy = navigation.state !== 'idle' || fetchers.some((fetcher) => fetcher.state !== 'idle')
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      aria-hidden={!busy}
      data-testid="loading-bar"
      className={`pointer-events-none fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden transition-opacity ${busy ? 'opacity-100' : 'opacity-0'}`}
    >
      <div className="h-full w-2/5 animate-loading-bar bg-brand-600" />
    </div>
  )
}
