import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useAppTitle } from '@/hooks/use-site'
import { LogoTile } from '@/components/logo-tile'

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const app = useAppTitle()
  return (
    <Box component="main" sx={{ flexGrow: 1, display: 'grid', placeItems: 'center', p: { xs: 1.5, sm: 3 }, bgcolor: 'background.default' }}>
      <Card sx={{ width: '100%', maxWidth: 460 }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Box component={Link} to="/" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 3, color: 'inherit', textDecoration: 'none' }}>
            <LogoTile size={34} />
            <Typography variant="h5" component="span" sx={{ fontWeight: 700 }}>
              {app}
            </Typography>
          </Box>
          <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </CardContent>
      </Card>
    </Box>
  )
}
