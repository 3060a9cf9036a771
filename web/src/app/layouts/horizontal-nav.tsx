import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import { useTranslation } from 'react-i18next'
import { NavLink as RouterLink } from 'react-router'
import { NavIcon } from '@/components/nav-icon'
import { useNavEntries } from './use-nav-entries'

export function HorizontalNav() {
  const { t } = useTranslation()
  const entries = useNavEntries()
  return (
    <Box component="nav" aria-label={t('nav.menu')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, px: 3, py: 1, borderTop: 1, borderColor: 'divider' }}>
      {entries.map((e) =>
        e.kind === 'link' ? (
          <Button key={e.key} component={RouterLink} to={e.href} color="inherit" startIcon={<NavIcon name={e.icon} size={18} />} sx={{ '&.active': { color: 'primary.main', bgcolor: 'action.selected' } }}>
            {t(e.title, { defaultValue: e.title })}
          </Button>
        ) : null,
      )}
    </Box>
  )
}
