import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Grid from '@mui/material/Grid'
import LinearProgress from '@mui/material/LinearProgress'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemAvatar from '@mui/material/ListItemAvatar'
import ListItemText from '@mui/material/ListItemText'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import { IconBrandPaypal, IconCreditCard, IconWallet } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TitledCard } from './titled-card'
import { useNumberFormat } from '../../kit/number-format'
import { intlLocale } from '../../apps/hooks/use-demo-t'

const SELLERS = [
  { name: 'Amelia Clarke', sales: 184, city: 'Lisbon' },
  { name: 'Chen Wei', sales: 152, city: 'Shenzhen' },
  { name: 'Emil Nowak', sales: 131, city: 'Warsaw' },
  { name: 'Giulia Romano', sales: 97, city: 'Turin' },
]
const TRANSACTIONS = [
  { kind: 'card', amount: -82.5, icon: IconCreditCard },
  { kind: 'paypal', amount: 249, icon: IconBrandPaypal },
  { kind: 'wallet', amount: -12.99, icon: IconWallet },
  { kind: 'card', amount: 1200, icon: IconCreditCard },
] as const
const COUNTRIES = [
  { name: 'Portugal', value: 38 },
  { name: 'Poland', value: 27 },
  { name: 'Brazil', value: 19 },
  { name: 'Egypt', value: 16 },
]
const BROWSER = { desktop: [62, 25, 13], mobile: [71, 20, 9] }

export function CardAdvanceDemos() {
  const { t, i18n } = useTranslation('demo-ui')
  const nf = useNumberFormat()
  const [tab, setTab] = useState<'desktop' | 'mobile'>('desktop')
  const money = new Intl.NumberFormat(intlLocale(i18n.language), { style: 'currency', currency: 'EUR', signDisplay: 'always' })
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <TitledCard title={t('cards.advance.topSellers')} subheader={t('cards.advance.thisMonth')}>
          <List disablePadding>
            {SELLERS.map((s) => (
              <ListItem key={s.name} disableGutters secondaryAction={<Chip size="small" label={s.sales} color="primary" variant="outlined" />}>
                <ListItemAvatar>
                  <Avatar>{s.name[0]}</Avatar>
                </ListItemAvatar>
                <ListItemText primary={s.name} secondary={s.city} />
              </ListItem>
            ))}
          </List>
        </TitledCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <TitledCard title={t('cards.advance.transactions')}>
          <List disablePadding>
            {TRANSACTIONS.map((tr, i) => (
              <ListItem key={i} disableGutters secondaryAction={<Typography color={tr.amount < 0 ? 'error' : 'success.main'}>{money.format(tr.amount)}</Typography>}>
                <ListItemAvatar>
                  <Avatar variant="rounded" sx={{ bgcolor: 'action.selected', color: 'text.primary' }}>
                    <tr.icon size={20} />
                  </Avatar>
                </ListItemAvatar>
                <ListItemText primary={t(`cards.advance.methods.${tr.kind}`)} secondary={tr.amount < 0 ? t('cards.advance.payment') : t('cards.advance.refund')} />
              </ListItem>
            ))}
          </List>
        </TitledCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <TitledCard title={t('cards.advance.salesByCountry')}>
          {COUNTRIES.map((c) => (
            <Box key={c.name} sx={{ mb: 2 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
                <Typography id={`c-${c.name}`}>{c.name}</Typography>
                <Typography color="text.secondary">{nf.percent(c.value)}</Typography>
              </Box>
              <LinearProgress variant="determinate" value={c.value * 2} aria-labelledby={`c-${c.name}`} sx={{ height: 6, borderRadius: 3 }} />
            </Box>
          ))}
        </TitledCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TitledCard title={t('cards.advance.devices')}>
          <Tabs value={tab} onChange={(_, v: 'desktop' | 'mobile') => setTab(v)} aria-label={t('cards.advance.devices')} sx={{ mb: 2 }}>
            <Tab value="desktop" label={t('cards.advance.desktop')} />
            <Tab value="mobile" label={t('cards.advance.mobile')} />
          </Tabs>
          {['Chrome', 'Firefox', 'Safari'].map((b, i) => (
            <Box key={b} sx={{ display: 'flex', justifyContent: 'space-between', py: 1, borderBottom: 1, borderColor: 'divider' }}>
              <Typography>{b}</Typography>
              <Typography sx={{ fontWeight: 600 }}>{nf.percent(BROWSER[tab][i] ?? 0)}</Typography>
            </Box>
          ))}
        </TitledCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TitledCard title={t('cards.advance.meetings')}>
          <List disablePadding>
            {(['viewing', 'call', 'signing'] as const).map((m, i) => (
              <ListItem key={m} disableGutters secondaryAction={<Chip size="small" label={['10:00', '13:30', '16:00'][i]} />}>
                <ListItemText primary={t(`cards.advance.meetingItems.${m}`)} secondary={['Amelia Clarke', 'Karim Mansour', 'Lena Schmidt'][i]} />
              </ListItem>
            ))}
          </List>
        </TitledCard>
      </Grid>
    </Grid>
  )
}
