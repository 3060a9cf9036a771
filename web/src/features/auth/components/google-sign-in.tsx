import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { IconBrandGoogle } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSite } from '@/hooks/use-site'
import { api } from '@/lib/api-client'
import type { Session } from '@/lib/api-types'
import { isLocalHost, loadGoogleIdentity } from '../google-identity'

interface Props {
  onSession: (s: Session) => void
  onError: (message: string) => void
}

export function GoogleSignIn({ onSession, onError }: Props) {
  const { t } = useTranslation(['shell', 'auth'])
  const { configuration } = useSite()
  const clientId = isLocalHost(window.location.hostname)
    ? configuration.GoogleClientIdLocal || configuration.GoogleClientId
    : configuration.GoogleClientId
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')
  const [notice, setNotice] = useState<string | null>(null)

  useEffect(() => {
    let alive = true
    loadGoogleIdentity().then(
      () => alive && setState('ready'),
      () => alive && setState('failed'),
    )
    return () => {
      alive = false
    }
  }, [])

  const start = async () => {
    setNotice(null)
    if (!clientId) {
      setNotice(t('auth:googleNotConfigured'))
      return
    }
    try {
      const gis = await loadGoogleIdentity()
      gis.initialize({
        client_id: clientId,
        ux_mode: 'popup',
        callback: (r) => {
          api.auth.google({ idToken: r.credential }).then(onSession, (e: unknown) => onError(e instanceof Error ? e.message : String(e)))
        },
      })
      gis.prompt()
    } catch {
      setState('failed')
    }
  }

  return (
    <>
      <Button
        fullWidth
        variant="outlined"
        color="inherit"
        startIcon={<IconBrandGoogle size={20} />}
        onClick={start}
        disabled={state !== 'ready'}
        aria-describedby={state === 'failed' ? 'google-unavailable' : undefined}
      >
        {t('auth:google')}
      </Button>
      {/* Offline or blocked: a quiet note under the disabled button, not an error. */}
      {state === 'failed' && (
        <Typography id="google-unavailable" variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1, textAlign: 'center' }}>
          {t('auth:googleLoadFailed')}
        </Typography>
      )}
      {notice && (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          {notice}
        </Alert>
      )}
    </>
  )
}
