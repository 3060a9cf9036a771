import Grid from '@mui/material/Grid'
import { useTheme } from '@mui/material/styles'
import type { ApexOptions } from 'apexcharts'
import { useMemo, useState } from 'react'
import ApexChartModule from 'react-apexcharts'
import { useTranslation } from 'react-i18next'
import { callHeat, CATEGORIES, categoryShare, HOUR_BLOCKS, MONTH_KEYS, newListings, RANGE_MONTHS, revenueK, sellerA, sellerB, SKILLS, soldListings, WEEKDAYS, type Range } from '../data/chart-data'
import { ChartCard } from './chart-card'
import { RangeSelect } from './range-select'
import { useChartPalette } from './use-chart-palette'

// The package is CommonJS: depending on the bundler's interop the component
// sits one level deeper, and rendering the wrapper object fails (React #130).
const Chart = (ApexChartModule as unknown as { default?: typeof ApexChartModule }).default ?? ApexChartModule

export function ApexChartDemos() {
  const { t } = useTranslation('demo-ui')
  const { palette: p, mode, rtl } = useChartPalette()
  const font = useTheme().typography.fontFamily
  const [range, setRange] = useState<Range>('year')
  const n = RANGE_MONTHS[range]
  const months = MONTH_KEYS.slice(-n).map((m) => t(`common.monthsShort.${m}`))

  const base = useMemo<ApexOptions>(
    () => ({
      chart: { toolbar: { show: false }, foreColor: p.text.secondary, fontFamily: font, parentHeightOffset: 0, background: 'transparent' },
      grid: { borderColor: p.divider },
      legend: { position: 'top', horizontalAlign: rtl ? 'right' : 'left' },
      dataLabels: { enabled: false },
      theme: { mode },
      colors: [p.primary.main, p.success.main, p.warning.main, p.info.main, p.error.main],
    }),
    [p, mode, rtl, font],
  )

  const listingsLabel = t('charts.series.new')
  const soldLabel = t('charts.series.sold')
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 8 }}>
        <ChartCard title={t('charts.listingsTitle')} subheader={t('charts.listingsSub')} label={t('charts.listingsTitle')} action={<RangeSelect value={range} onChange={setRange} />}>
          <Chart
            type="area"
            height={320}
            series={[
              { name: listingsLabel, data: newListings.slice(-n) },
              { name: soldLabel, data: soldListings.slice(-n) },
            ]}
            options={{ ...base, xaxis: { categories: months }, yaxis: { opposite: rtl }, stroke: { curve: 'smooth', width: 2 } }}
          />
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <ChartCard title={t('charts.categoriesTitle')} label={t('charts.categoriesTitle')}>
          <Chart
            type="donut"
            height={320}
            series={categoryShare}
            options={{ ...base, labels: CATEGORIES.map((c) => t(`charts.categories.${c}`)), legend: { position: 'bottom' }, dataLabels: { enabled: true } }}
          />
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ChartCard title={t('charts.revenueTitle')} subheader={t('charts.revenueSub')} label={t('charts.revenueTitle')}>
          <Chart
            type="bar"
            height={300}
            series={[{ name: t('charts.series.revenue'), data: revenueK.slice(-n) }]}
            options={{ ...base, xaxis: { categories: months }, yaxis: { opposite: rtl }, plotOptions: { bar: { borderRadius: 6, columnWidth: '45%' } } }}
          />
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ChartCard title={t('charts.sellersTitle')} label={t('charts.sellersTitle')}>
          <Chart
            type="radar"
            height={300}
            series={[
              { name: 'Atlas Homes', data: sellerA },
              { name: 'Borealis Cars', data: sellerB },
            ]}
            options={{ ...base, xaxis: { categories: SKILLS.map((s) => t(`charts.skills.${s}`)) }, legend: { position: 'bottom' } }}
          />
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ChartCard title={t('charts.callsTitle')} subheader={t('charts.callsSub')} label={t('charts.callsTitle')}>
          <Chart
            type="heatmap"
            height={320}
            series={WEEKDAYS.map((d, i) => ({ name: t(`charts.weekdays.${d}`), data: HOUR_BLOCKS.map((h, j) => ({ x: h, y: callHeat[i]?.[j] ?? 0 })) })).reverse()}
            options={{ ...base, colors: [p.primary.main], legend: { show: false } }}
          />
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ChartCard title={t('charts.goalTitle')} label={t('charts.goalTitle')}>
          <Chart
            type="radialBar"
            height={320}
            series={[78, 64, 45]}
            options={{ ...base, labels: [t('charts.goals.sales'), t('charts.goals.listings'), t('charts.goals.calls')], legend: { show: true, position: 'bottom' } }}
          />
        </ChartCard>
      </Grid>
    </Grid>
  )
}
