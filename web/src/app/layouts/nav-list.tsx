import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import ListSubheader from '@mui/material/ListSubheader'
import Tooltip from '@mui/material/Tooltip'
import { useTranslation } from 'react-i18next'
import { NavLink as RouterLink, useLocation } from 'react-router'
import { NavIcon } from '@/components/nav-icon'
import type { ResolvedNavEntry } from '@/navigation/visible-nav'

interface Props {
  entries: ResolvedNavEntry[]
  collapsed: boolean
  onNavigate?: () => void
}

export function NavList({ entries, collapsed, onNavigate }: Props) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  return (
    <List component="nav" aria-label={t('nav.menu')} sx={{ px: 1.5, py: 1 }}>
      {entries.map((e) => {
        const title = t(e.title, { defaultValue: e.title })
        if (e.kind === 'heading') {
          return collapsed ? null : (
            <ListSubheader key={e.key} disableSticky sx={{ bgcolor: 'transparent', lineHeight: 2.5, mt: 1, textTransform: 'uppercase', fontSize: 12 }}>
              {title}
            </ListSubheader>
          )
        }
        const selected = pathname === e.href.split('?')[0]
        const button = (
          <ListItemButton
            key={e.key}
            component={RouterLink}
            to={e.href}
            selected={selected}
            onClick={onNavigate}
            aria-label={collapsed ? title : undefined}
            sx={{ borderRadius: 1.5, mb: 0.5, minHeight: 42, justifyContent: collapsed ? 'center' : 'flex-start' }}
          >
            <ListItemIcon sx={{ minWidth: collapsed ? 0 : 36, color: 'inherit' }}>
              <NavIcon name={e.icon} />
            </ListItemIcon>
            {!collapsed && <ListItemText primary={title} />}
          </ListItemButton>
        )
        return collapsed ? (
          <Tooltip key={e.key} title={title} placement="right">
            {button}
          </Tooltip>
        ) : (
          button
        )
      })}
    </List>
  )
}
