import { DateTimePickerDemos } from '../../forms/components/date-time-picker-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function FormsDateTimePickerPage() {
  return (
    <DemoUiPage title="forms.dates.title">
      <DateTimePickerDemos />
    </DemoUiPage>
  )
}
