import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import IconButton from '@mui/material/IconButton'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import Tooltip from '@mui/material/Tooltip'
import type { GridColDef } from '@mui/x-data-grid'
import { IconEdit, IconEye, IconPlus, IconTrash } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { invoices as seed, invoiceTotals, type Invoice, type InvoiceStatus } from '../../data/invoices'
import { useDemoFormat, useDemoT } from '../../hooks/use-demo-t'
import { DemoDataGrid } from '../demo-data-grid'
import { PageHeader } from '../page-header'
import { InvoiceStatusChip } from './invoice-status-chip'

const STATUSES: InvoiceStatus[] = ['paid', 'sent', 'draft', 'pastDue', 'partial', 'downloaded']

interface Row extends Invoice {
  total: number
  balance: number
}

export function InvoiceList() {
  const { t } = useDemoT()
  const f = useDemoFormat()
  const [rows, setRows] = useState<Row[]>(() =>
    seed.map((i) => {
      const { total } = invoiceTotals(i.items, i.discount, i.taxRate)
      return { ...i, total, balance: total - i.paid }
    }),
  )
  const [status, setStatus] = useState<InvoiceStatus | ''>('')
  const [query, setQuery] = useState('')
  const visible = rows.filter((r) => (!status || r.status === status) && (!query || `${r.id} ${r.client} ${r.company}`.toLowerCase().includes(query.toLowerCase())))
  const columns = useMemo<GridColDef<Row>[]>(
    () => [
      { field: 'id', headerName: '#', minWidth: 90, renderCell: (p) => <Link to={`/apps/invoice/preview/${p.row.id}`}>#{p.row.id}</Link> },
      { field: 'status', headerName: t('common.status'), minWidth: 130, renderCell: (p) => <InvoiceStatusChip status={p.row.status} /> },
      { field: 'client', headerName: t('inv.client'), flex: 1, minWidth: 180 },
      { field: 'total', headerName: t('common.total'), type: 'number', minWidth: 110, valueFormatter: (v: number) => f.money(v) },
      { field: 'issued', headerName: t('inv.issuedDate'), minWidth: 120, valueFormatter: (v: string) => f.date(v) },
      { field: 'balance', headerName: t('inv.balance'), type: 'number', minWidth: 110, valueFormatter: (v: number) => (v <= 0 ? t('inv.status.paid') : f.money(v)) },
      {
        field: 'actions',
        headerName: t('common.actions'),
        sortable: false,
        filterable: false,
        minWidth: 140,
        renderCell: (p) => (
          <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
            <Tooltip title={t('common.view')}>
              <IconButton size="small" component={Link} to={`/apps/invoice/preview/${p.row.id}`} aria-label={t('common.view')}>
                <IconEye size={18} />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('common.edit')}>
              <IconButton size="small" component={Link} to={`/apps/invoice/edit/${p.row.id}`} aria-label={t('common.edit')}>
                <IconEdit size={18} />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('common.delete')}>
              <IconButton size="small" aria-label={t('common.deleteItem', { name: `#${p.row.id}` })} onClick={() => setRows((r) => r.filter((x) => x.id !== p.row.id))}>
                <IconTrash size={18} />
              </IconButton>
            </Tooltip>
          </Box>
        ),
      },
    ],
    [t, f],
  )
  return (
    <>
      <PageHeader
        title={t('inv.listTitle')}
        actions={
          <Button component={Link} to="/apps/invoice/add" variant="contained" startIcon={<IconPlus size={18} />}>
            {t('inv.create')}
          </Button>
        }
      />
      <Card>
        <Box sx={{ p: 3, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 3 }}>
          <TextField size="small" label={t('common.search')} value={query} onChange={(e) => setQuery(e.target.value)} />
          <TextField select size="small" label={t('common.status')} value={status} onChange={(e) => setStatus(e.target.value as InvoiceStatus | '')}>
            <MenuItem value="">{t('common.all')}</MenuItem>
            {STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`inv.status.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <DemoDataGrid label={t('inv.listTitle')} rows={visible} columns={columns} checkboxSelection />
      </Card>
    </>
  )
}
