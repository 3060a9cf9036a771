import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import Chip from '@mui/material/Chip'
import Grid from '@mui/material/Grid'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import type { GridColDef } from '@mui/x-data-grid'
import { IconCalendarStats, IconChecks, IconCreditCardRefund, IconWallet } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { customers, orders, orderTotal, type Order, type OrderStatus } from '../../data/ecommerce'
import { useDemoFormat, useDemoT } from '../../hooks/use-demo-t'
import { DemoDataGrid } from '../demo-data-grid'
import { PageHeader } from '../page-header'
import { StatCard } from '../stat-card'
import { OrderStatusChip } from './order-status-chip'

const PAYMENT_COLOR = { paid: 'success', pending: 'warning', failed: 'error' } as const
const STATUSES: OrderStatus[] = ['pending', 'processing', 'shipped', 'delivered', 'cancelled']

interface Row extends Order {
  customer: string
  total: number
}

export function OrderList() {
  const { t } = useDemoT()
  const f = useDemoFormat()
  const [status, setStatus] = useState<OrderStatus | ''>('')
  const [query, setQuery] = useState('')
  const rows = useMemo<Row[]>(() => orders.map((o) => ({ ...o, customer: customers.find((c) => c.id === o.customerId)?.name ?? '', total: orderTotal(o) })), [])
  const visible = rows.filter((o) => (!status || o.status === status) && (!query || `${o.id} ${o.customer}`.toLowerCase().includes(query.toLowerCase())))
  const columns = useMemo<GridColDef<Row>[]>(
    () => [
      { field: 'id', headerName: t('ecom.order'), minWidth: 100, renderCell: (p) => <Link to={`/apps/ecommerce/order/details/${p.row.id}`}>#{p.row.id}</Link> },
      { field: 'date', headerName: t('common.date'), minWidth: 170, valueFormatter: (v: string) => f.dateTime(v) },
      { field: 'customer', headerName: t('common.customer'), flex: 1, minWidth: 180 },
      { field: 'payment', headerName: t('ecom.payment'), minWidth: 120, renderCell: (p) => <Chip size="small" color={PAYMENT_COLOR[p.row.payment]} label={t(`ecom.paymentStatus.${p.row.payment}`)} /> },
      { field: 'status', headerName: t('common.status'), minWidth: 130, renderCell: (p) => <OrderStatusChip status={p.row.status} /> },
      { field: 'method', headerName: t('ecom.method'), minWidth: 120, valueGetter: (_v, r) => t(`ecom.paymentMethod.${r.method}`) },
      { field: 'total', headerName: t('common.total'), type: 'number', minWidth: 110, valueFormatter: (v: number) => f.money(v) },
    ],
    [t, f],
  )
  const count = (s: OrderStatus) => rows.filter((o) => o.status === s).length
  return (
    <>
      <PageHeader title={t('ecom.orderListTitle')} />
      <Grid container spacing={4} sx={{ mb: 4 }}>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconCalendarStats size={22} />} tone="warning" label={t('ecom.pendingPayment')} value={f.number(rows.filter((o) => o.payment === 'pending').length)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconChecks size={22} />} tone="success" label={t('ecom.completed')} value={f.number(count('delivered'))} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconWallet size={22} />} label={t('ecom.refunded')} value={f.number(count('cancelled'))} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconCreditCardRefund size={22} />} tone="error" label={t('ecom.failed')} value={f.number(rows.filter((o) => o.payment === 'failed').length)} />
        </Grid>
      </Grid>
      <Card>
        <Box sx={{ p: 3, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 3 }}>
          <TextField size="small" label={t('common.search')} value={query} onChange={(e) => setQuery(e.target.value)} />
          <TextField select size="small" label={t('common.status')} value={status} onChange={(e) => setStatus(e.target.value as OrderStatus | '')}>
            <MenuItem value="">{t('common.all')}</MenuItem>
            {STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`ecom.orderStatus.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <DemoDataGrid label={t('ecom.orderListTitle')} rows={visible} columns={columns} checkboxSelection />
      </Card>
    </>
  )
}
