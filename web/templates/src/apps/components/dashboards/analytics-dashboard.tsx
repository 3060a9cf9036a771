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
import TableSortLabel from '@mui/material/TableSortLabel'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import { IconChartBar, IconClock, IconEye, IconUsers } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import { analyticsSources, analyticsTopPages, analyticsTraffic } from '../../data/dashboards'
import { useCalendarLabels } from '../../hooks/use-calendar-labels'
import { useDemoFormat, useDemoT } from '../../hooks/use-demo-t'
import { DemoChart } from '../demo-chart'
import { PageHeader } from '../page-header'
import { StatCard } from '../stat-card'

type Period = 'week' | 'month'
type SortKey = 'views' | 'avgTime' | 'bounce'

export function AnalyticsDashboard() {
  const { t } = useDemoT()
  const f = useDemoFormat()
  const { weekdays } = useCalendarLabels()
  const [period, setPeriod] = useState<Period>('week')
  const [sort, setSort] = useState<{ key: SortKey; dir: 'asc' | 'desc' }>({ key: 'views', dir: 'desc' })
  const traffic = analyticsTraffic[period]
  const categories = period === 'week' ? weekdays : [1, 2, 3, 4].map((n) => t('dash.weekN', { n }))
  const sessions = traffic.sessions.reduce((a, b) => a + b, 0)
  const views = traffic.views.reduce((a, b) => a + b, 0)
  const pages = useMemo(
    () => [...analyticsTopPages].sort((a, b) => (sort.dir === 'asc' ? a[sort.key] - b[sort.key] : b[sort.key] - a[sort.key])),
    [sort],
  )
  const sortBy = (key: SortKey) => setSort((s) => ({ key, dir: s.key === key && s.dir === 'desc' ? 'asc' : 'desc' }))

  return (
    <>
      <PageHeader
        title={t('dash.analyticsTitle')}
        subtitle={t('dash.analyticsSubtitle')}
        actions={
          <ToggleButtonGroup size="small" exclusive value={period} onChange={(_, v: Period | null) => v && setPeriod(v)} aria-label={t('dash.period')}>
            <ToggleButton value="week">{t('common.thisWeek')}</ToggleButton>
            <ToggleButton value="month">{t('common.thisMonth')}</ToggleButton>
          </ToggleButtonGroup>
        }
      />
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconUsers size={22} />} label={t('dash.sessions')} value={f.number(sessions)} trend={12.4} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconEye size={22} />} tone="info" label={t('dash.pageViews')} value={f.number(views)} trend={8.1} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconChartBar size={22} />} tone="warning" label={t('dash.bounceRate')} value={f.percent(0.284)} trend={-2.3} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconClock size={22} />} tone="success" label={t('dash.avgSession')} value="2:47" trend={4.6} />
        </Grid>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Card>
            <CardHeader title={t('dash.trafficOverview')} subheader={t('dash.sessionsVsViews')} />
            <CardContent>
              <DemoChart
                type="area"
                height={300}
                label={t('dash.trafficOverview')}
                series={[
                  { name: t('dash.sessions'), data: traffic.sessions },
                  { name: t('dash.pageViews'), data: traffic.views },
                ]}
                options={{ xaxis: { categories }, stroke: { curve: 'smooth', width: 2 }, legend: { position: 'top' } }}
              />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Card sx={{ height: '100%' }}>
            <CardHeader title={t('dash.trafficSources')} />
            <CardContent>
              <DemoChart
                type="donut"
                height={300}
                label={t('dash.trafficSources')}
                series={analyticsSources.map((s) => s.value)}
                options={{ labels: analyticsSources.map((s) => t(`dash.source.${s.key}`)), legend: { position: 'bottom' }, dataLabels: { enabled: true } }}
              />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={12}>
          <Card>
            <CardHeader title={t('dash.topPages')} />
            <TableContainer>
              <Table size="small" aria-label={t('dash.topPages')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('dash.page')}</TableCell>
                    {(['views', 'avgTime', 'bounce'] as const).map((k) => (
                      <TableCell key={k} align="right" sortDirection={sort.key === k ? sort.dir : false}>
                        <TableSortLabel active={sort.key === k} direction={sort.key === k ? sort.dir : 'desc'} onClick={() => sortBy(k)}>
                          {t(`dash.col.${k}`)}
                        </TableSortLabel>
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {pages.map((p) => (
                    <TableRow key={p.id} hover>
                      <TableCell sx={{ fontFamily: 'monospace' }}>{p.path}</TableCell>
                      <TableCell align="right">{f.number(p.views)}</TableCell>
                      <TableCell align="right">{t('dash.secondsShort', { n: p.avgTime })}</TableCell>
                      <TableCell align="right">{f.percent(p.bounce)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Card>
        </Grid>
      </Grid>
    </>
  )
}
