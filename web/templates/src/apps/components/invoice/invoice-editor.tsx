import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Divider from '@mui/material/Divider'
import Grid from '@mui/material/Grid'
import IconButton from '@mui/material/IconButton'
import MenuItem from '@mui/material/MenuItem'
import Snackbar from '@mui/material/Snackbar'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { IconPlus, IconX } from '@tabler/icons-react'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { invoices, invoiceTotals, SELLER, type Invoice, type InvoiceItem } from '../../data/invoices'
import { useDemoFormat, useDemoT } from '../../hooks/use-demo-t'
import { PageHeader } from '../page-header'

const CLIENTS = [...new Map(invoices.map((i) => [i.client, i])).values()].slice(0, 12)

function blank(): Invoice {
  const today = new Date().toISOString().slice(0, 10)
  return {
    id: Math.max(...invoices.map((i) => i.id)) + 1,
    client: '',
    company: '',
    email: '',
    issued: today,
    due: '',
    status: 'draft',
    items: [{ id: 1, name: '', description: '', cost: 0, qty: 1 }],
    discount: 0,
    taxRate: 21,
    paid: 0,
    note: '',
  }
}

type Errors = Partial<Record<'client' | 'due' | 'items', string>> & { rows?: Record<number, string> }

export function InvoiceEditor({ initial }: { initial?: Invoice }) {
  const { t } = useDemoT()
  const f = useDemoFormat()
  const [inv, setInv] = useState<Invoice>(() => structuredClone(initial ?? blank()))
  const [errors, setErrors] = useState<Errors>({})
  const [saved, setSaved] = useState(false)
  const totals = invoiceTotals(inv.items, inv.discount, inv.taxRate)
  const setItem = (id: number, patch: Partial<InvoiceItem>) => setInv({ ...inv, items: inv.items.map((i) => (i.id === id ? { ...i, ...patch } : i)) })
  const addItem = () => setInv({ ...inv, items: [...inv.items, { id: Math.max(0, ...inv.items.map((i) => i.id)) + 1, name: '', description: '', cost: 0, qty: 1 }] })

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const next: Errors = {}
    if (!inv.client) next.client = t('validation.required')
    if (!inv.due) next.due = t('validation.required')
    else if (inv.due < inv.issued) next.due = t('inv.dueAfterIssue')
    if (inv.items.length === 0) next.items = t('inv.needItem')
    const rows: Record<number, string> = {}
    for (const i of inv.items) if (!i.name.trim() || i.cost <= 0 || i.qty < 1) rows[i.id] = t('inv.itemInvalid')
    if (Object.keys(rows).length) next.rows = rows
    setErrors(next)
    if (Object.keys(next).length === 0) setSaved(true)
  }

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <PageHeader
        title={initial ? t('inv.editTitle', { id: inv.id }) : t('inv.addTitle')}
        actions={
          <>
            {initial && (
              <Button component={Link} to={`/apps/invoice/preview/${inv.id}`} variant="outlined">
                {t('inv.preview')}
              </Button>
            )}
            <Button type="submit" variant="contained">
              {t('common.save')}
            </Button>
          </>
        }
      />
      <Card>
        <CardContent>
          <Grid container spacing={4}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Typography variant="h6" component="p">
                {SELLER.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {SELLER.address}
                <br />
                {SELLER.phone}
              </Typography>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }} sx={{ display: 'grid', gap: 2 }}>
              <Typography variant="h6" component="p">
                {t('inv.invoiceNo', { id: inv.id })}
              </Typography>
              <TextField size="small" type="date" label={t('inv.issuedDate')} value={inv.issued} onChange={(e) => setInv({ ...inv, issued: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
              <TextField size="small" type="date" label={t('inv.dueDate')} required value={inv.due} onChange={(e) => setInv({ ...inv, due: e.target.value })} error={!!errors.due} helperText={errors.due} slotProps={{ inputLabel: { shrink: true } }} />
            </Grid>
          </Grid>
          <Divider sx={{ my: 4 }} />
          <TextField
            select
            required
            size="small"
            label={t('inv.invoiceTo')}
            value={inv.client}
            onChange={(e) => {
              const c = CLIENTS.find((x) => x.client === e.target.value)
              if (c) setInv({ ...inv, client: c.client, company: c.company, email: c.email })
            }}
            error={!!errors.client}
            helperText={errors.client}
            sx={{ minWidth: { xs: '100%', sm: 320 } }}
          >
            {CLIENTS.map((c) => (
              <MenuItem key={c.client} value={c.client}>
                {c.client} · {c.company}
              </MenuItem>
            ))}
          </TextField>
          {inv.client && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {inv.company} · {inv.email}
            </Typography>
          )}
          <Divider sx={{ my: 4 }} />
          {errors.items && <Alert severity="error">{errors.items}</Alert>}
          {inv.items.map((item) => (
            <Box key={item.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 3, mb: 3, position: 'relative' }}>
              <Grid container spacing={3} sx={{ paddingInlineEnd: 5 }}>
                <Grid size={{ xs: 12, md: 5 }} sx={{ display: 'grid', gap: 2 }}>
                  <TextField size="small" label={t('inv.item')} value={item.name} onChange={(e) => setItem(item.id, { name: e.target.value })} />
                  <TextField size="small" multiline label={t('common.description')} value={item.description} onChange={(e) => setItem(item.id, { description: e.target.value })} />
                </Grid>
                <Grid size={{ xs: 6, md: 2.5 }}>
                  <TextField size="small" type="number" label={t('inv.cost')} value={item.cost} onChange={(e) => setItem(item.id, { cost: Number(e.target.value) })} slotProps={{ htmlInput: { min: 0, step: '0.01' } }} />
                </Grid>
                <Grid size={{ xs: 6, md: 2 }}>
                  <TextField size="small" type="number" label={t('common.quantity')} value={item.qty} onChange={(e) => setItem(item.id, { qty: Number(e.target.value) })} slotProps={{ htmlInput: { min: 1 } }} />
                </Grid>
                <Grid size={{ xs: 12, md: 2.5 }}>
                  <Typography variant="caption" color="text.secondary">
                    {t('common.price')}
                  </Typography>
                  <Typography>{f.money(item.cost * item.qty)}</Typography>
                </Grid>
              </Grid>
              {errors.rows?.[item.id] && (
                <Typography variant="caption" color="error">
                  {errors.rows[item.id]}
                </Typography>
              )}
              <IconButton size="small" aria-label={t('inv.removeItem')} onClick={() => setInv({ ...inv, items: inv.items.filter((i) => i.id !== item.id) })} sx={{ position: 'absolute', top: 8, insetInlineEnd: 8 }}>
                <IconX size={16} />
              </IconButton>
            </Box>
          ))}
          <Button size="small" variant="outlined" startIcon={<IconPlus size={16} />} onClick={addItem}>
            {t('inv.addItem')}
          </Button>
          <Divider sx={{ my: 4 }} />
          <Grid container spacing={4}>
            <Grid size={{ xs: 12, md: 7 }}>
              <TextField fullWidth multiline minRows={3} label={t('inv.note')} value={inv.note} onChange={(e) => setInv({ ...inv, note: e.target.value })} />
            </Grid>
            <Grid size={{ xs: 12, md: 5 }} sx={{ display: 'grid', gap: 2 }}>
              <Box sx={{ display: 'flex', gap: 2 }}>
                <TextField size="small" type="number" label={t('common.discount')} value={inv.discount} onChange={(e) => setInv({ ...inv, discount: Math.max(0, Number(e.target.value)) })} />
                <TextField size="small" type="number" label={t('inv.taxRate')} value={inv.taxRate} onChange={(e) => setInv({ ...inv, taxRate: Math.max(0, Number(e.target.value)) })} />
              </Box>
              <Row label={t('common.subtotal')} value={f.money(totals.subtotal)} />
              <Row label={t('common.discount')} value={`− ${f.money(totals.discount)}`} />
              <Row label={t('common.tax')} value={f.money(totals.tax)} />
              <Divider />
              <Row label={t('common.total')} value={f.money(totals.total)} strong />
            </Grid>
          </Grid>
        </CardContent>
      </Card>
      <Snackbar open={saved} autoHideDuration={3000} onClose={() => setSaved(false)} message={t('inv.saved', { id: inv.id })} />
    </Box>
  )
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between' }} data-testid={strong ? 'invoice-total' : undefined}>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{value}</Typography>
    </Box>
  )
}
