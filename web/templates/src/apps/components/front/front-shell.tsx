import AppBar from '@mui/material/AppBar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Drawer from '@mui/material/Drawer'
import IconButton from '@mui/material/IconButton'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Toolbar from '@mui/material/Toolbar'
import Typography from '@mui/material/Typography'
import { IconBuildingStore, IconMenu2 } from '@tabler/icons-react'
import { useContext, useState, type ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { SiteContext } from '@/lib/site-context'
import { useDemoT } from '../../hooks/use-demo-t'

const LINKS = [
  { key: 'home', to: '/front-pages/landing-page' },
  { key: 'pricing', to: '/front-pages/pricing' },
  { key: 'helpCenter', to: '/front-pages/help-center' },
  { key: 'checkout', to: '/front-pages/checkout' },
] as const

/** Public marketing pages bring their own header and footer (they use the blank layout). */
export function FrontShell({ children }: { children: ReactNode }) {
  const { t } = useDemoT()
  const site = useContext(SiteContext)
  const brand = site?.configuration.AppName || 'Souk'
  const { pathname } = useLocation()
  const [open, setOpen] = useState(false)
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="sticky" color="inherit" elevation={1}>
        <Container maxWidth="lg">
          <Toolbar disableGutters sx={{ gap: 2 }}>
            <IconButton sx={{ display: { md: 'none' } }} aria-label={t('front.openMenu')} onClick={() => setOpen(true)}>
              <IconMenu2 size={22} />
            </IconButton>
            <Box component={Link} to="/front-pages/landing-page" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.primary', textDecoration: 'none', minWidth: 0 }}>
              <IconBuildingStore size={26} aria-hidden style={{ flexShrink: 0 }} />
              <Typography variant="h6" component="span" noWrap dir="auto">
                {brand}
              </Typography>
            </Box>
            <Box component="nav" aria-label={t('front.mainNav')} sx={{ display: { xs: 'none', md: 'flex' }, gap: 1, flex: 1, justifyContent: 'center' }}>
              {LINKS.map((l) => (
                <Button key={l.key} component={Link} to={l.to} color={pathname.startsWith(l.to) ? 'primary' : 'inherit'}>
                  {t(`front.nav.${l.key}`)}
                </Button>
              ))}
            </Box>
            <Button component={Link} to="/login" variant="contained" sx={{ marginInlineStart: 'auto', flexShrink: 0, whiteSpace: 'nowrap' }}>
              {t('front.login')}
            </Button>
          </Toolbar>
        </Container>
      </AppBar>
      <Drawer open={open} onClose={() => setOpen(false)}>
        <List sx={{ width: 260 }} aria-label={t('front.mainNav')}>
          {LINKS.map((l) => (
            <ListItemButton key={l.key} component={Link} to={l.to} onClick={() => setOpen(false)} selected={pathname.startsWith(l.to)}>
              <ListItemText primary={t(`front.nav.${l.key}`)} />
            </ListItemButton>
          ))}
        </List>
      </Drawer>
      <Box component="main" sx={{ flex: 1 }}>
        {children}
      </Box>
      <Box component="footer" sx={{ bgcolor: 'grey.900', color: 'grey.300', py: 4, mt: 8 }}>
        <Container maxWidth="lg" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="body2">{t('front.copyright', { year: new Date().getFullYear(), brand })}</Typography>
          <Box sx={{ display: 'flex', gap: 3 }}>
            {LINKS.slice(1).map((l) => (
              <Typography key={l.key} component={Link} to={l.to} variant="body2" sx={{ color: 'inherit' }}>
                {t(`front.nav.${l.key}`)}
              </Typography>
            ))}
          </Box>
        </Container>
      </Box>
    </Box>
  )
}
