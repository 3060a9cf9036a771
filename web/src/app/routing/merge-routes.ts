import type { ExtraRoute, PageMeta, RedirectRule } from '@/lib/api-types'
import { deriveRoute, type RouteDef } from './derive-routes'

export interface TableRoute extends RouteDef {
  /** Meta from site configuration; overrides what the page file declares. */
  metaOverride?: PageMeta
}

export interface RouteTable {
  routes: TableRoute[]
  redirects: RedirectRule[]
}

/**
 * Site extra routes replace the file route with the same path (name, component
 * and meta) or are appended. An extra route naming a page that does not exist
 * is dropped: rendering it could only fail.
 */
export function mergeExtraRoutes(fileRoutes: RouteDef[], extra: ExtraRoute[], pageIds: ReadonlySet<string>): TableRoute[] {
  const byPath = new Map<string, TableRoute>(fileRoutes.map((r) => [r.path, { ...r }]))
  for (const e of extra) {
    if (!pageIds.has(e.component)) {
      console.warn(`Site route ${e.path} names unknown page ${e.component}`)
      continue
    }
    byPath.set(e.path, { path: e.path, name: e.name, pageId: e.component, metaOverride: e.meta })
  }
  return [...byPath.values()]
}

/** Later lists win for the same `from`. */
export function mergeRedirects(...lists: RedirectRule[][]): RedirectRule[] {
  const byFrom = new Map<string, RedirectRule>()
  for (const list of lists) for (const r of list) byFrom.set(r.from, r)
  return [...byFrom.values()]
}

export const DEFAULT_FRONT_PAGE = '/frontpage'

export function defaultRedirects(languages: readonly string[], frontPage = DEFAULT_FRONT_PAGE): RedirectRule[] {
  return [
    { from: '/', to: frontPage },
    ...languages.map((lang) => ({ from: `/${lang}`, to: `${frontPage}?lang=${lang}` })),
  ]
}

export function buildRouteTable(
  pageIds: string[],
  site: { extraRoutes: ExtraRoute[]; redirects: RedirectRule[] },
  languages: readonly string[],
): RouteTable {
  const ids = new Set(pageIds)
  const siteRoot = site.redirects.find((r) => r.from === '/')?.to
  const redirects = mergeRedirects(defaultRedirects(languages, siteRoot ?? DEFAULT_FRONT_PAGE), site.redirects)
  const redirected = new Set(redirects.map((r) => r.from))
  const routes = mergeExtraRoutes(pageIds.map(deriveRoute), site.extraRoutes, ids).filter(
    (r) => !redirected.has(r.path),
  )
  return { routes, redirects }
}
