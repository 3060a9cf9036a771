import { useMemo } from 'react'
import { useAppAbility } from '@/hooks/use-app-ability'
import { useSite } from '@/hooks/use-site'
import { useSession } from '@/lib/use-session'
import { useDemoAppsNav } from '@/navigation/demo-apps'
import { useDemoUiNav } from '@/navigation/demo-ui'
import { commonNav, defaultSiteNav } from '@/navigation/nav-items'
import { siteNavToLinks, visibleNav, type ResolvedNavEntry } from '@/navigation/visible-nav'

export function useNavEntries(): ResolvedNavEntry[] {
  const site = useSite()
  const session = useSession()
  const ability = useAppAbility()
  const demoAppsNav = useDemoAppsNav()
  const demoUiNav = useDemoUiNav()
  return useMemo(() => {
    const siteItems = site.navigation.length ? siteNavToLinks(site.navigation) : defaultSiteNav
    return visibleNav([...siteItems, ...commonNav, ...demoAppsNav, ...demoUiNav], session?.scopes ?? [], ability)
  }, [site.navigation, session, ability, demoAppsNav, demoUiNav])
}
