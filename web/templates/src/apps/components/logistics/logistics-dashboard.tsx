import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CardHeader from '@mui/material/CardHeader'
import Chip from '@mui/material/Chip'
import Grid from '@mui/material/Grid'
import LinearProgress from '@mui/material/LinearProgress'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Typography from '@mui/material/Typography'
import type { GridColDef } from '@mui/x-data-grid'
import { IconAlertTriangle, IconClockExclamation, IconGitFork, IconTruck } from '@tabler/icons-react'
import { useMemo } from 'react'
import { deliveryPerformance, depots, exceptions, shipments, vehicles, type Vehicle } from '../../data/logistics'
import { useDemoFormat, useDemoT } from '../../hooks/use-demo-t'
import { DemoChart } from '../demo-chart'
import { DemoDataGrid } from '../demo-data-grid'
import { PageHeader } from '../page-header'
import { StatCard } from '../stat-card'
import { useNumberFormat } from '../../../kit/number-format'

export type LogisticsVariant = 'operations' | 'overview' | 'network'

const WARNING_COLOR = { none: 'success', fuel: 'warning', temperature: 'error', ecu: 'info', oil: 'secondary' } as const

export function LogisticsDashboard({ variant }: { variant: LogisticsVariant }) {
  const { t } = useDemoT()
  const f = useDemoFormat()
  const nf = useNumberFormat()
  const columns = useMemo<GridColDef<Vehicle>[]>(
    () => [
      { field: 'id', headerName: t('logi.vehicle'), minWidth: 130, flex: 1 },
      { field: 'from', headerName: t('logi.startingRoute'), minWidth: 150, flex: 1 },
      { field: 'to', headerName: t('logi.endingRoute'), minWidth: 150, flex: 1 },
      {
        field: 'warnings',
        headerName: t('logi.warnings'),
        minWidth: 150,
        type: 'singleSelect',
        valueOptions: Object.keys(WARNING_COLOR).map((k) => ({ value: k, label: t(`logi.warning.${k}`) })),
        renderCell: (p) => <Chip size="small" color={WARNING_COLOR[p.row.warnings]} label={t(`logi.warning.${p.row.warnings}`)} />,
      },
      {
        field: 'progress',
        headerName: t('logi.progress'),
        type: 'number',
        minWidth: 160,
        renderCell: (p) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%', height: '100%' }}>
            <LinearProgress variant="determinate" value={p.row.progress} sx={{ flex: 1 }} aria-label={t('logi.progress')} />
            <Typography variant="body2">{nf.percent(p.row.progress)}</Typography>
          </Box>
        ),
      },
    ],
    [t, nf],
  )
  const title = t(`logi.title.${variant}`)
  const late = vehicles.filter((v) => v.warnings !== 'none').length

  return (
    <>
      <PageHeader title={title} subtitle={t(`logi.subtitle.${variant}`)} />
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconTruck size={22} />} label={t('logi.onRoute')} value={f.number(vehicles.length)} trend={18.2} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconAlertTriangle size={22} />} tone="warning" label={t('logi.withWarnings')} value={f.number(late)} trend={-8.7} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconGitFork size={22} />} tone="error" label={t('logi.outOfRoute')} value={f.number(27)} trend={4.3} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconClockExclamation size={22} />} tone="info" label={t('logi.lateVehicles')} value={f.number(13)} trend={-2.5} />
        </Grid>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Card>
            <CardHeader title={t('logi.shipmentStats')} subheader={t('logi.shipmentStatsSub')} />
            <CardContent>
              <DemoChart
                type="line"
                height={300}
                label={t('logi.shipmentStats')}
                series={[
                  { name: t('logi.shipped'), type: 'column', data: [...shipments.shipped] },
                  { name: t('logi.delivered'), type: 'line', data: [...shipments.delivered] },
                ]}
                options={{
                  xaxis: { categories: Array.from({ length: 10 }, (_, i) => f.dayMonth(`2026-11-${String(i + 1).padStart(2, '0')}`)) },
                  stroke: { width: [0, 3], curve: 'smooth' },
                  plotOptions: { bar: { columnWidth: '40%', borderRadius: 4 } },
                  legend: { position: 'top' },
                }}
              />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Card sx={{ height: '100%' }}>
            <CardHeader title={t('logi.deliveryPerformance')} />
            <List dense>
              {deliveryPerformance.map((d) => (
                <ListItem key={d.key} secondaryAction={<Typography variant="body2" color={d.change >= 0 ? 'success.main' : 'error.main'}>{nf.percent(d.change, { signed: true })}</Typography>}>
                  <ListItemText primary={t(`logi.perf.${d.key}`)} secondary={f.number(d.value)} />
                </ListItem>
              ))}
            </List>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Card sx={{ height: '100%' }}>
            <CardHeader title={t('logi.deliveryExceptions')} />
            <CardContent>
              <DemoChart
                type="donut"
                height={300}
                label={t('logi.deliveryExceptions')}
                series={exceptions.map((e) => e.value)}
                options={{ labels: exceptions.map((e) => t(`logi.exception.${e.key}`)), legend: { position: 'bottom' } }}
              />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Card>
            <CardHeader title={t('logi.onRouteVehicles')} />
            <DemoDataGrid label={t('logi.onRouteVehicles')} rows={vehicles} columns={columns} initialState={{ pagination: { paginationModel: { pageSize: 5 } } }} />
          </Card>
        </Grid>
        {variant === 'network' && (
          <Grid size={12}>
            <Card>
              <CardHeader title={t('logi.depotCapacity')} subheader={t('logi.depotCapacitySub')} />
              <CardContent>
                <DemoChart
                  type="bar"
                  height={260}
                  label={t('logi.depotCapacity')}
                  series={[
                    { name: t('logi.used'), data: depots.map((d) => d.used) },
                    { name: t('logi.capacity'), data: depots.map((d) => d.capacity) },
                  ]}
                  options={{ xaxis: { categories: depots.map((d) => d.name) }, plotOptions: { bar: { horizontal: true, borderRadius: 3 } }, legend: { position: 'top' } }}
                />
              </CardContent>
            </Card>
          </Grid>
        )}
      </Grid>
    </>
  )
}
