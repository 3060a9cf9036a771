import { accessForHref, pathForName } from '@/lib/route-names'
import type { NavItemConfig } from '@/lib/api-types'
import { canAccess, type AppAbility } from '@/lib/authorization'
import type { NavEntry, NavIconRef, NavLink } from './nav-items'

export interface ResolvedNavLink {
  kind: 'link'
  key: string
  title: string
  href: string
  icon: NavIconRef
}
export interface ResolvedNavGroup {
  kind: 'group'
  key: string
  title: string
  icon: NavIconRef
  children: ResolvedNavEntry[]
}
export type ResolvedNavEntry = ResolvedNavLink | ResolvedNavGroup | { kind: 'heading'; key: string; title: string }

export function siteNavToLinks(items: NavItemConfig[]): NavLink[] {
  return items.map((i) => ({
    kind: 'link',
    key: i.key,
    title: i.title,
    // Site items name a path; a bare word is taken as a route name.
    to: i.to.startsWith('/') ? { path: i.to } : { name: i.to },
    icon: i.icon ?? i.key.toLowerCase(),
    requiredScope: i.requiredScope,
  }))
}

/**
 * Drops entries the user may not use (scope, ability, or the ability their
 * route asks for), entries whose route does not exist in this build, groups left empty, and headings left without
 * any entry below them.
 */
export function visibleNav(entries: NavEntry[], scopes: string[], ability: AppAbility): ResolvedNavEntry[] {
  const out: ResolvedNavEntry[] = []
  for (const e of entries) {
    if (e.kind === 'heading') {
      out.push(e)
      continue
    }
    if (e.kind === 'group') {
      const children = visibleNav(e.children, scopes, ability)
      if (children.some((c) => c.kind !== 'heading')) out.push({ kind: 'group', key: e.key, title: e.title, icon: e.icon, children })
      continue
    }
    if (e.requiredScope && !scopes.includes(e.requiredScope)) continue
    if ((e.action || e.subject) && !canAccess(ability, e.action, e.subject)) continue
    const href = 'path' in e.to ? e.to.path : pathForName(e.to.name, e.to.params)
    if (!href) continue
    // A link to an admin-only page (a site may name one by path) shows only to those who may open it.
    const access = accessForHref(href)
    if (access && !canAccess(ability, access.action, access.subject)) continue
    out.push({ kind: 'link', key: e.key, title: e.title, href, icon: e.icon })
  }
  return out.filter((e, i) => e.kind !== 'heading' || (out[i + 1] !== undefined && out[i + 1]?.kind !== 'heading'))
}

/** Every link below `entries`, groups flattened (for tests and the active-group check). */
export function navLinks(entries: ResolvedNavEntry[]): ResolvedNavLink[] {
  return entries.flatMap((e) => (e.kind === 'link' ? [e] : e.kind === 'group' ? navLinks(e.children) : []))
}
