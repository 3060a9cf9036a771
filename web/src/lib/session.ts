import type { AbilityRule, Session, User } from './api-types'

// Stored under these plain keys because the media and realtime code paths
// read them independently of React (e.g. the token call on a 403).
export const SESSION_KEYS = {
  userId: 'userId',
  accessToken: 'accessToken',
  apiToken: 'apiToken',
  abilityRules: 'userAbilityRules',
  userData: 'userData',
} as const

export interface StoredSession {
  userId: string
  accessToken: string
  apiToken: string
  abilityRules: AbilityRule[]
  user: User | null
  roles: string[]
  scopes: string[]
}

type Listener = () => void
const listeners = new Set<Listener>()
let cached: StoredSession | null | undefined

function parseJson<T>(raw: string | null, fallback: T): T {
  if (!raw) return fallback
  try {
    return JSON.parse(raw) as T
  } catch {
    return fallback
  }
}

function read(): StoredSession | null {
  const accessToken = localStorage.getItem(SESSION_KEYS.accessToken)
  const userId = localStorage.getItem(SESSION_KEYS.userId)
  if (!accessToken || !userId) return null
  const data = parseJson<{ user: User | null; roles: string[]; scopes: string[] }>(
    localStorage.getItem(SESSION_KEYS.userData),
    { user: null, roles: [], scopes: [] },
  )
  return {
    userId,
    accessToken,
    apiToken: localStorage.getItem(SESSION_KEYS.apiToken) ?? '',
    abilityRules: parseJson<AbilityRule[]>(localStorage.getItem(SESSION_KEYS.abilityRules), []),
    user: data.user,
    roles: data.roles ?? [],
    scopes: data.scopes ?? [],
  }
}

function emit() {
  cached = undefined
  for (const l of listeners) l()
}

export function getSession(): StoredSession | null {
  if (cached === undefined) cached = read()
  return cached
}

export function saveSession(s: Session): void {
  localStorage.setItem(SESSION_KEYS.userId, s.userId)
  localStorage.setItem(SESSION_KEYS.accessToken, s.accessToken)
  localStorage.setItem(SESSION_KEYS.apiToken, s.apiToken)
  localStorage.setItem(SESSION_KEYS.abilityRules, JSON.stringify(s.userAbilityRules ?? []))
  localStorage.setItem(
    SESSION_KEYS.userData,
    JSON.stringify({ user: s.user, roles: s.roles ?? [], scopes: s.scopes ?? [] }),
  )
  emit()
}

export function clearSession(): void {
  for (const key of Object.values(SESSION_KEYS)) localStorage.removeItem(key)
  emit()
}

export function subscribeSession(l: Listener): () => void {
  listeners.add(l)
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || (Object.values(SESSION_KEYS) as string[]).includes(e.key)) emit()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(l)
    window.removeEventListener('storage', onStorage)
  }
}
