import { useContext, useSyncExternalStore } from 'react'
import { SettingsContext } from '../settings-context'
import type { Settings, SettingsStore } from '../settings-store'

export function useSettingsStore(): SettingsStore {
  const store = useContext(SettingsContext)
  if (!store) throw new Error('useSettings must be used inside SettingsContext')
  return store
}

export function useSettings(): [Settings, SettingsStore['set']] {
  const store = useSettingsStore()
  const settings = useSyncExternalStore(store.subscribe, store.get, store.get)
  return [settings, store.set]
}
