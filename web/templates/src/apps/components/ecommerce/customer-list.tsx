import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { GridColDef } from '@mui/x-data-grid'
import { IconPlus } from '@tabler/icons-react'
import { useMemo, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { customers as seed, type Customer } from '../../data/ecommerce'
import { COUNTRIES, initials } from '../../data/people'
import { useDemoFormat, useDemoT } from '../../hooks/use-demo-t'
import { DemoDataGrid } from '../demo-data-grid'
import { PageHeader } from '../page-header'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function CustomerList() {
  const { t } = useDemoT()
  const f = useDemoFormat()
  const [rows, setRows] = useState<Customer[]>(seed)
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState({ name: '', email: '', country: 'US' as Customer['country'] })
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({})
  const visible = rows.filter((c) => `${c.name} ${c.email}`.toLowerCase().includes(query.toLowerCase()))
  const columns = useMemo<GridColDef<Customer>[]>(
    () => [
      {
        field: 'name',
        headerName: t('common.customer'),
        flex: 2,
        minWidth: 240,
        renderCell: (p) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, height: '100%' }}>
            <Avatar sx={{ width: 32, height: 32, fontSize: 14 }}>{initials(p.row.name)}</Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" component={Link} to={`/apps/ecommerce/customer/details/${p.row.id}`} sx={{ color: 'primary.main', textDecoration: 'none', display: 'block' }}>
                {p.row.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {p.row.email}
              </Typography>
            </Box>
          </Box>
        ),
      },
      { field: 'id', headerName: t('ecom.customerId'), minWidth: 110, valueFormatter: (v: number) => `#${v}` },
      { field: 'country', headerName: t('common.country'), minWidth: 120, valueGetter: (_v, r) => f.region(r.country) },
      { field: 'orders', headerName: t('common.orders'), type: 'number', minWidth: 90 },
      { field: 'spent', headerName: t('ecom.totalSpent'), type: 'number', minWidth: 120, valueFormatter: (v: number) => f.money(v) },
    ],
    [t, f],
  )
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const next: typeof errors = {}
    if (draft.name.trim().length < 3) next.name = t('validation.min3')
    if (!EMAIL.test(draft.email)) next.email = t('validation.email')
    setErrors(next)
    if (Object.keys(next).length) return
    setRows((r) => [{ id: Math.max(...r.map((c) => c.id)) + 1, name: draft.name.trim(), email: draft.email, country: draft.country, orders: 0, spent: 0, joined: new Date().toISOString().slice(0, 10) }, ...r])
    setDraft({ name: '', email: '', country: 'US' })
    setOpen(false)
  }
  return (
    <>
      <PageHeader
        title={t('ecom.customerListTitle')}
        actions={
          <Button variant="contained" startIcon={<IconPlus size={18} />} onClick={() => setOpen(true)}>
            {t('ecom.addCustomer')}
          </Button>
        }
      />
      <Card>
        <Box sx={{ p: 3 }}>
          <TextField size="small" label={t('common.search')} value={query} onChange={(e) => setQuery(e.target.value)} />
        </Box>
        <DemoDataGrid label={t('ecom.customerListTitle')} rows={visible} columns={columns} rowHeight={60} />
      </Card>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <Box component="form" noValidate onSubmit={submit}>
          <DialogTitle>{t('ecom.addCustomer')}</DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 3, pt: '8px !important' }}>
            <TextField required label={t('common.name')} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} error={!!errors.name} helperText={errors.name} />
            <TextField required type="email" label={t('common.email')} value={draft.email} onChange={(e) => setDraft({ ...draft, email: e.target.value })} error={!!errors.email} helperText={errors.email} />
            <TextField select label={t('common.country')} value={draft.country} onChange={(e) => setDraft({ ...draft, country: e.target.value as Customer['country'] })}>
              {COUNTRIES.map((c) => (
                <MenuItem key={c} value={c}>
                  {f.region(c)}
                </MenuItem>
              ))}
            </TextField>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained">
              {t('common.add')}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </>
  )
}
