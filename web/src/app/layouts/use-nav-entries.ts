import { useMemo } from 'react'
import { useAppAbility } from '@/hooks/use-app-ability'
import { useSite } from '@/hooks/use-site'
import { useSession } from '@/lib/use-session'
import { commonNav, defaultSiteNav } from '@/navigation/nav-items'
import { siteNavToLinks, visibleNav, type ResolvedNavEntry } from '@/navigation/visible-nav'
import { templateNav } from '@/templates/navigation/template-nav'

/** The menu: the site's own items, the product's admin entries, then the template kit (admins only). */
export function useNavEntries(): ResolvedNavEntry[] {
  const site = useSite()
  const session = useSession()
  const ability = useAppAbility()
  return useMemo(() => {
    const siteItems = site.navigation.length ? siteNavToLinks(site.navigation) : defaultSiteNav
    return visibleNav([...siteItems, ...commonNav, ...templateNav], session?.scopes ?? [], ability)
  }, [site.navigation, session, ability])
}
