import { canAccess, type AppAbility } from '@/lib/authorization'
import type { ResolvedMeta } from './page-meta'

export interface GuardContext {
  signedIn: boolean
  ability: AppAbility
  /** Path with search and hash of the page being opened. */
  target: string
}

export function loginHref(target: string): string {
  return `/login?redirecturl=${encodeURIComponent(target)}`
}

/** Returns where to send the user instead, or null to let the page render. */
export function guardRedirect(meta: ResolvedMeta, ctx: GuardContext): string | null {
  if (meta.unauthenticatedOnly) return ctx.signedIn ? '/' : null
  if (meta.isPublic) return null
  if (!ctx.signedIn) return loginHref(ctx.target)
  if (!canAccess(ctx.ability, meta.action, meta.subject)) return '/not-authorized'
  return null
}
