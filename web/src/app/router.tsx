import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router'
import type { SiteConfig } from '@/lib/api-types'
import { LANGUAGES } from '@/lib/api-types'
import { ADMIN_ONLY, buildAbility } from '@/lib/authorization'
import { registerRouteNames } from '@/lib/route-names'
import { getSession } from '@/lib/session'
import { addOns as installedAddOns, ADD_ON_PAGE_ACCESS, type AddOn } from './add-on'
import { RouteError } from './route-error'
import { PageSpinner, RootShell, type RouteHandle } from './root-shell'
import { pageIdFromGlobKey } from './routing/derive-routes'
import { guardRedirect } from './routing/guard'
import { buildRouteTable, type TableRoute } from './routing/merge-routes'
import { resolveMeta, type PageModule, type ResolvedMeta } from './routing/page-meta'

// One lazy chunk per page; never eager, or every page lands in the main bundle.
const pageModules = import.meta.glob<PageModule>(['../pages/**/*.tsx', '!../pages/**/*.test.tsx'])

interface PageSource {
  load: () => Promise<PageModule>
  /** Add-on pages open for administrators only, whatever they declare. */
  addOn: boolean
}

/** The add-ons' pages and the app's own; where both have a page of one id, the app's wins. */
function pageSources(addOns: readonly AddOn[]): Map<string, PageSource> {
  const out = new Map<string, PageSource>()
  for (const a of addOns) for (const p of a.routes()) out.set(p.pageId, { load: p.load, addOn: true })
  for (const [key, load] of Object.entries(pageModules)) out.set(pageIdFromGlobKey(key), { load, addOn: false })
  return out
}

function guardLoader(meta: ResolvedMeta) {
  return ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url)
    const session = getSession()
    const to = guardRedirect(meta, {
      signedIn: session !== null,
      ability: buildAbility(session?.abilityRules ?? []),
      target: url.pathname + url.search + url.hash,
    })
    if (to) throw redirect(to)
    return null
  }
}

function pageRoute(r: TableRoute, page: PageSource | undefined): RouteObject {
  return {
    id: r.name,
    path: r.path,
    lazy: async () => {
      if (!page) throw new Error(`Missing page ${r.pageId}`)
      const mod = await page.load()
      const meta = resolveMeta({ ...mod.meta, ...r.metaOverride, ...(page.addOn ? ADD_ON_PAGE_ACCESS : {}) })
      const handle: RouteHandle = { meta, name: r.name }
      return { Component: mod.default, handle, loader: guardLoader(meta) }
    },
  }
}

/**
 * The app's route tree for `site` with the pages of `addOns` (those installed
 * in add-ons.ts unless given); separate from the router so tests can use a
 * memory router.
 */
export function buildAppRoutes(site: SiteConfig, addOns: readonly AddOn[] = installedAddOns): RouteObject[] {
  const pages = pageSources(addOns)
  const table = buildRouteTable([...pages.keys()], site, LANGUAGES)
  // Route ids must be unique; two files deriving one name keep the first.
  const seen = new Set<string>()
  const routes = table.routes.filter((r) => !seen.has(r.name) && seen.add(r.name))
  registerRouteNames(routes.map((r) => (pages.get(r.pageId)?.addOn ? { ...r, access: ADMIN_ONLY } : r)))
  const children: RouteObject[] = [
    ...table.redirects.map((r) => ({ path: r.from, loader: () => redirect(r.to) })),
    ...routes.map((r) => pageRoute(r, pages.get(r.pageId))),
  ]
  return [{ id: 'app', Component: RootShell, HydrateFallback: PageSpinner, ErrorBoundary: RouteError, children }]
}

export function createAppRouter(site: SiteConfig) {
  return createBrowserRouter(buildAppRoutes(site))
}
