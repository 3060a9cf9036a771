import Box from '@mui/material/Box'
import Fab from '@mui/material/Fab'
import useMediaQuery from '@mui/material/useMediaQuery'
import { IconMenu2 } from '@tabler/icons-react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Footer } from '@/components/footer'
import { themeConfig } from '@/config/theme-config'
import { Customizer } from '@/features/settings/components/customizer'
import { useSettings } from '@/features/settings/hooks/use-settings'
import { HorizontalNav } from './horizontal-nav'
import { Navbar } from './navbar'
import { VerticalNav } from './vertical-nav'

export function DefaultLayout({ children, fixedHeight }: { children: ReactNode; fixedHeight: boolean }) {
  const { t } = useTranslation()
  const [settings] = useSettings()
  const overlay = !useMediaQuery(`(min-width:${themeConfig.app.overlayNavFromBreakpoint}px)`, { noSsr: true })
  const [navOpen, setNavOpen] = useState(false)
  const [customizerOpen, setCustomizerOpen] = useState(false)
  const horizontal = settings.layoutNav === 'horizontal' && !overlay
  const showNavbar = settings.navbarType !== 'hidden'

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      {!horizontal && <VerticalNav overlay={overlay} open={navOpen} onClose={() => setNavOpen(false)} />}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {showNavbar ? (
          <Navbar overlay={overlay} onToggleNav={() => setNavOpen(true)} onOpenCustomizer={() => setCustomizerOpen(true)}>
            {horizontal && <HorizontalNav />}
          </Navbar>
        ) : (
          overlay && (
            <Fab size="small" aria-label={t('nav.toggle')} onClick={() => setNavOpen(true)} sx={{ position: 'fixed', top: 12, insetInlineStart: 12, zIndex: 'appBar' }}>
              <IconMenu2 size={20} />
            </Fab>
          )
        )}
        <Box
          component="main"
          sx={{
            flexGrow: 1,
            width: '100%',
            mx: 'auto',
            p: { xs: 2, sm: 3 },
            maxWidth: settings.contentWidth === 'boxed' ? themeConfig.app.compactContentWidth : 'none',
            ...(fixedHeight ? { height: 'calc(100dvh - 64px)', overflow: 'hidden', display: 'flex', flexDirection: 'column' } : {}),
          }}
        >
          {children}
        </Box>
        <Footer />
      </Box>
      <Customizer open={customizerOpen} onClose={() => setCustomizerOpen(false)} />
    </Box>
  )
}
