import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import { IconChevronDown } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink as RouterLink } from 'react-router'
import { NavIcon } from '@/components/nav-icon'
import type { ResolvedNavGroup } from '@/navigation/visible-nav'
import { NavGroupMenu } from './nav-group-menu'
import { useNavEntries } from './use-nav-entries'

/** The menu as a bar: links as buttons, groups as popover menus. */
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
        ) : e.kind === 'group' ? (
          <GroupButton key={e.key} group={e} />
        ) : null,
      )}
    </Box>
  )
}

function GroupButton({ group }: { group: ResolvedNavGroup }) {
  const { t } = useTranslation()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        startIcon={<NavIcon name={group.icon} size={18} />}
        endIcon={<IconChevronDown size={16} aria-hidden />}
        onClick={(ev) => setAnchor(ev.currentTarget)}
      >
        {t(group.title, { defaultValue: group.title })}
      </Button>
      <NavGroupMenu group={group} anchor={anchor} placement="below" onClose={() => setAnchor(null)} />
    </>
  )
}
