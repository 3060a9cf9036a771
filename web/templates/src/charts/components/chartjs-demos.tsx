import Grid from '@mui/material/Grid'
import { ArcElement, BarElement, CategoryScale, Chart as ChartJS, Filler, Legend, LinearScale, LineElement, PointElement, PolarAreaController, RadialLinearScale, Tooltip, type ChartOptions } from 'chart.js'
import { useState } from 'react'
import { Bar, Doughnut, Line, PolarArea, Radar, Scatter } from 'react-chartjs-2'
import { useTranslation } from 'react-i18next'
import { CATEGORIES, categoryShare, MONTH_KEYS, newListings, priceByArea, RANGE_MONTHS, revenueK, sellerA, sellerB, SKILLS, soldListings, type Range } from '../data/chart-data'
import { ChartCard } from './chart-card'
import { RangeSelect } from './range-select'
import { useChartPalette } from './use-chart-palette'

// Registered here so only this page's chunk carries chart.js.
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, BarElement, ArcElement, RadialLinearScale, PolarAreaController, Filler, Tooltip, Legend)

export function ChartjsDemos() {
  const { t } = useTranslation('demo-ui')
  const { palette: p, rtl } = useChartPalette()
  const [range, setRange] = useState<Range>('year')
  const n = RANGE_MONTHS[range]
  const labels = MONTH_KEYS.slice(-n).map((m) => t(`common.monthsShort.${m}`))
  const palette = [p.primary.main, p.success.main, p.warning.main, p.info.main, p.error.main]
  const common: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    plugins: { legend: { position: 'top', rtl, labels: { color: p.text.secondary } }, tooltip: { rtl } },
    scales: {
      x: { reverse: rtl, ticks: { color: p.text.secondary }, grid: { color: p.divider } },
      y: { position: rtl ? 'right' : 'left', ticks: { color: p.text.secondary }, grid: { color: p.divider } },
    },
  }
  const round = { responsive: true, maintainAspectRatio: false, plugins: { legend: { position: 'bottom' as const, rtl, labels: { color: p.text.secondary } } } }

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 8 }}>
        <ChartCard title={t('charts.listingsTitle')} subheader={t('charts.listingsSub')} label={t('charts.listingsTitle')} action={<RangeSelect value={range} onChange={setRange} />}>
          <div style={{ height: 320 }}>
            <Line
              options={common}
              data={{
                labels,
                datasets: [
                  { label: t('charts.series.new'), data: newListings.slice(-n), borderColor: palette[0], backgroundColor: `${palette[0]}33`, fill: true, tension: 0.35 },
                  { label: t('charts.series.sold'), data: soldListings.slice(-n), borderColor: palette[1], backgroundColor: `${palette[1]}33`, fill: true, tension: 0.35 },
                ],
              }}
            />
          </div>
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <ChartCard title={t('charts.categoriesTitle')} label={t('charts.categoriesTitle')}>
          <div style={{ height: 320 }}>
            <Doughnut options={round} data={{ labels: CATEGORIES.map((c) => t(`charts.categories.${c}`)), datasets: [{ data: categoryShare, backgroundColor: palette }] }} />
          </div>
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ChartCard title={t('charts.revenueTitle')} subheader={t('charts.revenueSub')} label={t('charts.revenueTitle')}>
          <div style={{ height: 300 }}>
            <Bar options={common as ChartOptions<'bar'>} data={{ labels, datasets: [{ label: t('charts.series.revenue'), data: revenueK.slice(-n), backgroundColor: palette[3], borderRadius: 6 }] }} />
          </div>
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ChartCard title={t('charts.priceTitle')} subheader={t('charts.priceSub')} label={t('charts.priceTitle')}>
          <div style={{ height: 300 }}>
            <Scatter options={common as ChartOptions<'scatter'>} data={{ datasets: [{ label: t('charts.series.offers'), data: priceByArea, backgroundColor: palette[2] }] }} />
          </div>
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ChartCard title={t('charts.sellersTitle')} label={t('charts.sellersTitle')}>
          <div style={{ height: 300 }}>
            <Radar
              options={round}
              data={{
                labels: SKILLS.map((s) => t(`charts.skills.${s}`)),
                datasets: [
                  { label: 'Atlas Homes', data: sellerA, borderColor: palette[0], backgroundColor: `${palette[0]}33` },
                  { label: 'Borealis Cars', data: sellerB, borderColor: palette[1], backgroundColor: `${palette[1]}33` },
                ],
              }}
            />
          </div>
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ChartCard title={t('charts.polarTitle')} label={t('charts.polarTitle')}>
          <div style={{ height: 300 }}>
            <PolarArea options={round} data={{ labels: CATEGORIES.map((c) => t(`charts.categories.${c}`)), datasets: [{ data: categoryShare, backgroundColor: palette.map((c) => `${c}aa`) }] }} />
          </div>
        </ChartCard>
      </Grid>
    </Grid>
  )
}
