import type { PageMeta } from '@/lib/api-types'
import { PropertyListingWizard } from '../../apps/components/wizards/property-listing-wizard'

export const meta: PageMeta = { layout: 'default', public: false }

export default function PropertyListingWizardPage() {
  return <PropertyListingWizard />
}
