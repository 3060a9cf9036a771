import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Typography from '@mui/material/Typography'
import { IconShieldCheck } from '@tabler/icons-react'
import { useContext, type ComponentType, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { SiteContext } from '@/lib/site-context'
import { LogoTile } from '@/components/logo-tile'

export type AuthVariant = 'v1' | 'v2'

interface Props {
  variant: AuthVariant
  title: string
  subtitle?: string
  /** Shown large on the illustration side of the v2 layout. */
  icon?: ComponentType<{ size?: number; stroke?: number }>
  children: ReactNode
  wide?: boolean
}

function Brand() {
  const site = useContext(SiteContext)
  const name = site?.configuration.AppTitle || site?.configuration.AppName || 'Souk'
  return (
    <Box component={Link} to="/" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, mb: 3, color: 'inherit', textDecoration: 'none' }}>
      <LogoTile size={32} />
      <Typography variant="h5" component="span" sx={{ fontWeight: 700 }}>
        {name}
      </Typography>
    </Box>
  )
}

function Heading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {subtitle}
        </Typography>
      )}
    </>
  )
}

/** Frame of the authentication template pages: a centred card (v1) or a split screen with an illustration (v2). */
export function AuthShell({ variant, title, subtitle, icon: Icon = IconShieldCheck, children, wide }: Props) {
  const { t } = useTranslation('demo-ui')
  if (variant === 'v1') {
    return (
      <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: { xs: 1.5, sm: 3 }, bgcolor: 'background.default' }}>
        <Card sx={{ width: '100%', maxWidth: wide ? 720 : 460 }}>
          <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
            <Brand />
            <Heading title={title} subtitle={subtitle} />
            {children}
          </CardContent>
        </Card>
      </Box>
    )
  }
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'flex', bgcolor: 'background.paper' }}>
      <Box
        aria-hidden
        sx={{
          display: { xs: 'none', md: 'flex' },
          flex: 1,
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 3,
          p: 6,
          color: 'primary.contrastText',
          background: (th) => `linear-gradient(135deg, ${th.palette.primary.main}, ${th.palette.info.main})`,
        }}
      >
        <Icon size={160} stroke={1} />
        <Typography variant="h5" component="p" sx={{ color: 'inherit', textAlign: 'center', maxWidth: 360 }}>
          {t('auth.tagline')}
        </Typography>
      </Box>
      <Box sx={{ width: { xs: '100%', md: wide ? 620 : 480 }, display: 'flex', alignItems: 'center', justifyContent: 'center', p: { xs: 2.5, sm: 5 } }}>
        <Box sx={{ width: '100%', maxWidth: wide ? 560 : 400 }}>
          <Brand />
          <Heading title={title} subtitle={subtitle} />
          {children}
        </Box>
      </Box>
    </Box>
  )
}
