import { pathForName } from '@/lib/route-names'
import type { NavItemConfig } from '@/lib/api-types'
import { canAccess, type AppAbility } from '@/lib/authorization'
import type { NavEntry, NavLink } from './nav-items'

export interface ResolvedNavLink {
  kind: 'link'
  key: string
  title: string
  href: string
  icon: string
}
export type ResolvedNavEntry = ResolvedNavLink | { kind: 'heading'; key: string; title: string }

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
 * Drops entries the user may not use (scope or ability), entries whose route
 * does not exist in this build, and headings left without any link below them.
 */
export function visibleNav(entries: NavEntry[], scopes: string[], ability: AppAbility): ResolvedNavEntry[] {
  const out: ResolvedNavEntry[] = []
  for (const e of entries) {
    if (e.kind === 'heading') {
      out.push(e)
      continue
    }
    if (e.requiredScope && !scopes.includes(e.requiredScope)) continue
    if ((e.action || e.subject) && !canAccess(ability, e.action, e.subject)) continue
    const href = 'path' in e.to ? e.to.path : pathForName(e.to.name, e.to.params)
    if (!href) continue
    out.push({ kind: 'link', key: e.key, title: e.title, href, icon: e.icon })
  }
  return out.filter((e, i) => e.kind === 'link' || out[i + 1]?.kind === 'link')
}
