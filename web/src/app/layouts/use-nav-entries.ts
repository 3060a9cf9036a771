import { useMemo } from 'react'
import { useAppAbility } from '@/hooks/use-app-ability'
import { useSite } from '@/hooks/use-site'
import { isAdmin } from '@/lib/authorization'
import { useSession } from '@/lib/use-session'
import { commonNav, defaultSiteNav } from '@/navigation/nav-items'
import { siteNavToLinks, visibleNav, type ResolvedNavEntry } from '@/navigation/visible-nav'
import { addOns } from '../add-on'

/** The menu: the site's own items, the product's admin entries, then the add-ons' (admins only, as their pages). */
export function useNavEntries(): ResolvedNavEntry[] {
  const site = useSite()
  const session = useSession()
  const ability = useAppAbility()
  return useMemo(() => {
    const siteItems = site.navigation.length ? siteNavToLinks(site.navigation) : defaultSiteNav
    const addOnItems = isAdmin(ability) ? addOns.flatMap((a) => a.nav) : []
    return visibleNav([...siteItems, ...commonNav, ...addOnItems], session?.scopes ?? [], ability)
  }, [site.navigation, session, ability])
}
