

/** An ability a route asks for whatever its page declares (the add-ons' pages ask for the admin's). */
export interface RouteAccess {
  action: string
  subject: string
}

export interface NamedRoute {
  name: string
  path: string
  access?: RouteAccess
}

// Filled once at start-up from the merged route table so navigation data can
// refer to routes by name, as page files and site routes may move paths.
let byName = new Map<string, string>()
let guarded: { match: RegExp; access: RouteAccess }[] = []
/** Paths without parameters of routes that ask for nothing more: an exact match wins over a guarded pattern, as in the router. */
let openPaths = new Set<string>()

export function registerRouteNames(routes: NamedRoute[]): void {
  byName = new Map(routes.map((r) => [r.name, r.path]))
  guarded = routes.flatMap((r) => (r.access ? [{ match: pathPattern(r.path), access: r.access }] : []))
  openPaths = new Set(routes.filter((r) => !r.access).map((r) => r.path))
}

function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+').replace(/\*$/, '.*')
  return new RegExp(`^${escaped}$`)
}

/** The ability the route at `href` asks for beyond its page's own meta, if any. */
export function accessForHref(href: string): RouteAccess | undefined {
  const path = href.split(/[?#]/)[0] ?? ''
  if (openPaths.has(path)) return undefined
  return guarded.find((g) => g.match.test(path))?.access
}

/** Path for a route name with its parameters filled in; null if unknown. */
export function pathForName(name: string, params: Record<string, string> = {}): string | null {
  const pattern = byName.get(name)
  if (pattern === undefined) return null
  return pattern.replace(/:([A-Za-z0-9_]+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''))
}
