import Box from '@mui/material/Box'
import Drawer from '@mui/material/Drawer'
import IconButton from '@mui/material/IconButton'
import Typography from '@mui/material/Typography'
import { IconChevronLeft, IconChevronRight, IconX } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useAppTitle } from '@/hooks/use-site'
import { useSettings } from '@/features/settings/hooks/use-settings'
import { NavList } from './nav-list'
import { useNavEntries } from './use-nav-entries'
import { LogoTile } from '@/components/logo-tile'

export const NAV_WIDTH = 260
export const NAV_COLLAPSED_WIDTH = 76

interface Props {
  overlay: boolean
  open: boolean
  onClose: () => void
}

export function VerticalNav({ overlay, open, onClose }: Props) {
  const { t } = useTranslation()
  const [settings, set] = useSettings()
  const entries = useNavEntries()
  const title = useAppTitle()
  const collapsed = !overlay && settings.isVerticalNavCollapsed
  const width = collapsed ? NAV_COLLAPSED_WIDTH : NAV_WIDTH
  const rtl = settings.isRtl

  const content = (
    // The "dark" class switches MUI's CSS variables to the dark scheme for this subtree only.
    <Box className={settings.isVerticalNavSemiDark ? 'dark' : undefined} sx={{ height: '100%', bgcolor: 'background.paper', color: 'text.primary', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2.5, minHeight: 64 }}>
        <Box component={Link} to="/" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', flexGrow: 1, minWidth: 0 }}>
          <LogoTile size={32} />
          {/* dir="auto": a Latin site name in an Arabic page is cut at its end, not its start. */}
          {!collapsed && (
            <Typography variant="h6" noWrap dir="auto" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
          )}
        </Box>
        {overlay ? (
          <IconButton aria-label={t('common.close')} onClick={onClose} size="small">
            <IconX size={20} />
          </IconButton>
        ) : (
          !collapsed && (
            <IconButton aria-label={t('nav.collapse')} onClick={() => set({ isVerticalNavCollapsed: true })} size="small">
              {rtl ? <IconChevronRight size={20} /> : <IconChevronLeft size={20} />}
            </IconButton>
          )
        )}
      </Box>
      {collapsed && (
        <IconButton aria-label={t('nav.expand')} onClick={() => set({ isVerticalNavCollapsed: false })} sx={{ alignSelf: 'center' }} size="small">
          {rtl ? <IconChevronLeft size={20} /> : <IconChevronRight size={20} />}
        </IconButton>
      )}
      <Box sx={{ overflowY: 'auto', flexGrow: 1 }}>
        <NavList entries={entries} collapsed={collapsed} onNavigate={overlay ? onClose : undefined} />
      </Box>
    </Box>
  )

  if (overlay) {
    return (
      <Drawer variant="temporary" open={open} onClose={onClose} ModalProps={{ keepMounted: true }} slotProps={{ paper: { sx: { width: NAV_WIDTH, maxWidth: '85vw' } } }}>
        {content}
      </Drawer>
    )
  }
  return (
    <Drawer
      variant="permanent"
      slotProps={{ paper: { sx: { width, transition: 'width 200ms', overflowX: 'hidden', borderInlineEnd: 1, borderColor: 'divider' } } }}
      sx={{ width, flexShrink: 0, transition: 'width 200ms' }}
    >
      {content}
    </Drawer>
  )
}
