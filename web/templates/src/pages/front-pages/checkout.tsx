import Container from '@mui/material/Container'
import type { PageMeta } from '@/lib/api-types'
import { FrontShell } from '../../apps/components/front/front-shell'
import { CheckoutWizard } from '../../apps/components/wizards/checkout-wizard'

export const meta: PageMeta = { layout: 'blank', public: true }

export default function FrontCheckoutPage() {
  return (
    <FrontShell>
      <Container maxWidth="lg" sx={{ py: 6 }}>
        <CheckoutWizard />
      </Container>
    </FrontShell>
  )
}
