import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router'
import type { SiteConfig } from '@/lib/api-types'
import { LANGUAGES } from '@/lib/api-types'
import { buildAbility } from '@/lib/authorization'
import { registerRouteNames } from '@/lib/route-names'
import { getSession } from '@/lib/session'
import { RouteError } from './route-error'
import { PageSpinner, RootShell, type RouteHandle } from './root-shell'
import { pageIdFromGlobKey } from './routing/derive-routes'
import { guardRedirect } from './routing/guard'
import { buildRouteTable, type TableRoute } from './routing/merge-routes'
import { resolveMeta, type PageModule, type ResolvedMeta } from './routing/page-meta'

// One lazy chunk per page; never eager, or every page lands in the main bundle.
const pageModules = import.meta.glob<PageModule>(['../pages/**/*.tsx', '!../pages/**/*.test.tsx'])
const loaders = new Map(Object.entries(pageModules).map(([key, load]) => [pageIdFromGlobKey(key), load]))

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

function pageRoute(r: TableRoute): RouteObject {
  return {
    id: r.name,
    path: r.path,
    lazy: async () => {
      const load = loaders.get(r.pageId)
      if (!load) throw new Error(`Missing page ${r.pageId}`)
      const mod = await load()
      const meta = resolveMeta({ ...mod.meta, ...r.metaOverride })
      const handle: RouteHandle = { meta, name: r.name }
      return { Component: mod.default, handle, loader: guardLoader(meta) }
    },
  }
}

/** The app's route tree for `site`; separate from the router so tests can use a memory router. */
export function buildAppRoutes(site: SiteConfig): RouteObject[] {
  const table = buildRouteTable([...loaders.keys()], site, LANGUAGES)
  // Route ids must be unique; two files deriving one name keep the first.
  const seen = new Set<string>()
  const routes = table.routes.filter((r) => !seen.has(r.name) && seen.add(r.name))
  registerRouteNames(routes)
  const children: RouteObject[] = [
    ...table.redirects.map((r) => ({ path: r.from, loader: () => redirect(r.to) })),
    ...routes.map(pageRoute),
  ]
  return [{ id: 'app', Component: RootShell, HydrateFallback: PageSpinner, ErrorBoundary: RouteError, children }]
}

export function createAppRouter(site: SiteConfig) {
  return createBrowserRouter(buildAppRoutes(site))
}
