import Chip from '@mui/material/Chip'
import { useDemoT } from '../../hooks/use-demo-t'

export type OrderStatus = 'delivered' | 'processing' | 'shipped' | 'cancelled' | 'pending'

const COLOR = { delivered: 'success', processing: 'warning', shipped: 'info', cancelled: 'error', pending: 'default' } as const

export function OrderStatusChip({ status }: { status: OrderStatus }) {
  const { t } = useDemoT()
  return <Chip size="small" variant="outlined" color={COLOR[status]} label={t(`ecom.orderStatus.${status}`)} />
}
