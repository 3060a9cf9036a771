import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import Grid from '@mui/material/Grid'
import IconButton from '@mui/material/IconButton'
import MenuItem from '@mui/material/MenuItem'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { GridColDef } from '@mui/x-data-grid'
import { IconBuildingStore, IconPlus, IconReceipt, IconTrash, IconWallet } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { products as seed, type CategoryKey, type Product, type ProductStatus } from '../../data/ecommerce'
import { useDemoFormat, useDemoT } from '../../hooks/use-demo-t'
import { DemoDataGrid } from '../demo-data-grid'
import { ProductThumb } from './product-thumb'
import { PageHeader } from '../page-header'
import { StatCard } from '../stat-card'

const STATUS_COLOR = { published: 'success', scheduled: 'warning', inactive: 'error' } as const
const CATEGORIES: CategoryKey[] = ['electronics', 'accessories', 'shoes', 'home', 'office', 'games']

export function ProductList() {
  const { t } = useDemoT()
  const f = useDemoFormat()
  const [rows, setRows] = useState<Product[]>(seed)
  const [status, setStatus] = useState<ProductStatus | ''>('')
  const [category, setCategory] = useState<CategoryKey | ''>('')
  const [query, setQuery] = useState('')
  const visible = rows.filter(
    (p) => (!status || p.status === status) && (!category || p.category === category) && (!query || `${p.name} ${p.brand} ${p.sku}`.toLowerCase().includes(query.toLowerCase())),
  )
  const columns = useMemo<GridColDef<Product>[]>(
    () => [
      {
        field: 'name',
        headerName: t('common.product'),
        flex: 2,
        minWidth: 200,
        valueGetter: (_v, r) => r.name,
        renderCell: (p) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, height: '100%', minWidth: 0 }}>
            <ProductThumb name={p.row.name} size={34} />
            <Box sx={{ minWidth: 0, lineHeight: 1.3 }}>
              <Typography variant="body2" noWrap dir="auto" sx={{ fontWeight: 500 }}>
                {p.row.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {p.row.brand}
              </Typography>
            </Box>
          </Box>
        ),
      },
      { field: 'category', headerName: t('common.category'), minWidth: 120, valueGetter: (_v, r) => t(`ecom.category.${r.category}`) },
      {
        field: 'inStock',
        headerName: t('ecom.stock'),
        minWidth: 90,
        sortable: false,
        renderCell: (p) => (
          <Switch
            size="small"
            checked={p.row.inStock}
            slotProps={{ input: { 'aria-label': t('ecom.inStockFor', { name: p.row.name }) } }}
            onChange={(e) => setRows((list) => list.map((x) => (x.id === p.row.id ? { ...x, inStock: e.target.checked } : x)))}
          />
        ),
      },
      { field: 'sku', headerName: t('ecom.sku'), minWidth: 110 },
      { field: 'price', headerName: t('common.price'), type: 'number', minWidth: 100, valueFormatter: (v: number) => f.money(v) },
      { field: 'qty', headerName: t('common.quantity'), type: 'number', minWidth: 90, valueFormatter: (v: number) => f.number(v) },
      { field: 'status', headerName: t('common.status'), minWidth: 120, renderCell: (p) => <Chip size="small" color={STATUS_COLOR[p.row.status]} label={t(`ecom.productStatus.${p.row.status}`)} /> },
      {
        field: 'actions',
        headerName: t('common.actions'),
        sortable: false,
        filterable: false,
        minWidth: 80,
        renderCell: (p) => (
          <IconButton size="small" aria-label={t('common.deleteItem', { name: p.row.name })} onClick={() => setRows((list) => list.filter((x) => x.id !== p.row.id))}>
            <IconTrash size={18} />
          </IconButton>
        ),
      },
    ],
    [t, f],
  )
  return (
    <>
      <PageHeader
        title={t('ecom.productListTitle')}
        actions={
          <Button component={Link} to="/apps/ecommerce/product/add" variant="contained" startIcon={<IconPlus size={18} />}>
            {t('ecom.addProduct')}
          </Button>
        }
      />
      <Grid container spacing={4} sx={{ mb: 4 }}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <StatCard icon={<IconBuildingStore size={22} />} label={t('ecom.inStoreSales')} value={f.money(5345.43)} trend={5.7} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <StatCard icon={<IconWallet size={22} />} tone="success" label={t('ecom.websiteSales')} value={f.money(674347.12)} trend={12.4} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <StatCard icon={<IconReceipt size={22} />} tone="info" label={t('ecom.discount')} value={f.money(14235.12)} />
        </Grid>
      </Grid>
      <Card>
        <CardContent>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 3, mb: 3 }}>
            <TextField size="small" label={t('common.search')} value={query} onChange={(e) => setQuery(e.target.value)} />
            <TextField select size="small" label={t('common.status')} value={status} onChange={(e) => setStatus(e.target.value as ProductStatus | '')}>
              <MenuItem value="">{t('common.all')}</MenuItem>
              {(['published', 'scheduled', 'inactive'] as const).map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`ecom.productStatus.${s}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField select size="small" label={t('common.category')} value={category} onChange={(e) => setCategory(e.target.value as CategoryKey | '')}>
              <MenuItem value="">{t('common.all')}</MenuItem>
              {CATEGORIES.map((c) => (
                <MenuItem key={c} value={c}>
                  {t(`ecom.category.${c}`)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
        </CardContent>
        <DemoDataGrid label={t('ecom.productListTitle')} rows={visible} columns={columns} checkboxSelection />
      </Card>
    </>
  )
}
