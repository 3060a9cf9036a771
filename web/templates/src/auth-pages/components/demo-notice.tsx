import Alert from '@mui/material/Alert'
import { useTranslation } from 'react-i18next'

/** Confirms what a real screen would do, making clear that nothing was sent. */
export function DemoNotice({ message }: { message: string | null }) {
  const { t } = useTranslation('demo-ui')
  if (!message) return null
  return (
    <Alert severity="info" role="status" sx={{ mb: 2 }}>
      {message} {t('auth.noRequest')}
    </Alert>
  )
}
