import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Divider from '@mui/material/Divider'
import Grid from '@mui/material/Grid'
import Snackbar from '@mui/material/Snackbar'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { invoices, invoiceTotals, SELLER } from '../../data/invoices'
import { useDemoFormat, useDemoT } from '../../hooks/use-demo-t'
import { NotFoundCard } from '../not-found-card'
import { PageHeader } from '../page-header'
import { InvoiceStatusChip } from './invoice-status-chip'

export function InvoicePreview({ id }: { id: string }) {
  const { t } = useDemoT()
  const f = useDemoFormat()
  const inv = invoices.find((i) => String(i.id) === id)
  const [paid, setPaid] = useState(inv?.paid ?? 0)
  const [payOpen, setPayOpen] = useState(false)
  const [amount, setAmount] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [toast, setToast] = useState<string | null>(null)
  if (!inv) return <NotFoundCard backTo="/apps/invoice/list" />
  const totals = invoiceTotals(inv.items, inv.discount, inv.taxRate)
  const balance = Math.max(0, totals.total - paid)

  const pay = (e: FormEvent) => {
    e.preventDefault()
    const v = Number(amount)
    if (!amount || !Number.isFinite(v) || v <= 0) return setError(t('validation.positive'))
    if (v > balance + 0.005) return setError(t('inv.overBalance', { balance: f.money(balance) }))
    setPaid(paid + v)
    setPayOpen(false)
    setAmount('')
    setError(null)
    setToast(t('inv.paymentAdded', { amount: f.money(v) }))
  }

  return (
    <>
      <PageHeader
        title={t('inv.invoiceNo', { id: inv.id })}
        actions={
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', displayPrint: 'none' }}>
            <Button variant="contained" onClick={() => setToast(t('inv.sentTo', { email: inv.email }))}>
              {t('inv.send')}
            </Button>
            <Button variant="outlined" onClick={() => window.print()}>
              {t('common.print')}
            </Button>
            <Button variant="outlined" component={Link} to={`/apps/invoice/edit/${inv.id}`}>
              {t('common.edit')}
            </Button>
            <Button variant="contained" color="success" disabled={balance === 0} onClick={() => setPayOpen(true)}>
              {t('inv.addPayment')}
            </Button>
          </Box>
        }
      />
      <Card>
        <CardContent>
          <Grid container spacing={4}>
            <Grid size={{ xs: 12, sm: 6 }}>
              {/* Addresses, phone numbers and IBANs keep their own direction inside an Arabic page. */}
              <Typography variant="h6" component="p">
                <bdi>{SELLER.name}</bdi>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                <bdi>{SELLER.address}</bdi>
                <br />
                <bdi dir="ltr">{SELLER.phone}</bdi>
              </Typography>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }} sx={{ textAlign: { sm: 'end' } }}>
              <InvoiceStatusChip status={balance === 0 ? 'paid' : inv.status} />
              <Typography variant="body2" sx={{ mt: 1 }}>
                {t('inv.issuedDate')}: {f.date(inv.issued)}
              </Typography>
              <Typography variant="body2">
                {t('inv.dueDate')}: {f.date(inv.due)}
              </Typography>
            </Grid>
          </Grid>
          <Divider sx={{ my: 4 }} />
          <Grid container spacing={4}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Typography variant="subtitle2">{t('inv.invoiceTo')}</Typography>
              <Typography variant="body2">{inv.client}</Typography>
              <Typography variant="body2" color="text.secondary">
                <bdi>{inv.company}</bdi>
                <br />
                <bdi>{inv.email}</bdi>
              </Typography>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Typography variant="subtitle2">{t('inv.billTo')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('inv.totalDue')}: {f.money(balance)}
                <br />
                IBAN: <bdi dir="ltr">{SELLER.iban}</bdi>
              </Typography>
            </Grid>
          </Grid>
        </CardContent>
        <TableContainer>
          {/* Wide enough for its five columns; narrower screens scroll it sideways. */}
          <Table aria-label={t('inv.items')} sx={{ minWidth: 600 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('inv.item')}</TableCell>
                <TableCell>{t('common.description')}</TableCell>
                <TableCell align="right">{t('inv.cost')}</TableCell>
                <TableCell align="right">{t('common.quantity')}</TableCell>
                <TableCell align="right">{t('common.price')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {inv.items.map((i) => (
                <TableRow key={i.id}>
                  <TableCell>{i.name}</TableCell>
                  <TableCell>{i.description}</TableCell>
                  <TableCell align="right">{f.money(i.cost)}</TableCell>
                  <TableCell align="right">{i.qty}</TableCell>
                  <TableCell align="right">{f.money(i.cost * i.qty)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <CardContent sx={{ display: 'grid', justifyContent: 'end', gap: 1 }}>
          {(
            [
              ['common.subtotal', totals.subtotal],
              ['common.discount', -totals.discount],
              ['common.tax', totals.tax],
              ['common.total', totals.total],
              ['inv.paid', -paid],
              ['inv.balance', balance],
            ] as const
          ).map(([k, v]) => (
            <Box key={k} sx={{ display: 'flex', justifyContent: 'space-between', gap: 6 }}>
              <Typography variant="body2">{t(k)}</Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {f.money(v)}
              </Typography>
            </Box>
          ))}
        </CardContent>
        <Divider />
        <CardContent>
          <Typography variant="body2">
            <strong>{t('inv.note')}:</strong> {inv.note}
          </Typography>
        </CardContent>
      </Card>
      <Dialog open={payOpen} onClose={() => setPayOpen(false)} fullWidth maxWidth="xs">
        <Box component="form" noValidate onSubmit={pay}>
          <DialogTitle>{t('inv.addPayment')}</DialogTitle>
          <DialogContent sx={{ pt: '8px !important' }}>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {t('inv.balance')}: {f.money(balance)}
            </Typography>
            <TextField autoFocus fullWidth type="number" label={t('common.amount')} value={amount} onChange={(e) => setAmount(e.target.value)} error={!!error} helperText={error} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setPayOpen(false)}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained">
              {t('common.save')}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
      <Snackbar open={toast !== null} autoHideDuration={3000} onClose={() => setToast(null)} message={toast ?? ''} />
    </>
  )
}
