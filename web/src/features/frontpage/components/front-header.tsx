import AppBar from '@mui/material/AppBar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Toolbar from '@mui/material/Toolbar'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useAppTitle } from '@/hooks/use-site'
import { LogoTile } from '@/components/logo-tile'

/** `tools` holds the app-level language and theme menus, passed in by the page. */
export function FrontHeader({ signedIn, tools }: { signedIn: boolean; tools: ReactNode }) {
  const { t } = useTranslation()
  const app = useAppTitle()
  return (
    <AppBar
      position="sticky"
      sx={(theme) => ({ backdropFilter: 'blur(8px)', backgroundColor: theme.alpha((theme.vars ?? theme).palette.background.paper, 0.8), borderBottom: 1, borderColor: 'divider' })}
    >
      <Toolbar sx={{ gap: 1 }}>
        <Box component={Link} to="/" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', flexGrow: 1, minWidth: 0 }}>
          <LogoTile size={30} />
          <Typography variant="h6" component="span" noWrap sx={{ fontWeight: 700 }}>
            {app}
          </Typography>
        </Box>
        {tools}
        {signedIn ? (
          <Button component={Link} to="/my-items" variant="contained" size="small" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {t('nav.myItems')}
          </Button>
        ) : (
          <Button component={Link} to="/login" variant="contained" size="small" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {t('common.login')}
          </Button>
        )}
      </Toolbar>
    </AppBar>
  )
}
