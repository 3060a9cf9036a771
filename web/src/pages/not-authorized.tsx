import { useTranslation } from 'react-i18next'
import { ErrorScreen } from '@/components/errors/error-screen'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'blank', public: true }

export default function NotAuthorizedPage() {
  const { t } = useTranslation()
  return <ErrorScreen code="401" title={t('errors.notAuthorizedTitle')} text={t('errors.notAuthorizedText')} actionLabel={t('errors.backHome')} actionHref="/" />
}
