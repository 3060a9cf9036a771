import type { PageMeta } from '@/lib/api-types'
import { CourseDetails } from '../../../apps/components/academy/course-details'

export const meta: PageMeta = { layout: 'default', public: false }

export default function CourseDetailsPage() {
  return <CourseDetails />
}
