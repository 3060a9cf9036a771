import { useTranslation } from 'react-i18next'
import { AuthCard } from '@/features/auth/components/auth-card'
import { LoginForm } from '@/features/auth/components/login-form'
import { useAppTitle } from '@/hooks/use-site'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'blank', public: true, unauthenticatedOnly: true }

export default function LoginPage() {
  const { t } = useTranslation(['shell', 'auth'])
  const app = useAppTitle()
  return (
    <AuthCard title={t('auth:welcome', { app })} subtitle={t('auth:loginSubtitle')}>
      <LoginForm />
    </AuthCard>
  )
}
