import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CardHeader from '@mui/material/CardHeader'
import Chip from '@mui/material/Chip'
import Grid from '@mui/material/Grid'
import LinearProgress from '@mui/material/LinearProgress'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemAvatar from '@mui/material/ListItemAvatar'
import ListItemText from '@mui/material/ListItemText'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { IconBriefcase, IconCurrencyDollar, IconTarget, IconUserPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { crmDeals, crmExpenses, crmProjects, crmRevenue } from '../../data/dashboards'
import { useCalendarLabels } from '../../hooks/use-calendar-labels'
import { useDemoFormat, useDemoT } from '../../hooks/use-demo-t'
import { DemoChart } from '../demo-chart'
import { PageHeader } from '../page-header'
import { StatCard } from '../stat-card'

const STAGE_COLOR = { negotiation: 'warning', proposal: 'info', won: 'success', qualified: 'primary' } as const

export function CrmDashboard() {
  const { t } = useDemoT()
  const f = useDemoFormat()
  const { months } = useCalendarLabels()
  const [range, setRange] = useState<6 | 12>(12)
  const from = 12 - range
  const target = 0.78

  return (
    <>
      <PageHeader
        title={t('dash.crmTitle')}
        subtitle={t('dash.crmSubtitle')}
        actions={
          <TextField select size="small" label={t('dash.period')} value={range} onChange={(e) => setRange(Number(e.target.value) === 6 ? 6 : 12)} sx={{ minWidth: 160 }}>
            <MenuItem value={6}>{t('dash.last6Months')}</MenuItem>
            <MenuItem value={12}>{t('dash.last12Months')}</MenuItem>
          </TextField>
        }
      />
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconCurrencyDollar size={22} />} label={t('common.revenue')} value={f.money(crmRevenue.slice(from).reduce((a, b) => a + b, 0) * 1000)} trend={18.2} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconUserPlus size={22} />} tone="success" label={t('dash.newLeads')} value={f.number(range === 12 ? 1286 : 702)} trend={9.4} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconBriefcase size={22} />} tone="info" label={t('dash.openDeals')} value={f.number(crmDeals.filter((d) => d.stage !== 'won').length)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconTarget size={22} />} tone="warning" label={t('dash.winRate')} value={f.percent(0.312)} trend={-1.2} />
        </Grid>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Card>
            <CardHeader title={t('dash.revenueGrowth')} subheader={t('dash.thousandsUsd')} />
            <CardContent>
              <DemoChart
                type="bar"
                height={300}
                label={t('dash.revenueGrowth')}
                series={[
                  { name: t('common.revenue'), data: crmRevenue.slice(from) },
                  { name: t('common.expenses'), data: crmExpenses.slice(from) },
                ]}
                options={{ xaxis: { categories: months.slice(from) }, plotOptions: { bar: { columnWidth: '55%', borderRadius: 4 } }, legend: { position: 'top' } }}
              />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Card sx={{ height: '100%' }}>
            <CardHeader title={t('dash.salesTarget')} subheader={t('dash.quarterTarget')} />
            <CardContent>
              <DemoChart
                type="radialBar"
                height={280}
                label={t('dash.salesTarget')}
                series={[Math.round(target * 100)]}
                options={{ labels: [t('dash.achieved')], plotOptions: { radialBar: { hollow: { size: '62%' } } } }}
              />
              <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
                {t('dash.targetText', { value: f.money(780000), target: f.money(1000000) })}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card sx={{ height: '100%' }}>
            <CardHeader title={t('dash.activeProjects')} />
            <CardContent sx={{ display: 'grid', gap: 3 }}>
              {crmProjects.map((p) => (
                <Box key={p.id}>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                    <Typography variant="subtitle2">{p.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {f.percent(p.progress / 100)}
                    </Typography>
                  </Box>
                  <LinearProgress variant="determinate" value={p.progress} aria-label={p.name} sx={{ my: 1, height: 8, borderRadius: 4 }} />
                  <Typography variant="caption" color="text.secondary">
                    {t('dash.projectMeta', { lead: p.lead, days: p.dueDays })}
                  </Typography>
                </Box>
              ))}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card sx={{ height: '100%' }}>
            <CardHeader title={t('dash.topDeals')} />
            <List>
              {crmDeals.map((d) => (
                <ListItem key={d.id} secondaryAction={<Chip size="small" color={STAGE_COLOR[d.stage]} label={t(`dash.stage.${d.stage}`)} />}>
                  <ListItemAvatar>
                    <Avatar>{d.company.slice(0, 1)}</Avatar>
                  </ListItemAvatar>
                  <ListItemText primary={d.company} secondary={f.money(d.amount)} />
                </ListItem>
              ))}
            </List>
          </Card>
        </Grid>
      </Grid>
    </>
  )
}
