import { useSyncExternalStore } from 'react'

const neverChanges = () => () => {}

/**
 * false on the server and in the render that hydrates the page; true once JavaScript runs
 * (enhancements switch on then), and at once in anything rendered afterwards.
 */
export function useHydrated() {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  )
}
