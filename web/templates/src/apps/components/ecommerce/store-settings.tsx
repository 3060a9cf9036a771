import { zodResolver } from '@hookform/resolvers/zod'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CardHeader from '@mui/material/CardHeader'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import Grid from '@mui/material/Grid'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import MenuItem from '@mui/material/MenuItem'
import Snackbar from '@mui/material/Snackbar'
import Switch from '@mui/material/Switch'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import TextField from '@mui/material/TextField'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { z } from 'zod'
import { useDemoFormat, useDemoT } from '../../hooks/use-demo-t'
import { PageHeader } from '../page-header'

type Section = 'store' | 'payments' | 'shipping' | 'notifications'
const SECTIONS: Section[] = ['store', 'payments', 'shipping', 'notifications']

const storeSchema = z.object({
  storeName: z.string().trim().min(3, 'validation.min3'),
  phone: z.string().trim().regex(/^\+?[\d\s()-]{7,}$/, 'validation.phone'),
  email: z.email('validation.email'),
  currency: z.enum(['USD', 'EUR', 'PLN', 'BRL', 'CNY']),
  timezone: z.string().min(1, 'validation.required'),
})
type StoreValues = z.infer<typeof storeSchema>

function StoreDetails({ onSaved }: { onSaved: () => void }) {
  const { t } = useDemoT()
  const { control, handleSubmit } = useForm<StoreValues>({
    resolver: zodResolver(storeSchema),
    defaultValues: { storeName: 'Souk Market', phone: '+1 202 555 0147', email: 'hello@souk.example', currency: 'USD', timezone: 'Europe/Warsaw' },
  })
  const err = (m?: string) => (m ? t(m) : undefined)
  return (
    <Card component="form" noValidate onSubmit={handleSubmit(onSaved)}>
      <CardHeader title={t('ecom.settings.store')} subheader={t('ecom.settings.storeSub')} />
      <CardContent sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {(['storeName', 'phone', 'email'] as const).map((name) => (
          <Controller key={name} name={name} control={control} render={({ field, fieldState }) => <TextField {...field} required label={t(`ecom.settings.${name}`)} error={!!fieldState.error} helperText={err(fieldState.error?.message)} />} />
        ))}
        <Controller
          name="currency"
          control={control}
          render={({ field }) => (
            <TextField select {...field} label={t('ecom.settings.currency')}>
              {['USD', 'EUR', 'PLN', 'BRL', 'CNY'].map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          name="timezone"
          control={control}
          render={({ field }) => (
            <TextField select {...field} label={t('ecom.settings.timezone')}>
              {['Europe/Warsaw', 'Europe/Madrid', 'America/New_York', 'America/Sao_Paulo', 'Asia/Shanghai', 'Africa/Cairo'].map((z) => (
                <MenuItem key={z} value={z}>
                  {z}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Button type="submit" variant="contained">
            {t('common.saveChanges')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  )
}

function Payments() {
  const { t } = useDemoT()
  const [enabled, setEnabled] = useState({ card: true, paypal: true, cash: false })
  return (
    <Card>
      <CardHeader title={t('ecom.settings.payments')} subheader={t('ecom.settings.paymentsSub')} />
      <CardContent sx={{ display: 'grid' }}>
        {(['card', 'paypal', 'cash'] as const).map((k) => (
          <FormControlLabel key={k} control={<Switch checked={enabled[k]} onChange={(e) => setEnabled({ ...enabled, [k]: e.target.checked })} />} label={t(`ecom.paymentMethod.${k}`)} />
        ))}
      </CardContent>
    </Card>
  )
}

function Shipping() {
  const { t } = useDemoT()
  const f = useDemoFormat()
  const [zones, setZones] = useState([
    { id: 1, region: 'PL', rate: 4.99 },
    { id: 2, region: 'DE', rate: 6.5 },
    { id: 3, region: 'US', rate: 12 },
  ])
  const [draft, setDraft] = useState({ region: 'FR', rate: '' })
  const [error, setError] = useState<string | null>(null)
  const add = () => {
    const rate = Number(draft.rate)
    if (draft.rate === '' || !Number.isFinite(rate) || rate < 0) return setError(t('validation.positive'))
    if (zones.some((z) => z.region === draft.region)) return setError(t('ecom.settings.zoneExists'))
    setZones([...zones, { id: Date.now(), region: draft.region, rate }])
    setDraft({ region: 'FR', rate: '' })
    setError(null)
  }
  return (
    <Card>
      <CardHeader title={t('ecom.settings.shipping')} subheader={t('ecom.settings.shippingSub')} />
      <Table size="small" aria-label={t('ecom.settings.shipping')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('common.country')}</TableCell>
            <TableCell align="right">{t('ecom.settings.rate')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {zones.map((z) => (
            <TableRow key={z.id}>
              <TableCell>{f.region(z.region)}</TableCell>
              <TableCell align="right">{f.money(z.rate)}</TableCell>
              <TableCell align="right">
                <Button size="small" color="error" onClick={() => setZones(zones.filter((x) => x.id !== z.id))}>
                  {t('common.delete')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <CardContent sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField select size="small" label={t('common.country')} value={draft.region} onChange={(e) => setDraft({ ...draft, region: e.target.value })} sx={{ minWidth: 160 }}>
          {['FR', 'ES', 'IT', 'PT', 'BR', 'CN', 'EG'].map((c) => (
            <MenuItem key={c} value={c}>
              {f.region(c)}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" type="number" label={t('ecom.settings.rate')} value={draft.rate} onChange={(e) => setDraft({ ...draft, rate: e.target.value })} error={!!error} helperText={error} />
        <Button variant="outlined" onClick={add}>
          {t('ecom.settings.addZone')}
        </Button>
      </CardContent>
    </Card>
  )
}

function Notifications() {
  const { t } = useDemoT()
  const events = ['newOrder', 'orderShipped', 'lowStock', 'newReview'] as const
  const [on, setOn] = useState<Record<string, boolean>>({ 'newOrder-email': true, 'newOrder-app': true, 'lowStock-email': true })
  return (
    <Card>
      <CardHeader title={t('ecom.settings.notifications')} />
      <Table size="small" aria-label={t('ecom.settings.notifications')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('ecom.settings.event')}</TableCell>
            <TableCell align="center">{t('common.email')}</TableCell>
            <TableCell align="center">{t('ecom.settings.app')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.map((ev) => (
            <TableRow key={ev}>
              <TableCell>{t(`ecom.settings.ev.${ev}`)}</TableCell>
              {(['email', 'app'] as const).map((ch) => (
                <TableCell key={ch} align="center">
                  <Checkbox
                    checked={!!on[`${ev}-${ch}`]}
                    onChange={(e) => setOn({ ...on, [`${ev}-${ch}`]: e.target.checked })}
                    slotProps={{ input: { 'aria-label': `${t(`ecom.settings.ev.${ev}`)} · ${ch === 'email' ? t('common.email') : t('ecom.settings.app')}` } }}
                  />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  )
}

export function StoreSettings() {
  const { t } = useDemoT()
  const [section, setSection] = useState<Section>('store')
  const [saved, setSaved] = useState(false)
  return (
    <>
      <PageHeader title={t('ecom.settings.title')} />
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 3 }}>
          <Card>
            <List component="nav" aria-label={t('ecom.settings.title')}>
              {SECTIONS.map((s) => (
                <ListItemButton key={s} selected={section === s} onClick={() => setSection(s)}>
                  <ListItemText primary={t(`ecom.settings.${s}`)} />
                </ListItemButton>
              ))}
            </List>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 9 }}>
          {section === 'store' && <StoreDetails onSaved={() => setSaved(true)} />}
          {section === 'payments' && <Payments />}
          {section === 'shipping' && <Shipping />}
          {section === 'notifications' && <Notifications />}
        </Grid>
      </Grid>
      <Snackbar open={saved} autoHideDuration={3000} onClose={() => setSaved(false)} message={t('common.savedOk')} />
    </>
  )
}
