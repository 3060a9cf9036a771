import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import Grid from '@mui/material/Grid'
import LinearProgress from '@mui/material/LinearProgress'
import MenuItem from '@mui/material/MenuItem'
import Rating from '@mui/material/Rating'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { GridColDef } from '@mui/x-data-grid'
import { useMemo, useState } from 'react'
import { products, reviews as seed, type Review, type ReviewStatus } from '../../data/ecommerce'
import { useCalendarLabels } from '../../hooks/use-calendar-labels'
import { useDemoFormat, useDemoT } from '../../hooks/use-demo-t'
import { DemoChart } from '../demo-chart'
import { DemoDataGrid } from '../demo-data-grid'
import { PageHeader } from '../page-header'
import { useNumberFormat } from '../../../kit/number-format'

export function ManageReview() {
  const { t } = useDemoT()
  const f = useDemoFormat()
  const nf = useNumberFormat()
  const { weekdays } = useCalendarLabels()
  const [rows, setRows] = useState<Review[]>(seed)
  const [status, setStatus] = useState<ReviewStatus | ''>('')
  const visible = rows.filter((r) => !status || r.status === status)
  const average = rows.reduce((s, r) => s + r.rating, 0) / rows.length
  const setReviewStatus = (id: number, s: ReviewStatus) => setRows((list) => list.map((r) => (r.id === id ? { ...r, status: s } : r)))
  const columns = useMemo<GridColDef<Review>[]>(
    () => [
      { field: 'product', headerName: t('common.product'), minWidth: 170, valueGetter: (_v, r) => products.find((p) => p.id === r.productId)?.name },
      { field: 'reviewer', headerName: t('ecom.reviewer'), minWidth: 160 },
      {
        field: 'rating',
        headerName: t('ecom.review'),
        flex: 1,
        minWidth: 280,
        renderCell: (p) => (
          <Box sx={{ py: 1, lineHeight: 1.3 }}>
            <Rating value={p.row.rating} readOnly size="small" aria-label={t('ecom.starsOf5', { n: p.row.rating })} />
            <Typography variant="subtitle2">{p.row.title}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'normal' }}>
              {p.row.text}
            </Typography>
          </Box>
        ),
      },
      { field: 'date', headerName: t('common.date'), minWidth: 120, valueFormatter: (v: string) => f.date(v) },
      {
        field: 'status',
        headerName: t('common.status'),
        minWidth: 200,
        renderCell: (p) =>
          p.row.status === 'pending' ? (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', height: '100%' }}>
              <Button size="small" variant="contained" onClick={() => setReviewStatus(p.row.id, 'published')}>
                {t('ecom.approve')}
              </Button>
              <Button size="small" color="error" onClick={() => setRows((list) => list.filter((r) => r.id !== p.row.id))}>
                {t('ecom.reject')}
              </Button>
            </Box>
          ) : (
            <Chip size="small" color="success" label={t('ecom.reviewStatus.published')} />
          ),
      },
    ],
    [t, f],
  )
  return (
    <>
      <PageHeader title={t('ecom.manageReviewTitle')} />
      <Grid container spacing={4} sx={{ mb: 4 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
              <Box>
                <Typography variant="h3" color="primary">
                  {nf.decimal(average, 2)}
                </Typography>
                <Rating value={average} precision={0.25} readOnly aria-label={t('ecom.averageRating')} />
                <Typography variant="body2" color="text.secondary">
                  {t('ecom.totalReviews', { n: rows.length })}
                </Typography>
              </Box>
              <Box sx={{ flex: 1, minWidth: 180, display: 'grid', gap: 1 }}>
                {[5, 4, 3, 2, 1].map((star) => {
                  const n = rows.filter((r) => r.rating === star).length
                  return (
                    <Box key={star} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <Typography variant="body2" sx={{ width: 56 }}>
                        {t('ecom.nStars', { n: star })}
                      </Typography>
                      <LinearProgress variant="determinate" value={(n / rows.length) * 100} sx={{ flex: 1 }} aria-label={t('ecom.nStars', { n: star })} />
                      <Typography variant="body2">{n}</Typography>
                    </Box>
                  )
                })}
              </Box>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="h6" component="h2">
                {t('ecom.reviewStats')}
              </Typography>
              <DemoChart type="bar" height={160} label={t('ecom.reviewStats')} series={[{ name: t('ecom.newReviews'), data: [20, 40, 60, 80, 100, 80, 60] }]} options={{ xaxis: { categories: weekdays }, plotOptions: { bar: { borderRadius: 4, distributed: true } }, legend: { show: false } }} />
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <Card>
        <Box sx={{ p: 3 }}>
          <TextField select size="small" label={t('common.status')} value={status} onChange={(e) => setStatus(e.target.value as ReviewStatus | '')} sx={{ minWidth: 200 }}>
            <MenuItem value="">{t('common.all')}</MenuItem>
            <MenuItem value="published">{t('ecom.reviewStatus.published')}</MenuItem>
            <MenuItem value="pending">{t('ecom.reviewStatus.pending')}</MenuItem>
          </TextField>
        </Box>
        <DemoDataGrid label={t('ecom.manageReviewTitle')} rows={visible} columns={columns} getRowHeight={() => 'auto'} />
      </Card>
    </>
  )
}
