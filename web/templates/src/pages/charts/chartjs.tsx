import { ChartjsDemos } from '../../charts/components/chartjs-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ChartsChartjsPage() {
  return (
    <DemoUiPage title="charts.chartjsTitle" subtitle="charts.chartjsSub">
      <ChartjsDemos />
    </DemoUiPage>
  )
}
