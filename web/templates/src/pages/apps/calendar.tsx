import type { PageMeta } from '@/lib/api-types'
import { CalendarApp } from '../../apps/components/calendar/calendar-app'

export const meta: PageMeta = { layout: 'default', public: false }

export default function CalendarPage() {
  return <CalendarApp />
}
