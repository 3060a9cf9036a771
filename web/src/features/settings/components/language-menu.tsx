import IconButton from '@mui/material/IconButton'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import { IconLanguage } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { themeConfig } from '@/config/theme-config'
import { useSettings } from '../hooks/use-settings'
import { useSite } from '@/hooks/use-site'

export function LanguageMenu() {
  const { t } = useTranslation()
  const site = useSite()
  const [settings, set] = useSettings()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const offered = themeConfig.app.i18n.langConfig.filter((l) => !site.languages.length || site.languages.includes(l.i18nLang))
  return (
    <>
      <IconButton aria-label={t('common.language')} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        <IconLanguage size={22} />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {offered.map((l) => (
          <MenuItem
            key={l.i18nLang}
            lang={l.i18nLang}
            selected={settings.lang === l.i18nLang}
            onClick={() => {
              set({ lang: l.i18nLang })
              setAnchor(null)
            }}
          >
            {l.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  )
}
