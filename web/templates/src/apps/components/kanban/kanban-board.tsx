import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import Avatar from '@mui/material/Avatar'
import AvatarGroup from '@mui/material/AvatarGroup'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import IconButton from '@mui/material/IconButton'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { useState, type FormEvent } from 'react'
import { COLUMN_KEYS, initialBoard, moveTask, type Board, type ColumnKey, type Task } from '../../data/kanban'
import { initials } from '../../data/people'
import { useDemoFormat, useDemoT } from '../../hooks/use-demo-t'
import { PageHeader } from '../page-header'
import { TaskDrawer } from './task-drawer'

const LABEL_COLOR = { ux: 'success', frontend: 'info', backend: 'primary', bug: 'error', marketing: 'warning' } as const

function TaskCard({ task, onOpen, onDelete, overlay }: { task: Task; onOpen?: () => void; onDelete?: () => void; overlay?: boolean }) {
  const { t } = useDemoT()
  const f = useDemoFormat()
  return (
    <Card sx={{ cursor: 'grab', boxShadow: overlay ? 8 : undefined }}>
      <CardContent sx={{ display: 'grid', gap: 1.5, '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Chip size="small" color={LABEL_COLOR[task.label]} label={t(`kanban.label.${task.label}`)} />
          {onDelete && (
            <IconButton size="small" aria-label={t('common.deleteItem', { name: task.title })} onPointerDown={(e) => e.stopPropagation()} onClick={onDelete}>
              <IconTrash size={16} />
            </IconButton>
          )}
        </Box>
        <Typography variant="body2" component="button" onClick={onOpen} onPointerDown={(e) => e.stopPropagation()} sx={{ all: 'unset', cursor: 'pointer', fontWeight: 500, '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}>
          {task.title}
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="caption" color="text.secondary">
            {f.date(task.due)}
          </Typography>
          <AvatarGroup max={3} sx={{ '& .MuiAvatar-root': { width: 26, height: 26, fontSize: 11 } }}>
            {task.assignees.map((a) => (
              <Avatar key={a} alt={a}>
                {initials(a)}
              </Avatar>
            ))}
          </AvatarGroup>
        </Box>
      </CardContent>
    </Card>
  )
}

function SortableTask(props: { task: Task; onOpen: () => void; onDelete: () => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: props.task.id })
  return (
    <Box ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition }} sx={{ opacity: isDragging ? 0.4 : 1 }} {...attributes} {...listeners}>
      <TaskCard task={props.task} onOpen={props.onOpen} onDelete={props.onDelete} />
    </Box>
  )
}

function Column({ column, tasks, onAdd, onOpen, onDelete }: { column: ColumnKey; tasks: Task[]; onAdd: (title: string) => void; onOpen: (t: Task) => void; onDelete: (id: string) => void }) {
  const { t } = useDemoT()
  const { setNodeRef, isOver } = useDroppable({ id: column })
  const [adding, setAdding] = useState(false)
  const [title, setTitle] = useState('')
  const [error, setError] = useState<string | null>(null)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (title.trim().length < 3) return setError(t('validation.min3'))
    onAdd(title.trim())
    setTitle('')
    setError(null)
    setAdding(false)
  }
  return (
    <Paper variant="outlined" sx={{ width: { xs: '85vw', sm: 290 }, flexShrink: 0, p: 2, bgcolor: isOver ? 'action.hover' : 'background.default' }} component="section" aria-label={t(`kanban.column.${column}`)}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 2 }}>
        {t(`kanban.column.${column}`)} ({tasks.length})
      </Typography>
      <SortableContext id={column} items={tasks.map((x) => x.id)} strategy={verticalListSortingStrategy}>
        <Box ref={setNodeRef} sx={{ display: 'grid', gap: 2, minHeight: 60 }}>
          {tasks.map((task) => (
            <SortableTask key={task.id} task={task} onOpen={() => onOpen(task)} onDelete={() => onDelete(task.id)} />
          ))}
        </Box>
      </SortableContext>
      {adding ? (
        <Box component="form" noValidate onSubmit={submit} sx={{ mt: 2, display: 'grid', gap: 1 }}>
          <TextField size="small" autoFocus label={t('kanban.taskTitle')} value={title} onChange={(e) => setTitle(e.target.value)} error={!!error} helperText={error} />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button size="small" type="submit" variant="contained">
              {t('common.add')}
            </Button>
            <Button size="small" onClick={() => setAdding(false)}>
              {t('common.cancel')}
            </Button>
          </Box>
        </Box>
      ) : (
        <Button size="small" startIcon={<IconPlus size={16} />} onClick={() => setAdding(true)} sx={{ mt: 2 }}>
          {t('kanban.addTask')}
        </Button>
      )}
    </Paper>
  )
}

export function KanbanBoard() {
  const { t } = useDemoT()
  const [board, setBoard] = useState<Board>(initialBoard)
  const [active, setActive] = useState<Task | null>(null)
  const [editing, setEditing] = useState<Task | null>(null)
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }))

  const onStart = (e: DragStartEvent) => setActive(COLUMN_KEYS.flatMap((c) => board[c]).find((x) => x.id === e.active.id) ?? null)
  const onOver = (e: DragOverEvent) => {
    if (e.over && e.active.id !== e.over.id) setBoard((b) => moveTask(b, String(e.active.id), String(e.over?.id)))
  }
  const onEnd = (e: DragEndEvent) => {
    if (e.over && e.active.id !== e.over.id) setBoard((b) => moveTask(b, String(e.active.id), String(e.over?.id)))
    setActive(null)
  }
  const update = (task: Task) => setBoard((b) => Object.fromEntries(COLUMN_KEYS.map((c) => [c, b[c].map((x) => (x.id === task.id ? task : x))])) as Board)

  return (
    <>
      <PageHeader title={t('kanban.title')} subtitle={t('kanban.subtitle')} />
      <DndContext sensors={sensors} collisionDetection={closestCorners} onDragStart={onStart} onDragOver={onOver} onDragEnd={onEnd} onDragCancel={() => setActive(null)}>
        <Box sx={{ display: 'flex', gap: 3, overflowX: 'auto', pb: 2, alignItems: 'flex-start' }}>
          {COLUMN_KEYS.map((c) => (
            <Column
              key={c}
              column={c}
              tasks={board[c]}
              onOpen={setEditing}
              onDelete={(id) => setBoard((b) => ({ ...b, [c]: b[c].filter((x) => x.id !== id) }))}
              onAdd={(title) => setBoard((b) => ({ ...b, [c]: [...b[c], { id: `t${Date.now()}`, title, label: 'frontend', due: new Date().toISOString().slice(0, 10), assignees: [] }] }))}
            />
          ))}
        </Box>
        <DragOverlay>{active ? <TaskCard task={active} overlay /> : null}</DragOverlay>
      </DndContext>
      {editing && <TaskDrawer task={editing} onClose={() => setEditing(null)} onSave={update} />}
    </>
  )
}
