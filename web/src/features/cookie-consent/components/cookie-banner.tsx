import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { createConsentStorage, type Consent, type ConsentStorage } from '../consent-storage'

export interface CookieBannerProps {
  id?: string
  position?: 'bottom-left' | 'bottom-right'
  type?: 'floating' | 'bar'
  /** Offer "later"; off by default. */
  postpone?: boolean
  decline?: boolean
  /** In debug mode the choice only hides the banner and is not saved. */
  debug?: boolean
  storage?: ConsentStorage
}

export function CookieBanner({
  id = 'cookie-banner',
  position = 'bottom-right',
  type = 'floating',
  postpone = false,
  decline = true,
  debug = false,
  storage,
}: CookieBannerProps) {
  const { t } = useTranslation(['shell', 'cookie-consent'])
  const store = useMemo(() => storage ?? createConsentStorage(id), [storage, id])
  const [consent, setConsent] = useState<Consent | null>(() => store.read())
  if (consent !== null) return null

  const choose = (value: Consent) => {
    if (!debug) store.write(value)
    setConsent(value)
  }
  const floating = type === 'floating'
  return (
    <Paper
      id={id}
      role="region"
      aria-label={t('cookie-consent:label')}
      elevation={6}
      sx={{
        position: 'fixed',
        zIndex: 'snackbar',
        bottom: floating ? 16 : 0,
        ...(position === 'bottom-left' ? { left: floating ? 16 : 0 } : { right: floating ? 16 : 0 }),
        width: floating ? 'min(380px, calc(100vw - 32px))' : '100%',
        p: 2,
        borderRadius: floating ? 2 : 0,
      }}
    >
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {t('cookie-consent:text')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {postpone && (
          <Button size="small" color="inherit" onClick={() => choose('postpone')}>
            {t('cookie-consent:postpone')}
          </Button>
        )}
        {decline && (
          <Button size="small" variant="outlined" onClick={() => choose('decline')}>
            {t('cookie-consent:decline')}
          </Button>
        )}
        <Button size="small" variant="contained" onClick={() => choose('accept')}>
          {t('cookie-consent:accept')}
        </Button>
      </Stack>
    </Paper>
  )
}
