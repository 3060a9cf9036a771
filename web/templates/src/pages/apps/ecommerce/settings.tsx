import type { PageMeta } from '@/lib/api-types'
import { StoreSettings } from '../../../apps/components/ecommerce/store-settings'

export const meta: PageMeta = { layout: 'default', public: false }

export default function StoreSettingsPage() {
  return <StoreSettings />
}
