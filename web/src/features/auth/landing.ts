import { safeRedirect } from '@/lib/safe-redirect'
import type { Session, SiteConfig } from '@/lib/api-types'

/** Where to go after signing in: the page the user came from, else the admin landing page for admins. */
export function landingAfterLogin(session: Pick<Session, 'roles'>, redirecturl: string | null, site: Pick<SiteConfig, 'configuration'>): string {
  const back = safeRedirect(redirecturl)
  if (back) return back
  if (session.roles.includes('admin')) return site.configuration.DefaultLandingAdminPage || '/apps/logistics/dashboard'
  return '/'
}

/** Carries the pending redirect along when moving between the sign-in screens. */
export function withRedirect(path: string, redirecturl: string | null): string {
  return redirecturl ? `${path}?redirecturl=${encodeURIComponent(redirecturl)}` : path
}
