import Button from '@mui/material/Button'
import Divider from '@mui/material/Divider'
import IconButton from '@mui/material/IconButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { IconCopy, IconDotsVertical, IconEdit, IconTrash } from '@tabler/icons-react'
import { useState, type MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'

const SORTS = ['newest', 'oldest', 'priceAsc', 'priceDesc'] as const
type Sort = (typeof SORTS)[number]

export function MenuDemos() {
  const { t } = useTranslation('demo-ui')
  const [anchor, setAnchor] = useState<{ el: HTMLElement; which: 'basic' | 'sort' | 'actions' } | null>(null)
  const [sort, setSort] = useState<Sort>('newest')
  const [last, setLast] = useState('')
  const openOn = (which: 'basic' | 'sort' | 'actions') => (e: MouseEvent<HTMLElement>) => setAnchor({ el: e.currentTarget, which })
  const close = () => setAnchor(null)
  const pick = (label: string) => {
    setLast(label)
    close()
  }
  return (
    <DemoGrid md={4}>
      <DemoSection title={t('components.menu.basic')}>
        <Button variant="outlined" aria-haspopup="menu" aria-controls="menu-basic" onClick={openOn('basic')}>
          {t('components.menu.openMenu')}
        </Button>
        <Menu id="menu-basic" anchorEl={anchor?.which === 'basic' ? anchor.el : null} open={anchor?.which === 'basic'} onClose={close}>
          {(['profile', 'account', 'logout'] as const).map((k) => (
            <MenuItem key={k} onClick={() => pick(t(`components.menu.items.${k}`))}>
              {t(`components.menu.items.${k}`)}
            </MenuItem>
          ))}
        </Menu>
      </DemoSection>
      <DemoSection title={t('components.menu.selected')}>
        <Button variant="outlined" aria-haspopup="listbox" onClick={openOn('sort')}>
          {t('components.menu.sortBy', { sort: t(`components.menu.sorts.${sort}`) })}
        </Button>
        <Menu anchorEl={anchor?.which === 'sort' ? anchor.el : null} open={anchor?.which === 'sort'} onClose={close}>
          {SORTS.map((s) => (
            <MenuItem
              key={s}
              selected={s === sort}
              onClick={() => {
                setSort(s)
                pick(t(`components.menu.sorts.${s}`))
              }}
            >
              {t(`components.menu.sorts.${s}`)}
            </MenuItem>
          ))}
        </Menu>
      </DemoSection>
      <DemoSection title={t('components.menu.withIcons')}>
        <IconButton aria-label={t('components.menu.moreActions')} aria-haspopup="menu" onClick={openOn('actions')}>
          <IconDotsVertical />
        </IconButton>
        <Menu anchorEl={anchor?.which === 'actions' ? anchor.el : null} open={anchor?.which === 'actions'} onClose={close}>
          <MenuItem onClick={() => pick(t('common.edit'))}>
            <ListItemIcon>
              <IconEdit size={18} />
            </ListItemIcon>
            <ListItemText>{t('common.edit')}</ListItemText>
          </MenuItem>
          <MenuItem onClick={() => pick(t('components.menu.duplicate'))}>
            <ListItemIcon>
              <IconCopy size={18} />
            </ListItemIcon>
            <ListItemText>{t('components.menu.duplicate')}</ListItemText>
          </MenuItem>
          <Divider />
          <MenuItem onClick={() => pick(t('common.delete'))} sx={{ color: 'error.main' }}>
            <ListItemIcon sx={{ color: 'inherit' }}>
              <IconTrash size={18} />
            </ListItemIcon>
            <ListItemText>{t('common.delete')}</ListItemText>
          </MenuItem>
        </Menu>
      </DemoSection>
      <Stack>
        <Typography role="status" color="text.secondary">
          {last ? t('components.menu.lastChoice', { choice: last }) : t('components.menu.nothingYet')}
        </Typography>
      </Stack>
    </DemoGrid>
  )
}
