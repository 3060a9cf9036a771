import {
  isRtlLang,
  themeConfig,
  type ContentWidth,
  type FooterType,
  type LayoutNav,
  type NavbarType,
  type Skin,
  type ThemeMode,
} from '@/config/theme-config'

export interface Settings {
  theme: ThemeMode
  skin: Skin
  isVerticalNavSemiDark: boolean
  navbarType: NavbarType
  navbarBlur: boolean
  contentWidth: ContentWidth
  layoutNav: LayoutNav
  footerType: FooterType
  isVerticalNavCollapsed: boolean
  lang: string
  isRtl: boolean
}

export function defaultSettings(lang: string = themeConfig.app.i18n.defaultLocale): Settings {
  return {
    theme: themeConfig.app.theme,
    skin: themeConfig.app.skin,
    isVerticalNavSemiDark: themeConfig.verticalNav.isVerticalNavSemiDark,
    navbarType: themeConfig.navbar.type,
    navbarBlur: themeConfig.navbar.navbarBlur,
    contentWidth: themeConfig.app.contentWidth,
    layoutNav: themeConfig.app.contentLayoutNav,
    footerType: themeConfig.footer.type,
    isVerticalNavCollapsed: themeConfig.verticalNav.isVerticalNavCollapsed,
    lang,
    isRtl: isRtlLang(lang),
  }
}

const ALLOWED: { [K in keyof Settings]?: readonly Settings[K][] } = {
  theme: ['light', 'dark', 'system'],
  skin: ['default', 'bordered'],
  navbarType: ['sticky', 'hidden'],
  contentWidth: ['boxed', 'fluid'],
  layoutNav: ['vertical', 'horizontal'],
  footerType: ['static'],
}

/** Applies the rules that tie settings together, whatever the caller changed. */
export function normalize(s: Settings): Settings {
  const out = { ...s, isRtl: isRtlLang(s.lang) }
  if (out.layoutNav === 'horizontal') {
    // The horizontal menu lives under the navbar, so the navbar cannot hide.
    if (out.navbarType === 'hidden') out.navbarType = 'sticky'
    out.isVerticalNavCollapsed = false
  }
  return out
}

export interface SettingsStore {
  get(): Settings
  set(patch: Partial<Settings>): void
  reset(): void
  subscribe(listener: () => void): () => void
  readonly prefix: string
}

/**
 * Each setting is its own localStorage entry, `<appTitle>-<name>`, so a stale
 * or hand-edited value breaks only that one setting.
 */
export function createSettingsStore(prefix: string, defaults: Settings, storage: Storage = localStorage): SettingsStore {
  const key = (name: string) => `${prefix}-${name}`
  const listeners = new Set<() => void>()

  function load(): Settings {
    const out: Settings = { ...defaults }
    for (const name of Object.keys(defaults) as (keyof Settings)[]) {
      const raw = safeGet(storage, key(name))
      if (raw === null) continue
      let value: unknown
      try {
        value = JSON.parse(raw)
      } catch {
        continue
      }
      if (typeof value !== typeof defaults[name]) continue
      const allowed = ALLOWED[name] as readonly unknown[] | undefined
      if (allowed && !allowed.includes(value)) continue
      ;(out as unknown as Record<string, unknown>)[name] = value
    }
    return normalize(out)
  }

  let current = load()

  function persist(next: Settings) {
    for (const name of Object.keys(next) as (keyof Settings)[]) {
      safeSet(storage, key(name), JSON.stringify(next[name]))
    }
  }

  return {
    prefix,
    get: () => current,
    set(patch) {
      current = normalize({ ...current, ...patch })
      persist(current)
      for (const l of listeners) l()
    },
    reset() {
      for (const name of Object.keys(defaults)) safeRemove(storage, key(name))
      current = normalize({ ...defaults })
      for (const l of listeners) l()
    },
    subscribe(l) {
      listeners.add(l)
      return () => listeners.delete(l)
    },
  }
}

// Private browsing modes may throw on any storage access; settings then live in memory only.
function safeGet(s: Storage, k: string): string | null {
  try {
    return s.getItem(k)
  } catch {
    return null
  }
}
function safeSet(s: Storage, k: string, v: string) {
  try {
    s.setItem(k, v)
  } catch {
    /* in-memory only */
  }
}
function safeRemove(s: Storage, k: string) {
  try {
    s.removeItem(k)
  } catch {
    /* in-memory only */
  }
}
