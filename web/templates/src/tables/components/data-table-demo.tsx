import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardHeader from '@mui/material/CardHeader'
import Chip from '@mui/material/Chip'
import FormControl from '@mui/material/FormControl'
import InputLabel from '@mui/material/InputLabel'
import MenuItem from '@mui/material/MenuItem'
import Select from '@mui/material/Select'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { DataGrid, type GridColDef, type GridRowSelectionModel } from '@mui/x-data-grid'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EMPLOYEES, STATUS_COLOR, type Employee, type EmployeeStatus } from '../data/employees'
import { cspNonce } from '@/lib/csp-nonce'
import { intlLocale } from '../../apps/hooks/use-demo-t'

const STATUSES: EmployeeStatus[] = ['active', 'onLeave', 'resigned', 'applied']

export function DataTableDemo() {
  const { t, i18n } = useTranslation('demo-ui')
  const [query, setQuery] = useState('')
  const [status, setStatus] = useState<EmployeeStatus | 'all'>('all')
  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: 'include', ids: new Set() })
  const money = useMemo(() => new Intl.NumberFormat(intlLocale(i18n.language), { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }), [i18n.language])

  const rows = useMemo(() => {
    const q = query.trim().toLowerCase()
    return EMPLOYEES.filter((e) => (status === 'all' || e.status === status) && (!q || [e.name, e.email, e.post, e.city].some((v) => v.toLowerCase().includes(q))))
  }, [query, status])

  const columns: GridColDef<Employee>[] = [
    {
      field: 'name',
      headerName: t('tables.cols.name'),
      flex: 1.4,
      minWidth: 220,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', height: '100%' }}>
          <Avatar sx={{ width: 32, height: 32, fontSize: 14 }}>{row.name[0]}</Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
              {row.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {row.email}
            </Typography>
          </Box>
        </Stack>
      ),
    },
    { field: 'post', headerName: t('tables.cols.post'), flex: 1, minWidth: 160 },
    { field: 'city', headerName: t('tables.cols.city'), minWidth: 110 },
    { field: 'startDate', headerName: t('tables.cols.startDate'), minWidth: 120, valueFormatter: (v: string) => new Date(v).toLocaleDateString(intlLocale(i18n.language)) },
    { field: 'salary', headerName: t('tables.cols.salary'), type: 'number', minWidth: 120, valueFormatter: (v: number) => money.format(v) },
    { field: 'age', headerName: t('tables.cols.age'), type: 'number', minWidth: 80 },
    {
      field: 'status',
      headerName: t('tables.cols.status'),
      minWidth: 120,
      valueGetter: (v: EmployeeStatus) => t(`tables.status.${v}`),
      renderCell: ({ row }) => <Chip size="small" color={STATUS_COLOR[row.status]} label={t(`tables.status.${row.status}`)} variant="outlined" />,
    },
  ]
  const selectedCount = selection.type === 'include' ? selection.ids.size : rows.length - selection.ids.size

  return (
    <Card>
      <CardHeader title={t('tables.dataTitle')} subheader={t('tables.selected', { count: selectedCount })} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ px: 3, pb: 2 }}>
        <TextField size="small" label={t('tables.search')} value={query} onChange={(e) => setQuery(e.target.value)} type="search" sx={{ flex: 1 }} />
        <FormControl size="small" sx={{ minWidth: 180 }}>
          <InputLabel id="status-filter">{t('tables.cols.status')}</InputLabel>
          <Select labelId="status-filter" label={t('tables.cols.status')} value={status} onChange={(e) => setStatus(e.target.value as EmployeeStatus | 'all')}>
            <MenuItem value="all">{t('tables.all')}</MenuItem>
            {STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`tables.status.${s}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Stack>
      <Box sx={{ width: '100%' }}>
        <DataGrid
          nonce={cspNonce}
          rows={rows}
          columns={columns}
          checkboxSelection
          disableRowSelectionOnClick
          rowSelectionModel={selection}
          onRowSelectionModelChange={setSelection}
          initialState={{ pagination: { paginationModel: { pageSize: 10 } }, sorting: { sortModel: [{ field: 'name', sort: 'asc' }] } }}
          pageSizeOptions={[5, 10, 25]}
          rowHeight={56}
          autoHeight
          aria-label={t('tables.dataTitle')}
          localeText={{
            noRowsLabel: t('tables.noRows'),
            paginationRowsPerPage: t('common.rowsPerPage'),
            paginationDisplayedRows: ({ from, to, count }) => t('common.displayedRows', { from, to, count }),
            footerRowSelected: (count) => t('tables.selected', { count }),
          }}
          sx={{ border: 0 }}
        />
      </Box>
    </Card>
  )
}
