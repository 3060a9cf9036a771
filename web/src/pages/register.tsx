import { useTranslation } from 'react-i18next'
import { AuthCard } from '@/features/auth/components/auth-card'
import { RegisterForm } from '@/features/auth/components/register-form'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'blank', public: true, unauthenticatedOnly: true }

export default function RegisterPage() {
  const { t } = useTranslation(['shell', 'auth'])
  return (
    <AuthCard title={t('auth:registerTitle')} subtitle={t('auth:registerSubtitle')}>
      <RegisterForm />
    </AuthCard>
  )
}
