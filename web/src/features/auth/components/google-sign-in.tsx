import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
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
  const { t } = useTranslation()
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
      setNotice(t('auth.googleNotConfigured'))
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
      <Button fullWidth variant="outlined" color="inherit" startIcon={<IconBrandGoogle size={20} />} onClick={start} disabled={state === 'loading'}>
        {t('auth.google')}
      </Button>
      {state === 'failed' && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {t('auth.googleLoadFailed')}
        </Alert>
      )}
      {notice && (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          {notice}
        </Alert>
      )}
    </>
  )
}
