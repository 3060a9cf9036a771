import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Grid from '@mui/material/Grid'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import { IconAward, IconConfetti, IconFlame, IconTrophy } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { intlLocale } from '../../apps/hooks/use-demo-t'

const GOAL = 50

export function CardGamificationDemos() {
  const { t, i18n } = useTranslation('demo-ui')
  const [sold, setSold] = useState(42)
  const [claimed, setClaimed] = useState(false)
  const money = new Intl.NumberFormat(intlLocale(i18n.language), { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 })
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Card sx={{ height: '100%' }}>
          <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <Box sx={{ flex: 1 }}>
              <Typography variant="h5" component="h2">
                {t('cards.game.congrats', { name: 'Amelia' })}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {t('cards.game.bestSeller')}
              </Typography>
              <Typography variant="h4" component="p" color="primary" sx={{ mb: 2 }}>
                {money.format(48900)}
              </Typography>
              <Button variant="contained" disabled={claimed} onClick={() => setClaimed(true)}>
                {claimed ? t('cards.game.claimed') : t('cards.game.claim')}
              </Button>
            </Box>
            <Box sx={{ color: 'warning.main', display: { xs: 'none', sm: 'block' } }}>
              <IconTrophy size={110} stroke={1.2} aria-hidden />
            </Box>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Card sx={{ height: '100%' }}>
          <CardContent>
            <Typography variant="h6" component="h2">
              {t('cards.game.goalTitle')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }} role="status">
              {sold >= GOAL ? t('cards.game.goalReached') : t('cards.game.goalLeft', { count: GOAL - sold })}
            </Typography>
            <LinearProgress variant="determinate" value={Math.min(100, (sold / GOAL) * 100)} sx={{ height: 10, borderRadius: 5, mb: 1 }} aria-label={t('cards.game.goalTitle')} color={sold >= GOAL ? 'success' : 'primary'} />
            <Typography variant="body2" sx={{ mb: 2 }}>{`${sold} / ${GOAL}`}</Typography>
            <Button variant="outlined" onClick={() => setSold((s) => s + 1)} startIcon={sold >= GOAL ? <IconConfetti size={18} /> : undefined}>
              {t('cards.game.recordSale')}
            </Button>
          </CardContent>
        </Card>
      </Grid>
      {([['streak', IconFlame, 'error', 12], ['badges', IconAward, 'info', 7]] as const).map(([k, Icon, color, n]) => (
        <Grid key={k} size={{ xs: 12, sm: 6 }}>
          <Card>
            <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
              <Avatar sx={{ bgcolor: `${color}.main`, width: 56, height: 56 }}>
                <Icon size={30} />
              </Avatar>
              <Box>
                <Typography variant="h5" component="p">
                  {n}
                </Typography>
                <Typography color="text.secondary">{t(`cards.game.${k}`)}</Typography>
              </Box>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  )
}
