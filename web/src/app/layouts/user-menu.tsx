import Avatar from '@mui/material/Avatar'
import Button from '@mui/material/Button'
import Divider from '@mui/material/Divider'
import IconButton from '@mui/material/IconButton'
import ListItemText from '@mui/material/ListItemText'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate } from 'react-router'
import { loginHref } from '@/app/routing/guard'
import { api } from '@/lib/api-client'
import { clearSession } from '@/lib/session'
import { useSession } from '@/lib/use-session'

export function UserMenu() {
  const { t } = useTranslation()
  const session = useSession()
  const navigate = useNavigate()
  const location = useLocation()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)

  if (!session) {
    return (
      <Button component={Link} to={loginHref(location.pathname + location.search)} variant="contained" size="small">
        {t('common.login')}
      </Button>
    )
  }
  const name = session.user?.displayName || session.user?.email || session.userId
  const logout = async () => {
    setAnchor(null)
    // The server may already consider the token dead; the local session goes either way.
    await api.auth.logout().catch(() => undefined)
    clearSession()
    navigate('/login')
  }
  return (
    <>
      <IconButton aria-label={t('navbar.account')} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        <Avatar sx={{ width: 34, height: 34, bgcolor: 'primary.main', fontSize: 16 }}>{name.slice(0, 1).toUpperCase()}</Avatar>
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem disabled sx={{ opacity: '1 !important' }}>
          <ListItemText primary={name} secondary={session.roles.join(', ')} />
        </MenuItem>
        <Divider />
        <MenuItem onClick={logout}>{t('common.logout')}</MenuItem>
      </Menu>
    </>
  )
}
