import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { ConnectionCheck, type CheckInfo } from 'livekit-client'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api, TokenError } from '@/lib/api-client'
import { useSession } from '@/lib/use-session'

// livekit-client's CheckStatus values (a const enum in its typings).
const RUNNING = 1
const SUCCESS = 3
const FAILED = 4

/** The checks in the order they run, with the name livekit-client reports for each. */
const CHECKS = [
  { key: 'websocket', name: 'WebSocket', run: (c: ConnectionCheck) => c.checkWebsocket() },
  { key: 'webrtc', name: 'WebRTC', run: (c: ConnectionCheck) => c.checkWebRTC() },
  { key: 'turn', name: 'TURN', run: (c: ConnectionCheck) => c.checkTURN() },
  { key: 'reconnect', name: 'Reconnect', run: (c: ConnectionCheck) => c.checkReconnect() },
  { key: 'publishAudio', name: 'PublishAudio', run: (c: ConnectionCheck) => c.checkPublishAudio() },
  { key: 'publishVideo', name: 'PublishVideo', run: (c: ConnectionCheck) => c.checkPublishVideo() },
] as const

type Results = Partial<Record<(typeof CHECKS)[number]['key'], CheckInfo>>

function mediaServerUrl(): string {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}`
}

const STATUS_COLOR = { 0: 'default', 1: 'info', 2: 'default', 3: 'success', 4: 'error' } as const

export function ConnectionDiagnostics() {
  const { t } = useTranslation(['shell', 'diagnostics'])
  const session = useSession()
  const [results, setResults] = useState<Results>({})
  const [running, setRunning] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState(false)
  const rtcSupported = typeof window.RTCPeerConnection === 'function'

  const run = async () => {
    if (!session) return
    setRunning(true)
    setDone(false)
    setError(null)
    setResults({})
    try {
      // A room of the admin's own for the test (the token endpoint grants
      // "diagnostics:<user id>"): joining the personal room would replace
      // the admin in a call held there.
      const name = session.user?.displayName || session.userId
      const token = await api.mediaToken(`diagnostics:${session.userId}`, name)
      const check = new ConnectionCheck(mediaServerUrl(), token)
      // Checks run one after another, so every progress report while one runs is
      // its own (report names come from class names, which minification changes).
      for (const c of CHECKS) {
        const onUpdate = (_id: number, info: CheckInfo) => setResults((r) => ({ ...r, [c.key]: { ...info, logs: [...info.logs] } }))
        check.on('checkUpdate', onUpdate)
        const info = await c.run(check)
        check.off('checkUpdate', onUpdate)
        setResults((r) => ({ ...r, [c.key]: { ...info, logs: [...info.logs] } }))
      }
      setDone(true)
    } catch (err) {
      setError(err instanceof TokenError ? t('diagnostics:tokenFailed', { message: err.errorMessage }) : err instanceof Error ? err.message : String(err))
    } finally {
      setRunning(false)
    }
  }

  const failed = CHECKS.some((c) => results[c.key]?.status === FAILED)
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('diagnostics:title')}
        </Typography>
        <Typography color="text.secondary">{t('diagnostics:intro')}</Typography>
      </Box>
      {!rtcSupported && <Alert severity="error">{t('diagnostics:unsupported')}</Alert>}
      <Box>
        <Button variant="contained" onClick={() => void run()} disabled={running || !rtcSupported || !session}>
          {running ? t('diagnostics:running') : t('diagnostics:run')}
        </Button>
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      {done && (
        <Alert severity={failed ? 'warning' : 'success'} role="status">
          {failed ? t('diagnostics:someFailed') : t('diagnostics:allPassed')}
        </Alert>
      )}
      <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('diagnostics:title')}>
        {CHECKS.map((c) => {
          const info = results[c.key]
          const status = (info?.status ?? 0) as 0 | 1 | 2 | 3 | 4
          return (
            <Card component="li" key={c.key} data-check={c.name} data-status={status === SUCCESS ? 'passed' : status === FAILED ? 'failed' : status === RUNNING ? 'running' : 'waiting'}>
              <CardContent>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
                  <Box>
                    <Typography variant="h6" component="h2">
                      {c.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t(`diagnostics:check.${c.key}`)}
                    </Typography>
                  </Box>
                  <Chip label={t(`diagnostics:status.${status}`)} color={STATUS_COLOR[status]} variant={status === SUCCESS || status === FAILED ? 'filled' : 'outlined'} />
                </Stack>
                {info && (
                  <Box component="ul" sx={{ m: 0, paddingInlineStart: 2.5 }}>
                    {info.logs.length === 0 && (
                      <Typography component="li" variant="body2" color="text.secondary">
                        {t('diagnostics:noMessages')}
                      </Typography>
                    )}
                    {info.logs.map((l, i) => (
                      <Typography component="li" key={i} variant="body2" sx={{ color: l.level === 'error' ? 'error.dark' : l.level === 'warning' ? 'warning.dark' : 'text.primary', overflowWrap: 'anywhere' }}>
                        {l.message}
                      </Typography>
                    ))}
                  </Box>
                )}
              </CardContent>
            </Card>
          )
        })}
      </Stack>
    </Stack>
  )
}
