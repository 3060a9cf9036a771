import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import Drawer from '@mui/material/Drawer'
import IconButton from '@mui/material/IconButton'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { GridColDef } from '@mui/x-data-grid'
import { IconPlus, IconTrash, IconX } from '@tabler/icons-react'
import { useMemo, useState, type FormEvent } from 'react'
import { categories as seed, type Category } from '../../data/ecommerce'
import { useDemoFormat, useDemoT } from '../../hooks/use-demo-t'
import { DemoDataGrid } from '../demo-data-grid'
import { PageHeader } from '../page-header'

export function CategoryList() {
  const { t } = useDemoT()
  const f = useDemoFormat()
  const [rows, setRows] = useState<Category[]>(seed)
  const [open, setOpen] = useState(false)
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [query, setQuery] = useState('')
  const label = (c: Category) => c.name ?? t(`ecom.category.${c.key ?? 'home'}`)
  const visible = rows.filter((c) => label(c).toLowerCase().includes(query.toLowerCase()))
  const columns = useMemo<GridColDef<Category>[]>(
    () => [
      { field: 'label', headerName: t('common.category'), flex: 1, minWidth: 180, valueGetter: (_v, r) => label(r) },
      { field: 'products', headerName: t('ecom.totalProducts'), type: 'number', minWidth: 140 },
      { field: 'earnings', headerName: t('ecom.totalEarnings'), type: 'number', minWidth: 140, valueFormatter: (v: number) => f.money(v) },
      {
        field: 'actions',
        headerName: t('common.actions'),
        sortable: false,
        filterable: false,
        renderCell: (p) => (
          <IconButton size="small" aria-label={t('common.deleteItem', { name: label(p.row) })} onClick={() => setRows((r) => r.filter((x) => x.id !== p.row.id))}>
            <IconTrash size={18} />
          </IconButton>
        ),
      },
    ],
    [t, f],
  )
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const v = name.trim()
    if (v.length < 3) return setError(t('validation.min3'))
    if (rows.some((c) => label(c).toLowerCase() === v.toLowerCase())) return setError(t('ecom.categoryExists'))
    setRows((r) => [...r, { id: Math.max(0, ...r.map((c) => c.id)) + 1, key: null, name: v, products: 0, earnings: 0 }])
    setName('')
    setError(null)
    setOpen(false)
  }
  return (
    <>
      <PageHeader
        title={t('ecom.categoryListTitle')}
        actions={
          <Button variant="contained" startIcon={<IconPlus size={18} />} onClick={() => setOpen(true)}>
            {t('ecom.addCategory')}
          </Button>
        }
      />
      <Card>
        <Box sx={{ p: 3 }}>
          <TextField size="small" label={t('common.search')} value={query} onChange={(e) => setQuery(e.target.value)} />
        </Box>
        <DemoDataGrid label={t('ecom.categoryListTitle')} rows={visible} columns={columns} />
      </Card>
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)}>
        <Box component="form" noValidate onSubmit={submit} sx={{ width: { xs: '100vw', sm: 380 }, p: 4, display: 'grid', gap: 3 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="h6" component="h2">
              {t('ecom.addCategory')}
            </Typography>
            <IconButton aria-label={t('common.close')} onClick={() => setOpen(false)}>
              <IconX size={18} />
            </IconButton>
          </Box>
          <TextField autoFocus required label={t('common.name')} value={name} onChange={(e) => setName(e.target.value)} error={!!error} helperText={error ?? ' '} />
          <Box sx={{ display: 'flex', gap: 2 }}>
            <Button type="submit" variant="contained">
              {t('common.add')}
            </Button>
            <Button variant="outlined" color="secondary" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
          </Box>
        </Box>
      </Drawer>
    </>
  )
}
