import { useTranslation } from 'react-i18next'
import { ErrorScreen } from '@/components/errors/error-screen'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'blank', public: true }

export default function NotFoundPage() {
  const { t } = useTranslation()
  return <ErrorScreen code="404" title={t('errors.notFoundTitle')} text={t('errors.notFoundText')} actionLabel={t('errors.backHome')} actionHref="/" />
}
