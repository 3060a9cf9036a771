import IconButton from '@mui/material/IconButton'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ThemeMode } from '@/config/theme-config'
import { useSettings } from '../hooks/use-settings'

const ICON: Record<ThemeMode, typeof IconSun> = { light: IconSun, dark: IconMoon, system: IconDeviceDesktop }

export function ModeMenu() {
  const { t } = useTranslation(['shell', 'settings'])
  const [settings, set] = useSettings()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const Current = ICON[settings.theme]
  return (
    <>
      <IconButton aria-label={t('navbar.themeMode')} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        <Current size={22} />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {(['light', 'dark', 'system'] as const).map((m) => {
          const Icon = ICON[m]
          return (
            <MenuItem
              key={m}
              selected={settings.theme === m}
              onClick={() => {
                set({ theme: m })
                setAnchor(null)
              }}
              sx={{ gap: 1 }}
            >
              <Icon size={18} aria-hidden /> {t(`settings:${m}`)}
            </MenuItem>
          )
        })}
      </Menu>
    </>
  )
}
