import Chip from '@mui/material/Chip'
import type { InvoiceStatus } from '../../data/invoices'
import { useDemoT } from '../../hooks/use-demo-t'

const COLOR = { paid: 'success', sent: 'info', draft: 'default', pastDue: 'error', partial: 'warning', downloaded: 'primary' } as const

export function InvoiceStatusChip({ status }: { status: InvoiceStatus }) {
  const { t } = useDemoT()
  return <Chip size="small" variant="outlined" color={COLOR[status]} label={t(`inv.status.${status}`)} />
}
