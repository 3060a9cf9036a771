import Avatar from '@mui/material/Avatar'
import AvatarGroup from '@mui/material/AvatarGroup'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import Grid from '@mui/material/Grid'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { GridColDef } from '@mui/x-data-grid'
import { useMemo, useState } from 'react'
import { initials } from '../../data/people'
import { roles as seedRoles, users, type DemoUser, type RoleKey } from '../../data/users'
import { useDemoT } from '../../hooks/use-demo-t'
import { DemoDataGrid } from '../demo-data-grid'
import { PageHeader } from '../page-header'
import { RoleDialog, type Grants } from './role-dialog'
import { USER_STATUS_COLOR } from './user-list'

interface RoleCard {
  id: string
  /** Seeded roles are named through i18n; created ones carry their own name. */
  key?: RoleKey
  name?: string
  grants: Grants
}

export function RolesView() {
  const { t } = useDemoT()
  const [roles, setRoles] = useState<RoleCard[]>(() => seedRoles.map((r) => ({ id: r.key, key: r.key, grants: r.grants })))
  const [dialog, setDialog] = useState<RoleCard | 'new' | null>(null)
  const [roleFilter, setRoleFilter] = useState<RoleKey | ''>('')
  const label = (r: RoleCard) => r.name ?? t(`users.roleName.${r.key ?? 'subscriber'}`)
  const visible = users.filter((u) => !roleFilter || u.role === roleFilter)
  const columns = useMemo<GridColDef<DemoUser>[]>(
    () => [
      { field: 'name', headerName: t('users.user'), flex: 1, minWidth: 180 },
      { field: 'email', headerName: t('users.field.email'), flex: 1, minWidth: 220 },
      { field: 'role', headerName: t('users.role'), minWidth: 120, valueGetter: (_v, r) => t(`users.roleName.${r.role}`) },
      { field: 'status', headerName: t('common.status'), minWidth: 110, renderCell: (p) => <Chip size="small" color={USER_STATUS_COLOR[p.row.status]} label={t(`users.status.${p.row.status}`)} /> },
    ],
    [t],
  )
  const editing = dialog === 'new' ? null : dialog
  return (
    <>
      <PageHeader title={t('roles.title')} subtitle={t('roles.subtitle')} />
      <Grid container spacing={4} sx={{ mb: 4 }}>
        {roles.map((r) => {
          const members = users.filter((u) => u.role === r.key)
          return (
            <Grid key={r.id} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Card>
                <CardContent>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
                    <Typography variant="body2" color="text.secondary">
                      {t('roles.totalUsers', { n: members.length })}
                    </Typography>
                    <AvatarGroup max={4} sx={{ '& .MuiAvatar-root': { width: 30, height: 30, fontSize: 12 } }}>
                      {members.map((m) => (
                        <Avatar key={m.id} alt={m.name}>
                          {initials(m.name)}
                        </Avatar>
                      ))}
                    </AvatarGroup>
                  </Box>
                  <Typography variant="h6" component="h2">
                    {label(r)}
                  </Typography>
                  <Button size="small" sx={{ px: 0 }} onClick={() => setDialog(r)}>
                    {t('roles.editRole')}
                  </Button>
                </CardContent>
              </Card>
            </Grid>
          )
        })}
        <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent sx={{ display: 'grid', gap: 2, justifyItems: 'end', textAlign: 'end' }}>
              <Button variant="contained" onClick={() => setDialog('new')}>
                {t('roles.addRole')}
              </Button>
              <Typography variant="body2" color="text.secondary">
                {t('roles.addRoleHint')}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <Card>
        <Box sx={{ p: 3 }}>
          <TextField select size="small" label={t('users.role')} value={roleFilter} onChange={(e) => setRoleFilter(e.target.value as RoleKey | '')} sx={{ minWidth: 200 }}>
            <MenuItem value="">{t('common.all')}</MenuItem>
            {seedRoles.map((r) => (
              <MenuItem key={r.key} value={r.key}>
                {t(`users.roleName.${r.key}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <DemoDataGrid label={t('roles.usersWithRoles')} rows={visible} columns={columns} />
      </Card>
      {dialog !== null && (
        <RoleDialog
          open
          initialName={editing ? label(editing) : ''}
          initialGrants={editing?.grants ?? (Object.fromEntries(Object.keys(seedRoles[0]?.grants ?? {}).map((a) => [a, []])) as unknown as Grants)}
          taken={roles.filter((r) => r !== editing).map(label)}
          onClose={() => setDialog(null)}
          onSave={(name, grants) =>
            setRoles((list) => (editing ? list.map((r) => (r.id === editing.id ? { ...r, name: name === label(r) ? r.name : name, grants } : r)) : [...list, { id: `custom-${list.length}`, name, grants }]))
          }
        />
      )}
    </>
  )
}
