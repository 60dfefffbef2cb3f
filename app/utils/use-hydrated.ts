import { useEffect, useState } from 'react'

/** false on the server and in the first render; true once JavaScript runs (enhancements switch on then). */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
