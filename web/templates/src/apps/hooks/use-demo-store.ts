import { useCallback, useSyncExternalStore } from 'react'

/**
 * A value that outlives one page: the mail demo spans several routes
 * (/apps/email/inbox, /apps/email/sent …) and a sent mail must still be
 * there after switching folders.
 */
export function createDemoStore<T>(initial: T) {
  let value = initial
  const listeners = new Set<() => void>()
  const subscribe = (l: () => void) => {
    listeners.add(l)
    return () => listeners.delete(l)
  }
  const get = () => value
  return function useDemoStore(): [T, (next: T | ((prev: T) => T)) => void] {
    const current = useSyncExternalStore(subscribe, get, get)
    const set = useCallback((next: T | ((prev: T) => T)) => {
      value = typeof next === 'function' ? (next as (prev: T) => T)(value) : next
      listeners.forEach((l) => l())
    }, [])
    return [current, set]
  }
}
