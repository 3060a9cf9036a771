import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import ListSubheader from '@mui/material/ListSubheader'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useLocation } from 'react-router'
import { NavIcon } from '@/components/nav-icon'
import type { ResolvedNavEntry, ResolvedNavGroup } from '@/navigation/visible-nav'

interface Props {
  group: ResolvedNavGroup
  anchor: HTMLElement | null
  onClose: () => void
  /** Where the popover opens: below a horizontal bar, or beside a collapsed side menu. */
  placement: 'below' | 'beside'
}

/** A group's entries as a popover menu; nested groups become labelled sections. */
export function NavGroupMenu({ group, anchor, onClose, placement }: Props) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const items = (entries: ResolvedNavEntry[], depth: number): ReactNode[] =>
    entries.flatMap((e) => {
      const title = t(e.title, { defaultValue: e.title })
      if (e.kind === 'heading') return []
      if (e.kind === 'group') {
        return [
          <ListSubheader key={e.key} sx={{ lineHeight: 2.5, bgcolor: 'background.paper', paddingInlineStart: 2 + depth * 2 }}>
            {title}
          </ListSubheader>,
          ...items(e.children, depth + 1),
        ]
      }
      return [
        <MenuItem key={e.key} component={RouterLink} to={e.href} selected={pathname === e.href.split('?')[0]} onClick={onClose} sx={{ paddingInlineStart: 2 + depth * 2 }}>
          <ListItemIcon>
            <NavIcon name={e.icon} size={18} />
          </ListItemIcon>
          <ListItemText primary={title} />
        </MenuItem>,
      ]
    })
  return (
    <Menu
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={placement === 'below' ? { vertical: 'bottom', horizontal: 'left' } : { vertical: 'top', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'left' }}
      slotProps={{ paper: { sx: { maxHeight: '70vh', minWidth: 220 } }, list: { 'aria-label': t(group.title, { defaultValue: group.title }) } }}
    >
      {items(group.children, 0)}
    </Menu>
  )
}
