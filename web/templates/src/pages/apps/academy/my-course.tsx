import type { PageMeta } from '@/lib/api-types'
import { MyCourses } from '../../../apps/components/academy/my-courses'

// The course catalogue is open to visitors (the site menu links here without a scope).
export const meta: PageMeta = { layout: 'default', public: true }

export default function MyCoursePage() {
  return <MyCourses />
}
