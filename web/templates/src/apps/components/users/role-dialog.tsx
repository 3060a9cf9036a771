import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import FormControlLabel from '@mui/material/FormControlLabel'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableRow from '@mui/material/TableRow'
import TextField from '@mui/material/TextField'
import { useState, type FormEvent } from 'react'
import { PERMISSION_AREAS, type Access, type PermissionArea } from '../../data/users'
import { useDemoT } from '../../hooks/use-demo-t'

const ACCESS: Access[] = ['read', 'write', 'create']
export type Grants = Record<PermissionArea, Access[]>

export function RoleDialog(props: { open: boolean; initialName: string; initialGrants: Grants; taken: string[]; onClose: () => void; onSave: (name: string, grants: Grants) => void }) {
  const { t } = useDemoT()
  const [name, setName] = useState(props.initialName)
  const [grants, setGrants] = useState<Grants>(props.initialGrants)
  const [error, setError] = useState<string | null>(null)
  const all = PERMISSION_AREAS.every((a) => grants[a].length === ACCESS.length)
  const toggle = (area: PermissionArea, a: Access) =>
    setGrants({ ...grants, [area]: grants[area].includes(a) ? grants[area].filter((x) => x !== a) : [...grants[area], a] })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const v = name.trim()
    if (v.length < 3) return setError(t('validation.min3'))
    if (props.taken.some((x) => x.toLowerCase() === v.toLowerCase())) return setError(t('roles.nameTaken'))
    props.onSave(v, grants)
    props.onClose()
  }
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="md">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle>{props.initialName ? t('roles.editRole') : t('roles.addRole')}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          <TextField fullWidth required label={t('roles.roleName')} value={name} onChange={(e) => setName(e.target.value)} error={!!error} helperText={error ?? ' '} />
          <TableContainer>
            <Table size="small" aria-label={t('roles.permissions')}>
              <TableBody>
                <TableRow>
                  <TableCell>{t('roles.adminAccess')}</TableCell>
                  <TableCell colSpan={3}>
                    <FormControlLabel
                      control={<Checkbox checked={all} onChange={(e) => setGrants(Object.fromEntries(PERMISSION_AREAS.map((a) => [a, e.target.checked ? [...ACCESS] : []])) as Grants)} />}
                      label={t('roles.selectAll')}
                    />
                  </TableCell>
                </TableRow>
                {PERMISSION_AREAS.map((area) => (
                  <TableRow key={area}>
                    <TableCell>{t(`roles.area.${area}`)}</TableCell>
                    {ACCESS.map((a) => (
                      <TableCell key={a}>
                        <FormControlLabel control={<Checkbox checked={grants[area].includes(a)} onChange={() => toggle(area, a)} />} label={t(`roles.access.${a}`)} />
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('common.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}
