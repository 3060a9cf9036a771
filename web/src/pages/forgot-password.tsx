import { useTranslation } from 'react-i18next'
import { AuthCard } from '@/features/auth/components/auth-card'
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'blank', public: true, unauthenticatedOnly: true }

export default function ForgotPasswordPage() {
  const { t } = useTranslation(['shell', 'auth'])
  return (
    <AuthCard title={t('auth:forgotTitle')} subtitle={t('auth:forgotSubtitle')}>
      <ForgotPasswordForm />
    </AuthCard>
  )
}
