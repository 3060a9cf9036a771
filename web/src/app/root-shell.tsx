import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'
import { Suspense, useEffect } from 'react'
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router'
import { useSettings } from '@/features/settings/hooks/use-settings'
import { isLang } from '@/lib/i18n'
import { useSession } from '@/lib/use-session'
import { BlankLayout } from './layouts/blank-layout'
import { DefaultLayout } from './layouts/default-layout'
import { GlobalOverlays } from './global-overlays'
import { loginHref } from './routing/guard'
import type { ResolvedMeta } from './routing/page-meta'

export interface RouteHandle {
  meta: ResolvedMeta
  name: string
}

function isRouteHandle(h: unknown): h is RouteHandle {
  return typeof h === 'object' && h !== null && 'meta' in h
}

export function useCurrentMeta(): ResolvedMeta | null {
  const matches = useMatches()
  const handle = matches.at(-1)?.handle
  return isRouteHandle(handle) ? handle.meta : null
}

/** `?lang=xx` on any URL switches the interface language (the /en… redirects rely on it). */
function useLangQuery() {
  const { search } = useLocation()
  const [, set] = useSettings()
  useEffect(() => {
    const lang = new URLSearchParams(search).get('lang')
    if (isLang(lang)) set({ lang })
  }, [search, set])
}

/** Route loaders guard navigation; this catches a session ending while a protected page is open. */
function useSessionLossRedirect(meta: ResolvedMeta | null) {
  const session = useSession()
  const navigate = useNavigate()
  const location = useLocation()
  useEffect(() => {
    if (!session && meta && !meta.isPublic) {
      navigate(loginHref(location.pathname + location.search + location.hash), { replace: true })
    }
  }, [session, meta, navigate, location])
}

export function RootShell() {
  const meta = useCurrentMeta()
  useLangQuery()
  useSessionLossRedirect(meta)
  const layout = meta?.layout ?? 'blank'
  // Pages suspend while their wording loads; the chrome stays in place meanwhile.
  const page = (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  )
  return (
    <>
      {layout === 'blank' ? <BlankLayout>{page}</BlankLayout> : <DefaultLayout fixedHeight={layout === 'fixed-height'}>{page}</DefaultLayout>}
      <GlobalOverlays />
    </>
  )
}

export function PageSpinner() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  )
}
