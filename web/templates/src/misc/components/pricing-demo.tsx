import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import FormControlLabel from '@mui/material/FormControlLabel'
import Grid from '@mui/material/Grid'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import { IconCheck } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { intlLocale } from '../../apps/hooks/use-demo-t'

const PLANS = [
  { key: 'basic', monthly: 0, features: ['listings3', 'messages', 'support'] },
  { key: 'standard', monthly: 12, features: ['listings50', 'messages', 'calls', 'stats'] },
  { key: 'enterprise', monthly: 49, features: ['unlimited', 'messages', 'calls', 'stats', 'team', 'priority'] },
] as const

export function PricingDemo() {
  const { t, i18n } = useTranslation('demo-ui')
  const [annual, setAnnual] = useState(true)
  const [chosen, setChosen] = useState<string>('basic')
  const money = new Intl.NumberFormat(intlLocale(i18n.language), { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 })
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', alignItems: 'center', mb: 4 }}>
        <Typography>{t('pricing.monthly')}</Typography>
        <FormControlLabel control={<Switch checked={annual} onChange={(e) => setAnnual(e.target.checked)} />} label={t('pricing.annual')} />
        <Chip size="small" color="success" label={t('pricing.save')} />
      </Stack>
      <Grid container spacing={3}>
        {PLANS.map((p) => {
          const price = annual ? Math.round(p.monthly * 0.8) : p.monthly
          const popular = p.key === 'standard'
          return (
            <Grid key={p.key} size={{ xs: 12, md: 4 }}>
              <Card sx={{ height: '100%', border: popular ? 2 : 0, borderColor: 'primary.main' }}>
                <CardContent sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
                    <Typography variant="h5" component="h2">
                      {t(`pricing.plans.${p.key}.name`)}
                    </Typography>
                    {popular && <Chip size="small" color="primary" label={t('pricing.popular')} />}
                  </Box>
                  <Typography color="text.secondary" sx={{ mb: 2 }}>
                    {t(`pricing.plans.${p.key}.text`)}
                  </Typography>
                  <Typography variant="h3" component="p" color="primary">
                    {money.format(price)}
                    <Typography component="span" color="text.secondary">
                      {' '}
                      {t('pricing.perMonth')}
                    </Typography>
                  </Typography>
                  {annual && p.monthly > 0 && (
                    <Typography variant="caption" color="text.secondary">
                      {t('pricing.billedYearly', { total: money.format(price * 12) })}
                    </Typography>
                  )}
                  <List dense sx={{ flex: 1, my: 2 }}>
                    {p.features.map((f) => (
                      <ListItem key={f} disableGutters>
                        <ListItemIcon sx={{ minWidth: 32, color: 'success.main' }}>
                          <IconCheck size={18} />
                        </ListItemIcon>
                        <ListItemText primary={t(`pricing.features.${f}`)} />
                      </ListItem>
                    ))}
                  </List>
                  <Button variant={chosen === p.key ? 'outlined' : 'contained'} color={chosen === p.key ? 'success' : 'primary'} onClick={() => setChosen(p.key)} aria-pressed={chosen === p.key}>
                    {chosen === p.key ? t('pricing.current') : t('pricing.choose')}
                  </Button>
                </CardContent>
              </Card>
            </Grid>
          )
        })}
      </Grid>
    </>
  )
}
