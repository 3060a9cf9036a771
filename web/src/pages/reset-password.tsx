import { useTranslation } from 'react-i18next'
import { AuthCard } from '@/features/auth/components/auth-card'
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form'
import type { PageMeta } from '@/lib/api-types'

// Reachable while signed in too: the link arrives by e-mail and must work either way.
export const meta: PageMeta = { layout: 'blank', public: true }

export default function ResetPasswordPage() {
  const { t } = useTranslation(['shell', 'auth'])
  return (
    <AuthCard title={t('auth:resetTitle')} subtitle={t('auth:resetSubtitle')}>
      <ResetPasswordForm />
    </AuthCard>
  )
}
