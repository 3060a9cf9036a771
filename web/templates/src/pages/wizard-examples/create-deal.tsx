import type { PageMeta } from '@/lib/api-types'
import { CreateDealWizard } from '../../apps/components/wizards/create-deal-wizard'

export const meta: PageMeta = { layout: 'default', public: false }

export default function CreateDealWizardPage() {
  return <CreateDealWizard />
}
