export type Consent = 'accept' | 'decline' | 'postpone'

const VALUES: readonly Consent[] = ['accept', 'decline', 'postpone']
const COOKIE_DAYS = 30

export function consentKey(bannerId: string): string {
  return `${bannerId}-consent`
}

function storageUsable(storage: Storage | null | undefined): storage is Storage {
  if (!storage) return false
  try {
    const probe = '__consent_probe__'
    storage.setItem(probe, probe)
    storage.removeItem(probe)
    return true
  } catch {
    return false
  }
}

function readCookie(doc: Document, name: string): string | null {
  for (const part of doc.cookie.split(';')) {
    const [k, ...rest] = part.trim().split('=')
    if (k === name) return decodeURIComponent(rest.join('='))
  }
  return null
}

export interface ConsentStorage {
  read(): Consent | null
  write(value: Consent): void
  clear(): void
  readonly key: string
}

/**
 * Keeps the choice in localStorage, or in a 30-day cookie on path / when
 * storage is unavailable (some private modes throw on access).
 */
export function createConsentStorage(
  bannerId: string,
  opts: { storage?: Storage | null; doc?: Document; now?: () => Date } = {},
): ConsentStorage {
  const key = consentKey(bannerId)
  const doc = opts.doc ?? document
  const storage = opts.storage === undefined ? safeLocalStorage() : opts.storage
  const useStorage = storageUsable(storage)
  const now = opts.now ?? (() => new Date())
  return {
    key,
    read() {
      const raw = useStorage ? storage.getItem(key) : readCookie(doc, key)
      return VALUES.includes(raw as Consent) ? (raw as Consent) : null
    },
    write(value) {
      if (useStorage) storage.setItem(key, value)
      else {
        const expires = new Date(now().getTime() + COOKIE_DAYS * 86_400_000).toUTCString()
        doc.cookie = `${key}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`
      }
    },
    clear() {
      if (useStorage) storage.removeItem(key)
      else doc.cookie = `${key}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax`
    },
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}
