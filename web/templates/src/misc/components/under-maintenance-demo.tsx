import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import LinearProgress from '@mui/material/LinearProgress'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Typography from '@mui/material/Typography'
import { IconTool } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { intlLocale } from '../../apps/hooks/use-demo-t'

const SERVICES = [
  { key: 'listings', state: 'up' },
  { key: 'messages', state: 'up' },
  { key: 'calls', state: 'maintenance' },
  { key: 'payments', state: 'maintenance' },
] as const

export function UnderMaintenanceDemo() {
  const { t, i18n } = useTranslation('demo-ui')
  const [checked, setChecked] = useState<Date | null>(null)
  return (
    <Card sx={{ maxWidth: 720, mx: 'auto' }}>
      <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
        <Box sx={{ textAlign: 'center', mb: 3 }}>
          <Box sx={{ color: 'warning.main' }}>
            <IconTool size={72} stroke={1.3} aria-hidden />
          </Box>
          <Typography color="text.secondary">{t('misc.maintenance.text')}</Typography>
        </Box>
        <Typography id="mnt-progress" sx={{ fontWeight: 600, mb: 1 }}>
          {t('misc.maintenance.progress', { value: 70 })}
        </Typography>
        <LinearProgress variant="determinate" value={70} aria-labelledby="mnt-progress" sx={{ height: 8, borderRadius: 4, mb: 3 }} />
        <List dense aria-label={t('misc.maintenance.status')}>
          {SERVICES.map((s) => (
            <ListItem key={s.key} disableGutters secondaryAction={<Chip size="small" color={s.state === 'up' ? 'success' : 'warning'} label={t(`misc.maintenance.states.${s.state}`)} />}>
              <ListItemText primary={t(`misc.maintenance.services.${s.key}`)} />
            </ListItem>
          ))}
        </List>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 2 }}>
          <Button variant="contained" component={Link} to="/">
            {t('misc.maintenance.home')}
          </Button>
          <Button variant="outlined" onClick={() => setChecked(new Date())}>
            {t('misc.maintenance.check')}
          </Button>
        </Box>
        <Typography role="status" variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {checked ? t('misc.maintenance.checked', { time: checked.toLocaleTimeString(intlLocale(i18n.language)) }) : ''}
        </Typography>
      </CardContent>
    </Card>
  )
}
