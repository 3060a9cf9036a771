import createCache from '@emotion/cache'
import { CacheProvider } from '@emotion/react'
import CssBaseline from '@mui/material/CssBaseline'
import { ThemeProvider, useColorScheme } from '@mui/material/styles'
import { useEffect, useMemo, type ReactNode } from 'react'
import { prefixer } from 'stylis'
import rtlPlugin from 'stylis-plugin-rtl'
import { cspNonce } from '@/lib/csp-nonce'
import { useSettings } from '@/features/settings/hooks/use-settings'
import { useSite } from '@/hooks/use-site'
import { createAppTheme } from '@/theme/create-app-theme'

// Separate caches so switching direction never mixes flipped and unflipped rules.
const ltrCache = createCache({ key: 'mui', nonce: cspNonce })
const rtlCache = createCache({ key: 'muirtl', nonce: cspNonce, stylisPlugins: [prefixer, rtlPlugin] })

function ModeSync() {
  const [settings] = useSettings()
  const { setMode } = useColorScheme()
  useEffect(() => {
    setMode(settings.theme)
  }, [settings.theme, setMode])
  return null
}

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const [settings] = useSettings()
  const site = useSite()
  const direction = settings.isRtl ? 'rtl' : 'ltr'
  const primaryColor = site.frontpage?.primaryColor ?? site.frontpage?.theme?.primaryColor
  const theme = useMemo(
    () => createAppTheme({ direction, skin: settings.skin, primaryColor }),
    [direction, settings.skin, primaryColor],
  )
  return (
    <CacheProvider value={direction === 'rtl' ? rtlCache : ltrCache}>
      {/* No disableTransitionOnChange: it adds a style element without the CSP nonce. */}
      <ThemeProvider theme={theme} defaultMode="system" modeStorageKey="mui-mode">
        <ModeSync />
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </CacheProvider>
  )
}
