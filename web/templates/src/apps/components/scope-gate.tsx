import type { ReactNode } from 'react'
import { Navigate } from 'react-router'
import { useSession } from '@/lib/use-session'

/**
 * Page meta can only name a CASL ability; token scopes (e.g. admin2) are
 * checked here, once the page is open, against the stored session.
 */
export function ScopeGate({ scope, children }: { scope: string; children: ReactNode }) {
  const session = useSession()
  if (!session) return null
  if (!session.scopes.includes(scope)) return <Navigate to="/not-authorized" replace />
  return <>{children}</>
}
