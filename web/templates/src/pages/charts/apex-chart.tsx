import { ApexChartDemos } from '../../charts/components/apex-chart-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ChartsApexChartPage() {
  return (
    <DemoUiPage title="charts.apexTitle" subtitle="charts.apexSub">
      <ApexChartDemos />
    </DemoUiPage>
  )
}
