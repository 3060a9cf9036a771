import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import CircularProgress from '@mui/material/CircularProgress'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { IconLock, IconLockOpen } from '@tabler/icons-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CallEncryptionState } from '../e2ee/types'

export interface EncryptionStatusProps {
  /** The key agreement's state; null when the call has no end-to-end encryption. */
  state: CallEncryptionState | null
  /** The call goes on without end-to-end encryption and says so. */
  unencrypted?: boolean
}

/** Whether the call is end-to-end encrypted, and the code to compare with the others. */
export function EncryptionStatus({ state, unencrypted }: EncryptionStatusProps) {
  const { t } = useTranslation(['shell', 'call-room'])
  const [open, setOpen] = useState(false)
  const titleId = useId()
  if (!state || state.status === 'unsupported') {
    if (!unencrypted && !state) return null
    return (
      <Chip
        data-testid="encryption-status"
        data-status={state ? 'unsupported' : 'unencrypted'}
        icon={<IconLockOpen size={16} aria-hidden />}
        color="warning"
        variant="outlined"
        label={state ? t('call-room:encryption.unsupported') : t('call-room:encryption.unencrypted')}
        sx={{ height: 'auto', minHeight: 32, '& .MuiChip-label': { whiteSpace: 'normal' } }}
      />
    )
  }
  if (state.status === 'negotiating') {
    return (
      <Chip
        data-testid="encryption-status"
        data-status="negotiating"
        role="status"
        icon={<CircularProgress size={14} aria-hidden />}
        variant="outlined"
        label={t('call-room:encryption.negotiating')}
      />
    )
  }
  if (state.status === 'failed') {
    return (
      <Alert data-testid="encryption-status" data-status="failed" severity="error" sx={{ py: 0 }}>
        {state.error ? t('call-room:encryption.failedWith', { message: state.error }) : t('call-room:encryption.failed')}
      </Alert>
    )
  }
  return (
    <>
      <Button
        data-testid="encryption-status"
        data-status="encrypted"
        size="small"
        color="success"
        variant="outlined"
        startIcon={<IconLock size={16} aria-hidden />}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t('call-room:encryption.encrypted')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('call-room:encryption.verifyTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('call-room:encryption.verifyText')}</DialogContentText>
          <Box
            data-testid="verification-code"
            dir="ltr"
            aria-label={t('call-room:encryption.codeLabel')}
            role="group"
            sx={{ mt: 2, fontFamily: 'monospace', fontSize: '1.75rem', letterSpacing: '0.1em', textAlign: 'center', wordBreak: 'break-word' }}
          >
            {state.code ?? '…'}
          </Box>
          <DialogContentText sx={{ mt: 2 }}>{t('call-room:encryption.verifyMismatch')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} autoFocus>
            {t('call-room:close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  )
}
