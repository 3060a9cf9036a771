import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import Grid from '@mui/material/Grid'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import { useTheme } from '@mui/material/styles'
import { IconCurrencyEuro, IconEye, IconMessage, IconPhoneCall, IconShoppingCart, IconUsers } from '@tabler/icons-react'
import type { ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { Sparkline } from './sparkline'
import { intlLocale } from '../../apps/hooks/use-demo-t'
import { useNumberFormat } from '../../kit/number-format'

type Color = 'primary' | 'success' | 'info' | 'warning' | 'error' | 'secondary'
const TILES: { key: string; value: number; change: number; icon: ComponentType<{ size?: number }>; color: Color; trend: number[] }[] = [
  { key: 'revenue', value: 42389, change: 12.4, icon: IconCurrencyEuro, color: 'success', trend: [20, 26, 24, 31, 35, 33, 42] },
  { key: 'orders', value: 1286, change: 4.1, icon: IconShoppingCart, color: 'primary', trend: [10, 12, 11, 13, 15, 14, 16] },
  { key: 'visitors', value: 58210, change: -3.2, icon: IconEye, color: 'info', trend: [60, 62, 59, 57, 58, 55, 56] },
  { key: 'customers', value: 8549, change: 8.9, icon: IconUsers, color: 'warning', trend: [5, 6, 6, 7, 7, 8, 9] },
  { key: 'messages', value: 3170, change: 15.0, icon: IconMessage, color: 'secondary', trend: [2, 3, 3, 4, 3, 5, 6] },
  { key: 'calls', value: 412, change: -1.5, icon: IconPhoneCall, color: 'error', trend: [6, 5, 6, 5, 4, 5, 4] },
]

export function CardStatisticsDemos() {
  const { t, i18n } = useTranslation('demo-ui')
  const fmt = useNumberFormat()
  const theme = useTheme()
  const nf = new Intl.NumberFormat(intlLocale(i18n.language))
  const pct = new Intl.NumberFormat(intlLocale(i18n.language), { style: 'percent', maximumFractionDigits: 1, signDisplay: 'always' })
  return (
    <Grid container spacing={3}>
      {TILES.map((s) => (
        <Grid key={s.key} size={{ xs: 12, sm: 6, lg: 4 }}>
          <Card>
            <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
              <Avatar variant="rounded" sx={{ bgcolor: `${s.color}.main`, width: 48, height: 48 }}>
                <s.icon size={26} />
              </Avatar>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="h5" component="p">
                  {nf.format(s.value)}
                </Typography>
                <Typography color="text.secondary">{t(`cards.stats.${s.key}`)}</Typography>
              </Box>
              <Box sx={{ textAlign: 'end' }}>
                <Sparkline data={s.trend} color={theme.palette[s.color].main} width={80} height={32} />
                <Chip size="small" color={s.change >= 0 ? 'success' : 'error'} variant="outlined" label={pct.format(s.change / 100)} />
              </Box>
            </CardContent>
          </Card>
        </Grid>
      ))}
      {(['storage', 'bandwidth', 'listings'] as const).map((k, i) => {
        const used = [72, 38, 91][i] ?? 0
        return (
          <Grid key={k} size={{ xs: 12, md: 4 }}>
            <Card>
              <CardContent>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 1 }}>
                  <Typography id={`quota-${k}`} sx={{ fontWeight: 600 }}>
                    {t(`cards.stats.quota.${k}`)}
                  </Typography>
                  <Typography color="text.secondary">{fmt.percent(used)}</Typography>
                </Box>
                <LinearProgress variant="determinate" value={used} color={used > 85 ? 'error' : 'primary'} aria-labelledby={`quota-${k}`} sx={{ height: 8, borderRadius: 4 }} />
                <Typography variant="caption" color="text.secondary">
                  {used > 85 ? t('cards.stats.quota.almostFull') : t('cards.stats.quota.ok')}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        )
      })}
    </Grid>
  )
}
