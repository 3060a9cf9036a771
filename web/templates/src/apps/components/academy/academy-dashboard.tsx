import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CardHeader from '@mui/material/CardHeader'
import Grid from '@mui/material/Grid'
import LinearProgress from '@mui/material/LinearProgress'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { GridColDef } from '@mui/x-data-grid'
import { IconBook, IconCertificate, IconClock, IconTrophy } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { courses, type Course } from '../../data/academy'
import { useCalendarLabels } from '../../hooks/use-calendar-labels'
import { useDemoT } from '../../hooks/use-demo-t'
import { DemoChart } from '../demo-chart'
import { DemoDataGrid } from '../demo-data-grid'
import { PageHeader } from '../page-header'
import { StatCard } from '../stat-card'
import { useNumberFormat } from '../../../kit/number-format'

interface Row extends Course {
  progress: number
}

export function AcademyDashboard() {
  const { t } = useDemoT()
  const nf = useNumberFormat()
  const { weekdays } = useCalendarLabels()
  const [query, setQuery] = useState('')
  const rows = useMemo<Row[]>(() => courses.map((c) => ({ ...c, progress: Math.round((c.done / c.lessons) * 100) })), [])
  const visible = rows.filter((r) => `${r.title} ${r.instructor}`.toLowerCase().includes(query.toLowerCase()))
  const topics = ['web', 'design', 'video', 'business', 'language'] as const
  const columns = useMemo<GridColDef<Row>[]>(
    () => [
      { field: 'title', headerName: t('academy.courseName'), flex: 2, minWidth: 220, renderCell: (p) => <Link to={`/apps/academy/course-details?course=${p.row.id}`}>{p.row.title}</Link> },
      { field: 'instructor', headerName: t('academy.instructor'), flex: 1, minWidth: 160 },
      { field: 'hours', headerName: t('academy.time'), type: 'number', minWidth: 90, valueFormatter: (v: number) => t('academy.hours', { n: v }) },
      {
        field: 'progress',
        headerName: t('academy.progress'),
        type: 'number',
        minWidth: 170,
        renderCell: (p) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%', width: '100%' }}>
            <LinearProgress variant="determinate" value={p.row.progress} sx={{ flex: 1 }} aria-label={t('academy.progressOf', { title: p.row.title })} />
            <Typography variant="body2">{nf.percent(p.row.progress)}</Typography>
          </Box>
        ),
      },
    ],
    [t],
  )
  return (
    <>
      <PageHeader title={t('academy.dashboardTitle')} subtitle={t('academy.welcome', { name: 'Felecia' })} />
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconClock size={22} />} label={t('academy.hoursSpent')} value="34h" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconBook size={22} />} tone="info" label={t('academy.inProgress')} value={String(rows.filter((r) => r.progress > 0 && r.progress < 100).length)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconCertificate size={22} />} tone="success" label={t('academy.completed')} value={String(rows.filter((r) => r.progress === 100).length)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconTrophy size={22} />} tone="warning" label={t('academy.testResults')} value="82%" />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card>
            <CardHeader title={t('academy.timeSpending')} subheader={t('academy.thisWeek')} />
            <CardContent>
              <DemoChart type="bar" height={260} label={t('academy.timeSpending')} series={[{ name: t('academy.minutesLabel'), data: [95, 40, 130, 75, 110, 20, 55] }]} options={{ xaxis: { categories: weekdays }, plotOptions: { bar: { borderRadius: 4, columnWidth: '45%' } } }} />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card sx={{ height: '100%' }}>
            <CardHeader title={t('academy.topicInterest')} />
            <CardContent>
              <DemoChart
                type="donut"
                height={260}
                label={t('academy.topicInterest')}
                series={topics.map((x) => courses.filter((c) => c.topic === x).length)}
                options={{ labels: topics.map((x) => t(`academy.topic.${x}`)), legend: { position: 'bottom' } }}
              />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={12}>
          <Card>
            <CardHeader title={t('academy.courses')} action={<TextField size="small" label={t('academy.searchCourse')} value={query} onChange={(e) => setQuery(e.target.value)} />} />
            <DemoDataGrid label={t('academy.courses')} rows={visible} columns={columns} initialState={{ pagination: { paginationModel: { pageSize: 5 } } }} />
          </Card>
        </Grid>
      </Grid>
    </>
  )
}
