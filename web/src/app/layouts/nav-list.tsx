import Collapse from '@mui/material/Collapse'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import ListSubheader from '@mui/material/ListSubheader'
import Tooltip from '@mui/material/Tooltip'
import { IconChevronDown } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink as RouterLink, useLocation } from 'react-router'
import { NavIcon } from '@/components/nav-icon'
import { navLinks, type ResolvedNavEntry, type ResolvedNavGroup } from '@/navigation/visible-nav'
import { NavGroupMenu } from './nav-group-menu'

interface Props {
  entries: ResolvedNavEntry[]
  collapsed: boolean
  onNavigate?: () => void
}

const samePath = (pathname: string, href: string) => pathname === href.split('?')[0]

/** The vertical menu: links, headings and collapsible nested groups (popovers when the menu is collapsed). */
export function NavList({ entries, collapsed, onNavigate }: Props) {
  const { t } = useTranslation()
  return (
    <nav aria-label={t('nav.menu')}>
      <Entries entries={entries} depth={0} collapsed={collapsed} onNavigate={onNavigate} />
    </nav>
  )
}

function Entries({ entries, depth, collapsed, onNavigate }: Props & { depth: number }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  return (
    <List disablePadding sx={depth === 0 ? { px: 1.5, py: 1 } : undefined}>
      {entries.map((e) => {
        const title = t(e.title, { defaultValue: e.title })
        if (e.kind === 'heading') {
          return collapsed ? null : (
            <ListSubheader key={e.key} component="li" disableSticky sx={{ bgcolor: 'transparent', lineHeight: 2.5, mt: 1, textTransform: 'uppercase', fontSize: 12 }}>
              {title}
            </ListSubheader>
          )
        }
        if (e.kind === 'group') return <Group key={e.key} group={e} title={title} depth={depth} collapsed={collapsed} onNavigate={onNavigate} />
        const button = (
          <ListItemButton
            component={RouterLink}
            to={e.href}
            selected={samePath(pathname, e.href)}
            onClick={onNavigate}
            aria-label={collapsed ? title : undefined}
            sx={{ borderRadius: 1.5, mb: 0.5, minHeight: 40, paddingInlineStart: collapsed ? undefined : 2 + depth * 1.5, justifyContent: collapsed ? 'center' : 'flex-start' }}
          >
            <ListItemIcon sx={{ minWidth: collapsed ? 0 : 34, color: 'inherit' }}>
              <NavIcon name={e.icon} size={depth ? 18 : 22} />
            </ListItemIcon>
            {!collapsed && <ListItemText primary={title} />}
          </ListItemButton>
        )
        return (
          <ListItem key={e.key} disablePadding sx={{ display: 'block' }}>
            {collapsed ? (
              <Tooltip title={title} placement="right">
                {button}
              </Tooltip>
            ) : (
              button
            )}
          </ListItem>
        )
      })}
    </List>
  )
}

function Group({ group, title, depth, collapsed, onNavigate }: { group: ResolvedNavGroup; title: string; depth: number } & Omit<Props, 'entries'>) {
  const { pathname } = useLocation()
  const active = navLinks(group.children).some((l) => samePath(pathname, l.href))
  // A group holding the current page starts open; the user's toggle wins afterwards.
  const [toggled, setToggled] = useState<boolean | null>(null)
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const open = toggled ?? active
  const id = `nav-group-${group.key}`
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton
        aria-expanded={collapsed ? anchor !== null : open}
        aria-controls={collapsed ? undefined : id}
        aria-haspopup={collapsed ? 'menu' : undefined}
        aria-label={collapsed ? title : undefined}
        onClick={(ev) => (collapsed ? setAnchor(ev.currentTarget) : setToggled(!open))}
        sx={{
          borderRadius: 1.5,
          mb: 0.5,
          minHeight: 40,
          paddingInlineStart: collapsed ? undefined : 2 + depth * 1.5,
          justifyContent: collapsed ? 'center' : 'flex-start',
          color: active ? 'primary.main' : undefined,
        }}
      >
        <ListItemIcon sx={{ minWidth: collapsed ? 0 : 34, color: 'inherit' }}>
          <NavIcon name={group.icon} size={depth ? 18 : 22} />
        </ListItemIcon>
        {!collapsed && (
          <>
            <ListItemText primary={title} />
            <IconChevronDown size={16} aria-hidden style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }} />
          </>
        )}
      </ListItemButton>
      {collapsed ? (
        <NavGroupMenu
          group={group}
          anchor={anchor}
          placement="beside"
          onClose={() => {
            setAnchor(null)
            onNavigate?.()
          }}
        />
      ) : (
        <Collapse in={open} timeout="auto" unmountOnExit id={id}>
          <Entries entries={group.children} depth={depth + 1} collapsed={false} onNavigate={onNavigate} />
        </Collapse>
      )}
    </ListItem>
  )
}
