import Timeline from '@mui/lab/Timeline'
import TimelineConnector from '@mui/lab/TimelineConnector'
import TimelineContent from '@mui/lab/TimelineContent'
import TimelineDot from '@mui/lab/TimelineDot'
import TimelineItem from '@mui/lab/TimelineItem'
import { timelineItemClasses } from '@mui/lab/TimelineItem'
import TimelineSeparator from '@mui/lab/TimelineSeparator'
import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CardHeader from '@mui/material/CardHeader'
import Grid from '@mui/material/Grid'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import type { Theme } from '@mui/material/styles'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useState } from 'react'
import { Link } from 'react-router'
import { customers, orders, products, type OrderStatus } from '../../data/ecommerce'
import { ProductThumb } from './product-thumb'
import { initials } from '../../data/people'
import { useDemoFormat, useDemoT } from '../../hooks/use-demo-t'
import { ConfirmDialog } from '../confirm-dialog'
import { NotFoundCard } from '../not-found-card'
import { PageHeader } from '../page-header'
import { OrderStatusChip } from './order-status-chip'

const STEPS = ['placed', 'pickup', 'dispatched', 'package', 'delivery'] as const
const REACHED: Record<OrderStatus, number> = { pending: 1, processing: 2, shipped: 4, delivered: 5, cancelled: 1 }
export const TAX_RATE = 0.08

export function OrderDetails({ id }: { id: string }) {
  const { t } = useDemoT()
  const f = useDemoFormat()
  const order = orders.find((o) => String(o.id) === id)
  const [status, setStatus] = useState<OrderStatus>(order?.status ?? 'pending')
  const [confirm, setConfirm] = useState(false)
  // On a phone the unit price gives way, so the line totals stay in view.
  const narrow = useMediaQuery((th: Theme) => th.breakpoints.down('sm'))
  const labelSpan = narrow ? 2 : 3
  if (!order) return <NotFoundCard backTo="/apps/ecommerce/order/list" />
  const customer = customers.find((c) => c.id === order.customerId)
  const lines = order.lines.map((l) => ({ ...l, product: products.find((p) => p.id === l.productId) }))
  const subtotal = lines.reduce((s, l) => s + (l.product?.price ?? 0) * l.qty, 0)
  const tax = subtotal * TAX_RATE
  const reached = REACHED[status]

  return (
    <>
      <PageHeader
        title={t('ecom.orderTitle', { id: order.id })}
        subtitle={f.dateTime(order.date)}
        actions={
          <>
            <OrderStatusChip status={status} />
            {status !== 'delivered' && status !== 'cancelled' && (
              <Button variant="contained" size="small" onClick={() => setStatus(status === 'shipped' ? 'delivered' : 'shipped')}>
                {status === 'shipped' ? t('ecom.markDelivered') : t('ecom.markShipped')}
              </Button>
            )}
            {status !== 'cancelled' && status !== 'delivered' && (
              <Button color="error" variant="outlined" size="small" onClick={() => setConfirm(true)}>
                {t('ecom.cancelOrder')}
              </Button>
            )}
          </>
        }
      />
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card sx={{ mb: 4 }}>
            <CardHeader title={t('ecom.orderDetails')} />
            <TableContainer>
              <Table size="small" aria-label={t('ecom.orderDetails')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('common.product')}</TableCell>
                    {!narrow && <TableCell align="right">{t('common.price')}</TableCell>}
                    <TableCell align="right">{t('common.quantity')}</TableCell>
                    <TableCell align="right">{t('common.total')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {lines.map((l) => (
                    <TableRow key={l.productId}>
                      <TableCell>
                        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                          {l.product && <ProductThumb name={l.product.name} size={34} />}
                          <span>{l.product?.name}</span>
                        </Box>
                      </TableCell>
                      {!narrow && <TableCell align="right">{f.money(l.product?.price ?? 0)}</TableCell>}
                      <TableCell align="right">{l.qty}</TableCell>
                      <TableCell align="right">{f.money((l.product?.price ?? 0) * l.qty)}</TableCell>
                    </TableRow>
                  ))}
                  <TableRow>
                    <TableCell colSpan={labelSpan} align="right">
                      {t('common.subtotal')}
                    </TableCell>
                    <TableCell align="right">{f.money(subtotal)}</TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell colSpan={labelSpan} align="right">
                      {t('common.tax')}
                    </TableCell>
                    <TableCell align="right">{f.money(tax)}</TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell colSpan={labelSpan} align="right" sx={{ fontWeight: 600 }}>
                      {t('common.total')}
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600 }}>
                      {f.money(subtotal + tax)}
                    </TableCell>
                  </TableRow>
                </TableBody>
              </Table>
            </TableContainer>
          </Card>
          <Card>
            <CardHeader title={t('ecom.shippingActivity')} />
            <CardContent>
              {/* Doubled class: the item's own ::before rule comes later in the sheet with equal weight. */}
              <Timeline sx={{ p: 0, [`&& .${timelineItemClasses.root}::before`]: { flex: 0, p: 0 } }}>
                {STEPS.map((s, i) => (
                  <TimelineItem key={s}>
                    <TimelineSeparator>
                      <TimelineDot color={i < reached ? 'primary' : 'grey'} variant={i < reached ? 'filled' : 'outlined'} />
                      {i < STEPS.length - 1 && <TimelineConnector />}
                    </TimelineSeparator>
                    <TimelineContent>
                      <Typography variant="subtitle2">{t(`ecom.ship.${s}`)}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {i < reached ? t('ecom.shipDone') : t('ecom.shipWaiting')}
                      </Typography>
                    </TimelineContent>
                  </TimelineItem>
                ))}
              </Timeline>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card>
            <CardHeader title={t('ecom.customerDetails')} />
            <CardContent sx={{ display: 'grid', gap: 2 }}>
              {customer && (
                <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                  <Avatar>{initials(customer.name)}</Avatar>
                  <Box>
                    <Typography component={Link} to={`/apps/ecommerce/customer/details/${customer.id}`} variant="subtitle2" sx={{ color: 'primary.main', textDecoration: 'none' }}>
                      {customer.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {customer.email}
                    </Typography>
                  </Box>
                </Box>
              )}
              <Typography variant="body2">
                <strong>{t('ecom.payment')}:</strong> {t(`ecom.paymentStatus.${order.payment}`)} · {t(`ecom.paymentMethod.${order.method}`)}
              </Typography>
              <Typography variant="body2">
                <strong>{t('ecom.shippingAddress')}:</strong> 45 Roker Terrace, Latheronwheel, KW5 8NW
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <ConfirmDialog open={confirm} title={t('ecom.cancelOrder')} text={t('ecom.cancelOrderText', { id: order.id })} confirmLabel={t('ecom.cancelOrder')} onConfirm={() => setStatus('cancelled')} onClose={() => setConfirm(false)} />
    </>
  )
}
