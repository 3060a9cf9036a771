import type { ComponentType } from 'react'
import type { PageMeta } from '@/lib/api-types'
import { ADMIN_ONLY } from '@/lib/authorization'
import type { LocaleSources } from '@/lib/i18n'
import type { NavEntry } from '@/navigation/nav-items'
import * as installed from './add-ons'

/** A workspace that brings its own pages (web/templates is one). */
export interface AddOn {
  name: string
  /** Pages by id (file path under the workspace's pages folder, no extension); routes derive from it as for src/pages. */
  routes(): { pageId: string; load: () => Promise<{ default: ComponentType; meta?: PageMeta }> }[]
  nav: readonly NavEntry[]
  localeSources: LocaleSources
  /** Namespaces loaded at start-up (the menu labels). */
  preloadNamespaces: readonly string[]
}

export const addOns: readonly AddOn[] = Object.values(installed)

/**
 * Laid over an add-on page's own meta and any site override: whatever the
 * page declares, only a signed-in administrator opens it.
 */
export const ADD_ON_PAGE_ACCESS: PageMeta = { public: false, unauthenticatedOnly: false, ...ADMIN_ONLY }
