import type { ComponentType } from 'react'
import type { PageMeta } from '@/lib/api-types'
import { localeSourcesFromGlob, type LocaleLoader, type LocaleSources } from '@/lib/i18n'
import type { NavEntry } from '@/navigation/nav-items'
import { TEMPLATE_NAMESPACES, TEMPLATE_NAV_NAMESPACES } from './locales/namespaces'
import { templateNav } from './navigation/template-nav'

/** What every file under src/pages exports: the page and, optionally, how it is laid out. */
export interface TemplatePageModule {
  default: ComponentType
  meta?: PageMeta
}

/** One page of the kit, before its chunk is loaded. */
export interface TemplatePage {
  /** File path under src/pages without the extension, e.g. "apps/email/index"; the app derives the route from it. */
  pageId: string
  load: () => Promise<TemplatePageModule>
}

// One lazy chunk per page, as in the app's own page folder.
const pageModules = import.meta.glob<TemplatePageModule>(['./pages/**/*.tsx', '!./pages/**/*.test.tsx'])
const translations = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { import: 'default' })

/** The kit's pages; the app turns each into a route by the same file-path rules as its own pages. */
export function templateRoutes(): TemplatePage[] {
  return Object.entries(pageModules).map(([key, load]) => ({ pageId: key.replace(/^\.\/pages\//, '').replace(/\.tsx$/, ''), load }))
}

/**
 * Everything the app needs to show the kit: its pages, its menu (already
 * limited to administrators) and its translations, of which the menu labels
 * are loaded at start-up so the menu never waits for a page's wording.
 */
export const templateKit = {
  name: 'templates',
  routes: templateRoutes,
  nav: templateNav as readonly NavEntry[],
  localeSources: localeSourcesFromGlob(translations as Record<string, LocaleLoader>, TEMPLATE_NAMESPACES) as LocaleSources,
  preloadNamespaces: Object.values(TEMPLATE_NAV_NAMESPACES) as readonly string[],
}
