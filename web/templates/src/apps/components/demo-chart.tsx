import Box from '@mui/material/Box'
import Skeleton from '@mui/material/Skeleton'
import { useColorScheme, useTheme } from '@mui/material/styles'
import type { ApexOptions } from 'apexcharts'
import { lazy, Suspense, useMemo } from 'react'

// The chart library is large; it loads once, on the first page that draws a chart.
const ReactApexChart = lazy(async () => {
  const mod = await import('react-apexcharts')
  // The package is CommonJS: depending on the interop the class sits one level deeper.
  const nested = (mod.default as unknown as { default?: typeof mod.default }).default
  return { default: nested ?? mod.default }
})

export type ChartType = 'line' | 'area' | 'bar' | 'pie' | 'donut' | 'radialBar' | 'radar' | 'heatmap' | 'scatter'

export function DemoChart(props: {
  type: ChartType
  series: ApexOptions['series']
  options?: ApexOptions
  height: number
  /** Accessible summary of what the chart shows. */
  label: string
}) {
  const theme = useTheme()
  const { mode, systemMode } = useColorScheme()
  const dark = (mode === 'system' ? systemMode : mode) === 'dark'
  const options = useMemo<ApexOptions>(
    () => ({
      ...props.options,
      chart: { toolbar: { show: false }, background: 'transparent', fontFamily: theme.typography.fontFamily, parentHeightOffset: 0, ...props.options?.chart },
      theme: { mode: dark ? 'dark' : 'light' },
      colors: props.options?.colors ?? [theme.palette.primary.main, theme.palette.success.main, theme.palette.warning.main, theme.palette.info.main, theme.palette.error.main, theme.palette.secondary.main],
      grid: { borderColor: dark ? '#44485e' : '#e6e5e8', ...props.options?.grid },
      dataLabels: { enabled: false, ...props.options?.dataLabels },
    }),
    [props.options, theme, dark],
  )
  return (
    <Box dir="ltr" role="img" aria-label={props.label} data-testid="demo-chart" sx={{ minHeight: props.height }}>
      <Suspense fallback={<Skeleton variant="rounded" height={props.height} />}>
        <ReactApexChart type={props.type} series={props.series} options={options} height={props.height} width="100%" />
      </Suspense>
    </Box>
  )
}
