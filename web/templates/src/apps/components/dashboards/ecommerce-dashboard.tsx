import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CardHeader from '@mui/material/CardHeader'
import Grid from '@mui/material/Grid'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemAvatar from '@mui/material/ListItemAvatar'
import ListItemText from '@mui/material/ListItemText'
import Tab from '@mui/material/Tab'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import { IconBox, IconShoppingCart, IconTrendingUp, IconUsers } from '@tabler/icons-react'
import { useState } from 'react'
import { ProductThumb } from '../ecommerce/product-thumb'
import { ecommercePopular, ecommerceRecentOrders, ecommerceRevenue } from '../../data/dashboards'
import { useCalendarLabels } from '../../hooks/use-calendar-labels'
import { useDemoFormat, useDemoT } from '../../hooks/use-demo-t'
import { DemoChart } from '../demo-chart'
import { PageHeader } from '../page-header'
import { StatCard } from '../stat-card'
import { OrderStatusChip } from '../ecommerce/order-status-chip'

type OrderFilter = 'all' | 'delivered' | 'processing' | 'shipped' | 'cancelled'

export function EcommerceDashboard() {
  const { t } = useDemoT()
  const f = useDemoFormat()
  const { months } = useCalendarLabels()
  const [filter, setFilter] = useState<OrderFilter>('all')
  const orders = ecommerceRecentOrders.filter((o) => filter === 'all' || o.status === filter)

  return (
    <>
      <PageHeader title={t('dash.ecommerceTitle')} subtitle={t('dash.ecommerceSubtitle')} />
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="h6" component="h2">
                {t('dash.congrats', { name: 'Katie' })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('dash.bestSeller')}
              </Typography>
              <Typography variant="h4" color="primary" sx={{ my: 2 }}>
                {f.money(48900)}
              </Typography>
              <Button variant="contained" size="small">
                {t('dash.viewSales')}
              </Button>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Grid container spacing={4}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <StatCard icon={<IconTrendingUp size={22} />} label={t('common.sales')} value={f.money(230000)} trend={14.2} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <StatCard icon={<IconUsers size={22} />} tone="info" label={t('common.customers')} value={f.number(8549)} trend={6.8} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <StatCard icon={<IconBox size={22} />} tone="error" label={t('common.products')} value={f.number(1423)} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <StatCard icon={<IconShoppingCart size={22} />} tone="success" label={t('common.orders')} value={f.number(9745)} trend={3.1} />
            </Grid>
          </Grid>
        </Grid>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Card>
            <CardHeader title={t('dash.revenueReport')} subheader={t('dash.thousandsUsd')} />
            <CardContent>
              <DemoChart
                type="bar"
                height={300}
                label={t('dash.revenueReport')}
                series={[
                  { name: t('dash.earning'), data: ecommerceRevenue.earning },
                  { name: t('common.expenses'), data: ecommerceRevenue.expense },
                ]}
                options={{ chart: { stacked: true }, xaxis: { categories: months.slice(0, 9) }, plotOptions: { bar: { columnWidth: '40%', borderRadius: 4 } }, legend: { position: 'top' } }}
              />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Card sx={{ height: '100%' }}>
            <CardHeader title={t('dash.popularProducts')} subheader={t('dash.totalVisitors', { n: f.number(10400) })} />
            <List dense>
              {ecommercePopular.map((p) => (
                <ListItem key={p.id} secondaryAction={<Typography variant="body2">{f.money(p.price)}</Typography>}>
                  <ListItemAvatar>
                    <ProductThumb name={p.name} />
                  </ListItemAvatar>
                  <ListItemText primary={p.name} secondary={p.sku} />
                </ListItem>
              ))}
            </List>
          </Card>
        </Grid>
        <Grid size={12}>
          <Card>
            <CardHeader title={t('dash.recentOrders')} />
            <Tabs value={filter} onChange={(_, v: OrderFilter) => setFilter(v)} variant="scrollable" aria-label={t('dash.recentOrders')} sx={{ px: 2 }}>
              {(['all', 'delivered', 'processing', 'shipped', 'cancelled'] as const).map((k) => (
                <Tab key={k} value={k} label={k === 'all' ? t('common.all') : t(`ecom.orderStatus.${k}`)} />
              ))}
            </Tabs>
            <TableContainer>
              <Table size="small" aria-label={t('dash.recentOrders')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('ecom.order')}</TableCell>
                    <TableCell>{t('common.customer')}</TableCell>
                    <TableCell>{t('common.date')}</TableCell>
                    <TableCell align="right">{t('common.total')}</TableCell>
                    <TableCell>{t('common.status')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {orders.map((o) => (
                    <TableRow key={o.id} hover>
                      <TableCell>#{o.id}</TableCell>
                      <TableCell>{o.customer}</TableCell>
                      <TableCell>{f.date(o.date)}</TableCell>
                      <TableCell align="right">{f.money(o.total)}</TableCell>
                      <TableCell>
                        <OrderStatusChip status={o.status} />
                      </TableCell>
                    </TableRow>
                  ))}
                  {orders.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={5}>{t('common.noData')}</TableCell>
                    </TableRow>
                  )}
                </TableBody>
              </Table>
            </TableContainer>
          </Card>
        </Grid>
      </Grid>
    </>
  )
}
