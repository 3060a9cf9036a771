import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { useRouteError } from 'react-router'

/** Last resort for a page that throws while loading or rendering (e.g. a chunk missing after a deploy). */
export function RouteError() {
  const { t } = useTranslation()
  const error = useRouteError()
  console.error(error)
  return (
    <Stack spacing={2} sx={{ p: 4, alignItems: 'center', textAlign: 'center' }} role="alert">
      <Typography variant="h5">{t('common.genericError')}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </Button>
    </Stack>
  )
}
