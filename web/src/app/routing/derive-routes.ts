/** A route derived from a page file, before the page module is loaded. */
export interface RouteDef {
  path: string
  name: string
  /** Page file path under src/pages without extension, e.g. "apps/email/index". */
  pageId: string
}

const PAGES_PREFIX = /^(?:\.\.\/)*(?:src\/)?pages\//

/**
 * Route names that cannot follow from the file path. The offer page lives at
 * [lang]/offer/[offerid] but links and nav refer to it by its product name.
 */
export const ROUTE_NAME_OVERRIDES: Readonly<Record<string, string>> = {
  '[lang]/offer/[offerid]': 'frontpage-bit-offer-offerid',
}

export function pageIdFromGlobKey(key: string): string {
  return key.replace(PAGES_PREFIX, '').replace(/\.tsx$/, '')
}

function segmentToPath(seg: string): string {
  const catchAll = /^\[\.\.\.(.+)\]$/.exec(seg)
  if (catchAll) return '*'
  const param = /^\[(.+)\]$/.exec(seg)
  if (param) return `:${param[1]}`
  return seg
}

function segmentToName(seg: string): string {
  const m = /^\[(?:\.\.\.)?(.+)\]$/.exec(seg)
  return m?.[1] ?? seg
}

export function deriveRoute(pageId: string): RouteDef {
  const segments = pageId.split('/').filter(Boolean)
  if (segments.at(-1) === 'index') segments.pop()
  const path = '/' + segments.map(segmentToPath).join('/')
  const name = ROUTE_NAME_OVERRIDES[pageId] ?? (segments.length ? segments.map(segmentToName).join('-') : 'root')
  return { path, name, pageId }
}
