import { useContext } from 'react'
import type { SiteConfig } from '@/lib/api-types'
import { SiteContext } from '@/lib/site-context'

export function useSite(): SiteConfig {
  const site = useContext(SiteContext)
  if (!site) throw new Error('useSite must be used below the site provider')
  return site
}

export function useAppTitle(): string {
  const c = useSite().configuration
  return c.AppTitle || c.AppName || 'Souk'
}
