import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CardHeader from '@mui/material/CardHeader'
import Chip from '@mui/material/Chip'
import Grid from '@mui/material/Grid'
import InputAdornment from '@mui/material/InputAdornment'
import IconButton from '@mui/material/IconButton'
import Snackbar from '@mui/material/Snackbar'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { GridColDef } from '@mui/x-data-grid'
import { IconCopy, IconCurrencyDollar, IconGift, IconUserPlus, IconUsers } from '@tabler/icons-react'
import { useMemo, useState, type FormEvent } from 'react'
import { referrals, type Referral } from '../../data/ecommerce'
import { useDemoFormat, useDemoT } from '../../hooks/use-demo-t'
import { DemoDataGrid } from '../demo-data-grid'
import { PageHeader } from '../page-header'
import { StatCard } from '../stat-card'

const STATUS_COLOR = { paid: 'success', unpaid: 'warning', rejected: 'error' } as const
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const LINK = 'https://souk.example/r/K8F2QX'

export function Referrals() {
  const { t } = useDemoT()
  const f = useDemoFormat()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [toast, setToast] = useState<string | null>(null)
  const columns = useMemo<GridColDef<Referral>[]>(
    () => [
      { field: 'name', headerName: t('ecom.referrals.user'), flex: 1, minWidth: 180 },
      { field: 'email', headerName: t('common.email'), flex: 1, minWidth: 220 },
      { field: 'referredId', headerName: t('ecom.referrals.referredId'), minWidth: 120 },
      { field: 'status', headerName: t('common.status'), minWidth: 110, renderCell: (p) => <Chip size="small" color={STATUS_COLOR[p.row.status]} label={t(`ecom.referrals.status.${p.row.status}`)} /> },
      { field: 'value', headerName: t('ecom.referrals.value'), type: 'number', minWidth: 100, valueFormatter: (v: number) => f.money(v) },
      { field: 'earnings', headerName: t('ecom.referrals.earnings'), type: 'number', minWidth: 100, valueFormatter: (v: number) => f.money(v) },
    ],
    [t, f],
  )
  const invite = (e: FormEvent) => {
    e.preventDefault()
    if (!EMAIL.test(email)) return setError(t('validation.email'))
    setError(null)
    setToast(t('ecom.referrals.invited', { email }))
    setEmail('')
  }
  const copy = () => {
    void navigator.clipboard?.writeText(LINK)
    setToast(t('ecom.referrals.copied'))
  }
  return (
    <>
      <PageHeader title={t('ecom.referrals.title')} />
      <Grid container spacing={4} sx={{ mb: 4 }}>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconCurrencyDollar size={22} />} label={t('ecom.referrals.totalEarning')} value={f.money(24983)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconGift size={22} />} tone="success" label={t('ecom.referrals.unpaidEarning')} value={f.money(8647)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconUsers size={22} />} tone="warning" label={t('ecom.referrals.signups')} value={f.number(2367)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconUserPlus size={22} />} tone="info" label={t('ecom.referrals.conversion')} value={f.percent(0.064)} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card sx={{ height: '100%' }}>
            <CardHeader title={t('ecom.referrals.howTo')} />
            <CardContent sx={{ display: 'grid', gap: 2 }}>
              {(['step1', 'step2', 'step3'] as const).map((s, i) => (
                <Box key={s} sx={{ display: 'flex', gap: 2 }}>
                  <Chip label={i + 1} color="primary" size="small" />
                  <Typography variant="body2">{t(`ecom.referrals.${s}`)}</Typography>
                </Box>
              ))}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card sx={{ height: '100%' }}>
            <CardHeader title={t('ecom.referrals.inviteFriends')} />
            <CardContent sx={{ display: 'grid', gap: 3 }}>
              <Box component="form" noValidate onSubmit={invite} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
                <TextField size="small" type="email" label={t('common.email')} value={email} onChange={(e) => setEmail(e.target.value)} error={!!error} helperText={error} sx={{ flex: 1, minWidth: 200 }} />
                <Button type="submit" variant="contained">
                  {t('ecom.referrals.sendInvite')}
                </Button>
              </Box>
              <TextField
                size="small"
                label={t('ecom.referrals.shareLink')}
                value={LINK}
                slotProps={{
                  input: {
                    readOnly: true,
                    endAdornment: (
                      <InputAdornment position="end">
                        <IconButton aria-label={t('ecom.referrals.copyLink')} onClick={copy} edge="end">
                          <IconCopy size={18} />
                        </IconButton>
                      </InputAdornment>
                    ),
                  },
                }}
              />
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <Card>
        <CardHeader title={t('ecom.referrals.referredUsers')} />
        <DemoDataGrid label={t('ecom.referrals.referredUsers')} rows={referrals} columns={columns} />
      </Card>
      <Snackbar open={toast !== null} autoHideDuration={3000} onClose={() => setToast(null)} message={toast ?? ''} />
    </>
  )
}
