import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import type { Destination } from '../data/destinations'
import { intlLocale } from '../../apps/hooks/use-demo-t'

export function SlideCard({ d, height = 260 }: { d: Destination; height?: number }) {
  const { t, i18n } = useTranslation('demo-ui')
  return (
    <Box
      sx={{
        height,
        borderRadius: 2,
        p: 3,
        color: '#fff',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'flex-end',
        background: `linear-gradient(135deg, ${d.colors[0]}, ${d.colors[1]})`,
      }}
    >
      <Typography variant="h5" component="p" sx={{ color: 'inherit', fontWeight: 700 }}>
        {d.city}
      </Typography>
      <Typography sx={{ color: 'inherit', opacity: 0.9 }}>
        {d.country} · {t('extensions.swiper.listings', { count: new Intl.NumberFormat(intlLocale(i18n.language)).format(d.listings) })}
      </Typography>
    </Box>
  )
}
