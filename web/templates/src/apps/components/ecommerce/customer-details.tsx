import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CardHeader from '@mui/material/CardHeader'
import Chip from '@mui/material/Chip'
import Divider from '@mui/material/Divider'
import FormControlLabel from '@mui/material/FormControlLabel'
import Grid from '@mui/material/Grid'
import Switch from '@mui/material/Switch'
import Tab from '@mui/material/Tab'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Tabs from '@mui/material/Tabs'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { customers, orders, orderTotal } from '../../data/ecommerce'
import { initials } from '../../data/people'
import { useDemoFormat, useDemoT } from '../../hooks/use-demo-t'
import { ConfirmDialog } from '../confirm-dialog'
import { NotFoundCard } from '../not-found-card'
import { PageHeader } from '../page-header'
import { OrderStatusChip } from './order-status-chip'

type TabKey = 'overview' | 'security' | 'address' | 'notifications'

function SecurityTab() {
  const { t } = useDemoT()
  const [pw, setPw] = useState({ next: '', confirm: '' })
  const [error, setError] = useState<{ next?: string; confirm?: string }>({})
  const [done, setDone] = useState(false)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const next: typeof error = {}
    if (pw.next.length < 8 || !/[A-Z]/.test(pw.next) || !/\d/.test(pw.next)) next.next = t('validation.password')
    if (pw.confirm !== pw.next) next.confirm = t('validation.passwordMatch')
    setError(next)
    setDone(Object.keys(next).length === 0)
  }
  return (
    <Card>
      <CardHeader title={t('ecom.changePassword')} />
      <CardContent component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField type="password" label={t('ecom.newPassword')} value={pw.next} onChange={(e) => setPw({ ...pw, next: e.target.value })} error={!!error.next} helperText={error.next ?? t('ecom.passwordHint')} autoComplete="new-password" />
        <TextField type="password" label={t('ecom.confirmPassword')} value={pw.confirm} onChange={(e) => setPw({ ...pw, confirm: e.target.value })} error={!!error.confirm} helperText={error.confirm} autoComplete="new-password" />
        <Box>
          <Button type="submit" variant="contained">
            {t('ecom.changePassword')}
          </Button>
        </Box>
        {done && <Typography color="success.main">{t('ecom.passwordChanged')}</Typography>}
      </CardContent>
    </Card>
  )
}

export function CustomerDetails({ id }: { id: string }) {
  const { t } = useDemoT()
  const f = useDemoFormat()
  const [tab, setTab] = useState<TabKey>('overview')
  const [suspended, setSuspended] = useState(false)
  const [confirm, setConfirm] = useState(false)
  const [prefs, setPrefs] = useState({ orders: true, promotions: false, newsletter: true })
  const customer = customers.find((c) => String(c.id) === id)
  if (!customer) return <NotFoundCard backTo="/apps/ecommerce/customer/list" />
  const own = orders.filter((o) => o.customerId === customer.id)

  return (
    <>
      <PageHeader
        title={t('ecom.customerTitle', { id: customer.id })}
        subtitle={t('ecom.customerSince', { date: f.date(customer.joined) })}
        actions={
          <Button color="error" variant="outlined" disabled={suspended} onClick={() => setConfirm(true)}>
            {suspended ? t('ecom.suspended') : t('ecom.suspendCustomer')}
          </Button>
        }
      />
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card>
            <CardContent sx={{ textAlign: 'center' }}>
              <Avatar sx={{ width: 96, height: 96, mx: 'auto', mb: 2, fontSize: 32 }}>{initials(customer.name)}</Avatar>
              <Typography variant="h6" component="h2">
                {customer.name}
              </Typography>
              {suspended && <Chip size="small" color="error" label={t('ecom.suspended')} sx={{ mt: 1 }} />}
              <Box sx={{ display: 'flex', justifyContent: 'center', gap: 4, my: 3 }}>
                <Box>
                  <Typography variant="h6">{f.number(customer.orders)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('common.orders')}
                  </Typography>
                </Box>
                <Box>
                  <Typography variant="h6">{f.money(customer.spent)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('ecom.totalSpent')}
                  </Typography>
                </Box>
              </Box>
              <Divider sx={{ mb: 2 }} />
              <Box sx={{ textAlign: 'start', display: 'grid', gap: 1 }}>
                <Typography variant="body2">
                  <strong>{t('common.email')}:</strong> {customer.email}
                </Typography>
                <Typography variant="body2">
                  <strong>{t('common.country')}:</strong> {f.region(customer.country)}
                </Typography>
                <Typography variant="body2">
                  <strong>{t('common.status')}:</strong> {suspended ? t('ecom.suspended') : t('common.active')}
                </Typography>
              </Box>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Tabs value={tab} onChange={(_, v: TabKey) => setTab(v)} variant="scrollable" aria-label={t('ecom.customerSections')} sx={{ mb: 3 }}>
            {(['overview', 'security', 'address', 'notifications'] as const).map((k) => (
              <Tab key={k} value={k} label={t(`ecom.customerTab.${k}`)} />
            ))}
          </Tabs>
          {tab === 'overview' && (
            <Card>
              <CardHeader title={t('ecom.ordersPlaced')} />
              <TableContainer>
                <Table size="small" aria-label={t('ecom.ordersPlaced')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('ecom.order')}</TableCell>
                      <TableCell>{t('common.date')}</TableCell>
                      <TableCell>{t('common.status')}</TableCell>
                      <TableCell align="right">{t('common.total')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {own.map((o) => (
                      <TableRow key={o.id} hover>
                        <TableCell>
                          <Link to={`/apps/ecommerce/order/details/${o.id}`}>#{o.id}</Link>
                        </TableCell>
                        <TableCell>{f.date(o.date)}</TableCell>
                        <TableCell>
                          <OrderStatusChip status={o.status} />
                        </TableCell>
                        <TableCell align="right">{f.money(orderTotal(o))}</TableCell>
                      </TableRow>
                    ))}
                    {own.length === 0 && (
                      <TableRow>
                        <TableCell colSpan={4}>{t('common.noData')}</TableCell>
                      </TableRow>
                    )}
                  </TableBody>
                </Table>
              </TableContainer>
            </Card>
          )}
          {tab === 'security' && <SecurityTab />}
          {tab === 'address' && (
            <Card>
              <CardHeader title={t('ecom.addressBook')} />
              <CardContent sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                <Box>
                  <Typography variant="subtitle2">{t('ecom.homeAddress')}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    45 Roker Terrace, Latheronwheel, KW5 8NW, {f.region('GB')}
                  </Typography>
                </Box>
                <Box>
                  <Typography variant="subtitle2">{t('ecom.billingAddress')}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    512 Water Plant, Kirkwall, KW15 1AS, {f.region('GB')}
                  </Typography>
                </Box>
              </CardContent>
            </Card>
          )}
          {tab === 'notifications' && (
            <Card>
              <CardHeader title={t('ecom.customerTab.notifications')} />
              <CardContent sx={{ display: 'grid' }}>
                {(['orders', 'promotions', 'newsletter'] as const).map((k) => (
                  <FormControlLabel key={k} control={<Switch checked={prefs[k]} onChange={(e) => setPrefs({ ...prefs, [k]: e.target.checked })} />} label={t(`ecom.notify.${k}`)} />
                ))}
              </CardContent>
            </Card>
          )}
        </Grid>
      </Grid>
      <ConfirmDialog
        open={confirm}
        title={t('ecom.suspendCustomer')}
        text={t('ecom.suspendText', { name: customer.name })}
        confirmLabel={t('ecom.suspend')}
        onConfirm={() => setSuspended(true)}
        onClose={() => setConfirm(false)}
      />
    </>
  )
}
