export type ColumnKey = 'todo' | 'inProgress' | 'inReview' | 'done'
export type LabelKey = 'ux' | 'frontend' | 'backend' | 'bug' | 'marketing'

export interface Task {
  id: string
  title: string
  label: LabelKey
  due: string
  assignees: string[]
}

export type Board = Record<ColumnKey, Task[]>

export const COLUMN_KEYS: ColumnKey[] = ['todo', 'inProgress', 'inReview', 'done']
export const LABELS: LabelKey[] = ['ux', 'frontend', 'backend', 'bug', 'marketing']

export const initialBoard: Board = {
  todo: [
    { id: 't1', title: 'Research FAQ page UX', label: 'ux', due: '2026-11-28', assignees: ['Nadia Okafor', 'Kenji Watanabe'] },
    { id: 't2', title: 'Review JavaScript code of listing form', label: 'frontend', due: '2026-11-30', assignees: ['Lorenzo Bassi'] },
    { id: 't3', title: 'Write newsletter for December', label: 'marketing', due: '2026-12-02', assignees: ['Farah Haddad'] },
  ],
  inProgress: [
    { id: 't4', title: 'Video room reconnect on network change', label: 'backend', due: '2026-11-26', assignees: ['Emil Nowak', 'Chen Jing'] },
    { id: 't5', title: 'Dark mode contrast on invoice preview', label: 'bug', due: '2026-11-25', assignees: ['Mira Holloway'] },
  ],
  inReview: [{ id: 't6', title: 'Right-to-left layout for Arabic', label: 'frontend', due: '2026-11-24', assignees: ['Hamza El Idrissi'] }],
  done: [
    { id: 't7', title: 'Cookie banner copy in ten languages', label: 'marketing', due: '2026-11-18', assignees: ['Juliette Marchand'] },
    { id: 't8', title: 'Database migrations for PostgreSQL', label: 'backend', due: '2026-11-15', assignees: ['Greta Lindqvist'] },
  ],
}

/** Column holding the task (or the column itself when `id` names one). */
export function findColumn(board: Board, id: string): ColumnKey | undefined {
  if ((COLUMN_KEYS as string[]).includes(id)) return id as ColumnKey
  return COLUMN_KEYS.find((c) => board[c].some((t) => t.id === id))
}

/** Moves a task to another column at the position of `overId` (or to its end). */
export function moveTask(board: Board, activeId: string, overId: string): Board {
  const from = findColumn(board, activeId)
  const to = findColumn(board, overId)
  if (!from || !to) return board
  const task = board[from].find((t) => t.id === activeId)
  if (!task) return board
  const source = board[from].filter((t) => t.id !== activeId)
  const target = from === to ? source : [...board[to]]
  const overIndex = target.findIndex((t) => t.id === overId)
  const index = overIndex < 0 ? target.length : overIndex
  target.splice(index, 0, task)
  return { ...board, [from]: from === to ? target : source, [to]: target }
}
