import Avatar from '@mui/material/Avatar'
import Checkbox from '@mui/material/Checkbox'
import Collapse from '@mui/material/Collapse'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemAvatar from '@mui/material/ListItemAvatar'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import { IconChevronDown, IconChevronUp, IconFolder, IconInbox, IconSend, IconStar } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'

const CONTACTS = [
  { name: 'Amelia Clarke', role: 'designer' },
  { name: 'Bruno Costa', role: 'developer' },
  { name: 'Chen Wei', role: 'manager' },
  { name: 'Dalia Haddad', role: 'support' },
] as const
const TASKS = ['review', 'deploy', 'invoice', 'call'] as const

export function ListDemos() {
  const { t } = useTranslation('demo-ui')
  const [done, setDone] = useState<string[]>(['review'])
  const [open, setOpen] = useState(true)
  const [selected, setSelected] = useState('inbox')
  const toggle = (k: string) => setDone((d) => (d.includes(k) ? d.filter((x) => x !== k) : [...d, k]))
  return (
    <DemoGrid md={4}>
      <DemoSection title={t('components.list.people')}>
        <List>
          {CONTACTS.map((c) => (
            <ListItem key={c.name} disableGutters>
              <ListItemAvatar>
                <Avatar alt={c.name}>{c.name[0]}</Avatar>
              </ListItemAvatar>
              <ListItemText primary={c.name} secondary={t(`components.list.roles.${c.role}`)} />
            </ListItem>
          ))}
        </List>
      </DemoSection>
      <DemoSection title={t('components.list.tasks')} subheader={t('components.list.doneCount', { done: done.length, total: TASKS.length })}>
        <List>
          {TASKS.map((k) => (
            <ListItemButton key={k} onClick={() => toggle(k)} dense>
              <ListItemIcon>
                <Checkbox edge="start" checked={done.includes(k)} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-labelledby': `task-${k}` } }} />
              </ListItemIcon>
              <ListItemText id={`task-${k}`} primary={t(`components.list.taskItems.${k}`)} sx={done.includes(k) ? { textDecoration: 'line-through', color: 'text.disabled' } : undefined} />
            </ListItemButton>
          ))}
        </List>
      </DemoSection>
      <DemoSection title={t('components.list.nested')}>
        <List component="nav" aria-label={t('components.list.folders')}>
          <ListItemButton selected={selected === 'inbox'} onClick={() => setSelected('inbox')}>
            <ListItemIcon>
              <IconInbox />
            </ListItemIcon>
            <ListItemText primary={t('components.list.inbox')} />
          </ListItemButton>
          <ListItemButton selected={selected === 'sent'} onClick={() => setSelected('sent')}>
            <ListItemIcon>
              <IconSend />
            </ListItemIcon>
            <ListItemText primary={t('components.list.sent')} />
          </ListItemButton>
          <ListItemButton onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            <ListItemIcon>
              <IconFolder />
            </ListItemIcon>
            <ListItemText primary={t('components.list.projects')} />
            {open ? <IconChevronUp size={18} /> : <IconChevronDown size={18} />}
          </ListItemButton>
          <Collapse in={open} unmountOnExit>
            <List disablePadding>
              {['Atlas', 'Borealis'].map((p) => (
                <ListItemButton key={p} sx={{ paddingInlineStart: 4 }} selected={selected === p} onClick={() => setSelected(p)}>
                  <ListItemIcon>
                    <IconStar size={18} />
                  </ListItemIcon>
                  <ListItemText primary={p} />
                </ListItemButton>
              ))}
            </List>
          </Collapse>
        </List>
      </DemoSection>
    </DemoGrid>
  )
}
