import type { ComponentType } from 'react'
import type { Layout, PageMeta } from '@/lib/api-types'

export type { Layout, PageMeta }

/** What every file under src/pages must export. */
export interface PageModule {
  default: ComponentType
  meta?: PageMeta
}

export interface ResolvedMeta {
  layout: Layout
  /** True when anyone may open the page without signing in. */
  isPublic: boolean
  unauthenticatedOnly: boolean
  action?: string
  subject?: string
}

/**
 * Defaults follow the product spec: blank layout and public. A page becomes
 * protected when it says `public: false` or names an action/subject; an
 * ability requirement always implies sign-in, even next to `public: true`.
 */
export function resolveMeta(meta: PageMeta | undefined): ResolvedMeta {
  const m = meta ?? {}
  const needsAbility = Boolean(m.action || m.subject)
  return {
    layout: m.layout ?? 'blank',
    isPublic: m.public !== false && !needsAbility,
    unauthenticatedOnly: m.unauthenticatedOnly === true,
    action: m.action,
    subject: m.subject,
  }
}
