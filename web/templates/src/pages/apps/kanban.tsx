import type { PageMeta } from '@/lib/api-types'
import { KanbanBoard } from '../../apps/components/kanban/kanban-board'

export const meta: PageMeta = { layout: 'default', public: false }

export default function KanbanPage() {
  return <KanbanBoard />
}
