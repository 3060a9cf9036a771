import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import Checkbox from '@mui/material/Checkbox'
import Chip from '@mui/material/Chip'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import FormControlLabel from '@mui/material/FormControlLabel'
import IconButton from '@mui/material/IconButton'
import TextField from '@mui/material/TextField'
import type { GridColDef } from '@mui/x-data-grid'
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react'
import { useMemo, useState, type FormEvent } from 'react'
import { permissions as seed, type Permission, type RoleKey } from '../../data/users'
import { useDemoFormat, useDemoT } from '../../hooks/use-demo-t'
import { DemoDataGrid } from '../demo-data-grid'
import { PageHeader } from '../page-header'

const ROLE_COLOR = { admin: 'primary', author: 'warning', editor: 'success', maintainer: 'info', subscriber: 'error' } as const
const ROLES: RoleKey[] = ['admin', 'author', 'editor', 'maintainer', 'subscriber']

function PermissionDialog({ initial, taken, onClose, onSave }: { initial?: Permission; taken: string[]; onClose: () => void; onSave: (name: string, roles: RoleKey[]) => void }) {
  const { t } = useDemoT()
  const [name, setName] = useState(initial?.key ?? '')
  const [roles, setRoles] = useState<RoleKey[]>(initial?.roles ?? [])
  const [error, setError] = useState<string | null>(null)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const v = name.trim()
    if (v.length < 3) return setError(t('validation.min3'))
    if (taken.some((x) => x.toLowerCase() === v.toLowerCase())) return setError(t('perm.nameTaken'))
    if (roles.length === 0) return setError(t('perm.needRole'))
    onSave(v, roles)
    onClose()
  }
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle>{initial ? t('perm.edit') : t('perm.add')}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          <TextField fullWidth autoFocus required label={t('perm.name')} value={name} onChange={(e) => setName(e.target.value)} error={!!error} helperText={error ?? ' '} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
            {ROLES.map((r) => (
              <FormControlLabel key={r} control={<Checkbox checked={roles.includes(r)} onChange={() => setRoles(roles.includes(r) ? roles.filter((x) => x !== r) : [...roles, r])} />} label={t(`users.roleName.${r}`)} />
            ))}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}

export function PermissionsView() {
  const { t } = useDemoT()
  const f = useDemoFormat()
  const [rows, setRows] = useState<Permission[]>(seed)
  const [query, setQuery] = useState('')
  const [dialog, setDialog] = useState<Permission | 'new' | null>(null)
  const visible = rows.filter((p) => p.key.toLowerCase().includes(query.toLowerCase()))
  const columns = useMemo<GridColDef<Permission>[]>(
    () => [
      { field: 'key', headerName: t('perm.name'), flex: 1, minWidth: 200 },
      {
        field: 'roles',
        headerName: t('perm.assignedTo'),
        flex: 1,
        minWidth: 260,
        sortable: false,
        valueGetter: (_v, r) => r.roles.join(' '),
        renderCell: (p) => (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', height: '100%' }}>
            {p.row.roles.map((r) => (
              <Chip key={r} size="small" variant="outlined" color={ROLE_COLOR[r]} label={t(`users.roleName.${r}`)} />
            ))}
          </Box>
        ),
      },
      { field: 'created', headerName: t('perm.createdDate'), minWidth: 180, valueFormatter: (v: string) => f.dateTime(v) },
      {
        field: 'actions',
        headerName: t('common.actions'),
        sortable: false,
        filterable: false,
        minWidth: 110,
        renderCell: (p) => (
          <>
            <IconButton size="small" aria-label={t('perm.editItem', { name: p.row.key })} onClick={() => setDialog(p.row)}>
              <IconEdit size={18} />
            </IconButton>
            <IconButton size="small" aria-label={t('common.deleteItem', { name: p.row.key })} onClick={() => setRows((r) => r.filter((x) => x.id !== p.row.id))}>
              <IconTrash size={18} />
            </IconButton>
          </>
        ),
      },
    ],
    [t, f],
  )
  const editing = dialog === 'new' ? undefined : (dialog ?? undefined)
  return (
    <>
      <PageHeader
        title={t('perm.title')}
        subtitle={t('perm.subtitle')}
        actions={
          <Button variant="contained" startIcon={<IconPlus size={18} />} onClick={() => setDialog('new')}>
            {t('perm.add')}
          </Button>
        }
      />
      <Card>
        <Box sx={{ p: 3 }}>
          <TextField size="small" label={t('common.search')} value={query} onChange={(e) => setQuery(e.target.value)} />
        </Box>
        <DemoDataGrid label={t('perm.title')} rows={visible} columns={columns} />
      </Card>
      {dialog !== null && (
        <PermissionDialog
          initial={editing}
          taken={rows.filter((r) => r !== editing).map((r) => r.key)}
          onClose={() => setDialog(null)}
          onSave={(name, roles) =>
            setRows((list) => (editing ? list.map((r) => (r.id === editing.id ? { ...r, key: name, roles } : r)) : [{ id: Math.max(0, ...list.map((r) => r.id)) + 1, key: name, roles, created: new Date().toISOString() }, ...list]))
          }
        />
      )}
    </>
  )
}
