import type { PageMeta } from '@/lib/api-types'
import { KanbanBoard } from '@/features/demo-apps-showcase/components/kanban/kanban-board'

export const meta: PageMeta = { layout: 'default', public: false }

export default function KanbanPage() {
  return <KanbanBoard />
}
