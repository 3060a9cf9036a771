import AppBar from '@mui/material/AppBar'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Toolbar from '@mui/material/Toolbar'
import { IconAdjustmentsHorizontal, IconMenu2 } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { LanguageMenu } from '@/features/settings/components/language-menu'
import { ModeMenu } from '@/features/settings/components/mode-menu'
import { useSettings } from '@/features/settings/hooks/use-settings'
import { UserMenu } from './user-menu'

interface Props {
  overlay: boolean
  onToggleNav: () => void
  onOpenCustomizer: () => void
  children?: ReactNode
}

export function Navbar({ overlay, onToggleNav, onOpenCustomizer, children }: Props) {
  const { t } = useTranslation()
  const [settings] = useSettings()
  return (
    <AppBar
      position="sticky"
      sx={(theme) => ({
        top: 0,
        borderBottom: 1,
        borderColor: 'divider',
        ...(settings.navbarBlur
          ? // theme.alpha works on the CSS variable, so the tint follows light and dark schemes.
            { backdropFilter: 'blur(8px)', backgroundColor: theme.alpha((theme.vars ?? theme).palette.background.paper, 0.8) }
          : { backgroundColor: 'background.paper' }),
      })}
    >
      <Toolbar sx={{ gap: 0.5, minHeight: 64 }}>
        {overlay && (
          <IconButton edge="start" aria-label={t('nav.toggle')} onClick={onToggleNav}>
            <IconMenu2 size={22} />
          </IconButton>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <LanguageMenu />
        <ModeMenu />
        <IconButton aria-label={t('navbar.openCustomizer')} onClick={onOpenCustomizer}>
          <IconAdjustmentsHorizontal size={22} />
        </IconButton>
        <UserMenu />
      </Toolbar>
      {children}
    </AppBar>
  )
}
