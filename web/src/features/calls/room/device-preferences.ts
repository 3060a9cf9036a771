// The microphone, camera and speaker a person chose, remembered in this
// browser and applied when they next join a call.

export type DeviceKind = 'audioinput' | 'videoinput' | 'audiooutput'
export type DevicePreferences = Partial<Record<DeviceKind, string>>

export const DEVICE_KINDS: readonly DeviceKind[] = ['audioinput', 'videoinput', 'audiooutput']
export const DEVICE_PREFERENCES_KEY = 'souk.call.devices'

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    // Storage can be switched off (private mode, blocked cookies).
    return null
  }
}

function isDeviceKind(k: string): k is DeviceKind {
  return (DEVICE_KINDS as readonly string[]).includes(k)
}

/** The stored choice; unknown kinds and non-string ids are dropped. */
export function loadDevicePreferences(storage: Storage | null = browserStorage()): DevicePreferences {
  if (!storage) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(storage.getItem(DEVICE_PREFERENCES_KEY) ?? '{}')
  } catch {
    return {}
  }
  const out: DevicePreferences = {}
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    for (const [k, v] of Object.entries(parsed)) if (isDeviceKind(k) && typeof v === 'string' && v !== '') out[k] = v
  }
  return out
}

/** Remembers one choice; an empty id forgets it. */
export function saveDevicePreference(kind: DeviceKind, deviceId: string, storage: Storage | null = browserStorage()): void {
  if (!storage) return
  const prefs = loadDevicePreferences(storage)
  if (deviceId) prefs[kind] = deviceId
  else delete prefs[kind]
  try {
    storage.setItem(DEVICE_PREFERENCES_KEY, JSON.stringify(prefs))
  } catch {
    // A full or read-only storage only means the choice is not remembered.
  }
}
