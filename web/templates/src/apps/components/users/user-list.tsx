import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import Chip from '@mui/material/Chip'
import Drawer from '@mui/material/Drawer'
import Grid from '@mui/material/Grid'
import IconButton from '@mui/material/IconButton'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { GridColDef } from '@mui/x-data-grid'
import { zodResolver } from '@hookform/resolvers/zod'
import { IconPlus, IconTrash, IconUserCheck, IconUserExclamation, IconUsers, IconUserX, IconX } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { z } from 'zod'
import { initials } from '../../data/people'
import { users as seed, type DemoUser, type PlanKey, type RoleKey, type UserStatus } from '../../data/users'
import { useDemoFormat, useDemoT } from '../../hooks/use-demo-t'
import { DemoDataGrid } from '../demo-data-grid'
import { PageHeader } from '../page-header'
import { StatCard } from '../stat-card'

const ROLES: RoleKey[] = ['admin', 'author', 'editor', 'maintainer', 'subscriber']
const PLANS: PlanKey[] = ['basic', 'company', 'enterprise', 'team']
const STATUSES: UserStatus[] = ['active', 'pending', 'inactive']
export const USER_STATUS_COLOR = { active: 'success', pending: 'warning', inactive: 'secondary' } as const

const schema = z.object({
  name: z.string().trim().min(3, 'validation.min3'),
  email: z.email('validation.email'),
  contact: z.string().trim().regex(/^\+?[\d\s()-]{7,}$/, 'validation.phone'),
  role: z.enum(['admin', 'author', 'editor', 'maintainer', 'subscriber']),
  plan: z.enum(['basic', 'company', 'enterprise', 'team']),
})
type NewUser = z.infer<typeof schema>

function AddUserDrawer({ open, onClose, onAdd }: { open: boolean; onClose: () => void; onAdd: (u: NewUser) => void }) {
  const { t } = useDemoT()
  const { control, handleSubmit, reset } = useForm<NewUser>({ resolver: zodResolver(schema), defaultValues: { name: '', email: '', contact: '', role: 'subscriber', plan: 'basic' } })
  const err = (m?: string) => (m ? t(m) : undefined)
  return (
    <Drawer anchor="right" open={open} onClose={onClose}>
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit((v) => {
          onAdd(v)
          reset()
          onClose()
        })}
        sx={{ width: { xs: '100vw', sm: 400 }, p: 4, display: 'grid', gap: 3 }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="h6" component="h2">
            {t('users.addUser')}
          </Typography>
          <IconButton aria-label={t('common.close')} onClick={onClose}>
            <IconX size={18} />
          </IconButton>
        </Box>
        {(['name', 'email', 'contact'] as const).map((n) => (
          <Controller key={n} name={n} control={control} render={({ field, fieldState }) => <TextField {...field} required label={t(`users.field.${n}`)} error={!!fieldState.error} helperText={err(fieldState.error?.message)} />} />
        ))}
        <Controller
          name="role"
          control={control}
          render={({ field }) => (
            <TextField select {...field} label={t('users.role')}>
              {ROLES.map((r) => (
                <MenuItem key={r} value={r}>
                  {t(`users.roleName.${r}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          name="plan"
          control={control}
          render={({ field }) => (
            <TextField select {...field} label={t('users.plan')}>
              {PLANS.map((p) => (
                <MenuItem key={p} value={p}>
                  {t(`users.planName.${p}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Box sx={{ display: 'flex', gap: 2 }}>
          <Button type="submit" variant="contained">
            {t('common.submit')}
          </Button>
          <Button variant="outlined" color="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
        </Box>
      </Box>
    </Drawer>
  )
}

export function UserList() {
  const { t } = useDemoT()
  const f = useDemoFormat()
  const [rows, setRows] = useState<DemoUser[]>(seed)
  const [filters, setFilters] = useState<{ role: RoleKey | ''; plan: PlanKey | ''; status: UserStatus | '' }>({ role: '', plan: '', status: '' })
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState(false)
  const visible = rows.filter(
    (u) =>
      (!filters.role || u.role === filters.role) &&
      (!filters.plan || u.plan === filters.plan) &&
      (!filters.status || u.status === filters.status) &&
      (!query || `${u.name} ${u.email}`.toLowerCase().includes(query.toLowerCase())),
  )
  const columns = useMemo<GridColDef<DemoUser>[]>(
    () => [
      {
        field: 'name',
        headerName: t('users.user'),
        flex: 2,
        minWidth: 240,
        renderCell: (p) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, height: '100%' }}>
            <Avatar sx={{ width: 32, height: 32, fontSize: 14 }}>{initials(p.row.name)}</Avatar>
            {/* Two short lines that fit the row: the grid clips anything taller. */}
            <Box sx={{ minWidth: 0, lineHeight: 1.3 }}>
              <Typography variant="body2" component={Link} to={`/apps/user/view/${p.row.id}`} sx={{ color: 'primary.main', textDecoration: 'none', display: 'block', lineHeight: 1.3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {p.row.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {p.row.email}
              </Typography>
            </Box>
          </Box>
        ),
      },
      { field: 'role', headerName: t('users.role'), minWidth: 120, valueGetter: (_v, r) => t(`users.roleName.${r.role}`) },
      { field: 'plan', headerName: t('users.plan'), minWidth: 120, valueGetter: (_v, r) => t(`users.planName.${r.plan}`) },
      { field: 'billing', headerName: t('users.billing'), minWidth: 120, valueGetter: (_v, r) => t(`users.billingType.${r.billing}`) },
      { field: 'status', headerName: t('common.status'), minWidth: 110, renderCell: (p) => <Chip size="small" color={USER_STATUS_COLOR[p.row.status]} label={t(`users.status.${p.row.status}`)} /> },
      {
        field: 'actions',
        headerName: t('common.actions'),
        sortable: false,
        filterable: false,
        renderCell: (p) => (
          <IconButton size="small" aria-label={t('common.deleteItem', { name: p.row.name })} onClick={() => setRows((r) => r.filter((x) => x.id !== p.row.id))}>
            <IconTrash size={18} />
          </IconButton>
        ),
      },
    ],
    [t],
  )
  const count = (s: UserStatus) => rows.filter((u) => u.status === s).length
  return (
    <>
      <PageHeader
        title={t('users.listTitle')}
        actions={
          <Button variant="contained" startIcon={<IconPlus size={18} />} onClick={() => setOpen(true)}>
            {t('users.addUser')}
          </Button>
        }
      />
      <Grid container spacing={4} sx={{ mb: 4 }}>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconUsers size={22} />} label={t('users.total')} value={f.number(rows.length)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconUserCheck size={22} />} tone="success" label={t('users.status.active')} value={f.number(count('active'))} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconUserExclamation size={22} />} tone="warning" label={t('users.status.pending')} value={f.number(count('pending'))} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard icon={<IconUserX size={22} />} tone="secondary" label={t('users.status.inactive')} value={f.number(count('inactive'))} />
        </Grid>
      </Grid>
      <Card>
        <Box sx={{ p: 3, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(4, 1fr)' }, gap: 3 }}>
          <TextField size="small" label={t('common.search')} value={query} onChange={(e) => setQuery(e.target.value)} />
          <TextField select size="small" label={t('users.role')} value={filters.role} onChange={(e) => setFilters({ ...filters, role: e.target.value as RoleKey | '' })}>
            <MenuItem value="">{t('common.all')}</MenuItem>
            {ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {t(`users.roleName.${r}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label={t('users.plan')} value={filters.plan} onChange={(e) => setFilters({ ...filters, plan: e.target.value as PlanKey | '' })}>
            <MenuItem value="">{t('common.all')}</MenuItem>
            {PLANS.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`users.planName.${p}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label={t('common.status')} value={filters.status} onChange={(e) => setFilters({ ...filters, status: e.target.value as UserStatus | '' })}>
            <MenuItem value="">{t('common.all')}</MenuItem>
            {STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`users.status.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <DemoDataGrid label={t('users.listTitle')} rows={visible} columns={columns} rowHeight={64} checkboxSelection />
      </Card>
      <AddUserDrawer
        open={open}
        onClose={() => setOpen(false)}
        onAdd={(u) => setRows((r) => [{ ...u, id: Math.max(...r.map((x) => x.id)) + 1, status: 'pending', billing: 'manual', country: 'US', tasksDone: 0, projectsDone: 0 }, ...r])}
      />
    </>
  )
}
