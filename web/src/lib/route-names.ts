

// Filled once at start-up from the merged route table so navigation data can
// refer to routes by name, as page files and site routes may move paths.
let byName = new Map<string, string>()

export function registerRouteNames(routes: { name: string; path: string }[]): void {
  byName = new Map(routes.map((r) => [r.name, r.path]))
}

/** Path for a route name with its parameters filled in; null if unknown. */
export function pathForName(name: string, params: Record<string, string> = {}): string | null {
  const pattern = byName.get(name)
  if (pattern === undefined) return null
  return pattern.replace(/:([A-Za-z0-9_]+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''))
}
