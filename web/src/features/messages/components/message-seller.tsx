import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import TextField from '@mui/material/TextField'
import { IconMessage } from '@tabler/icons-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useStartConversation } from '../api/queries'

export function MessageSeller({ sellerId, listingId }: { sellerId: string; listingId: string }) {
  const { t } = useTranslation(['shell', 'messages'])
  const titleId = useId()
  const [open, setOpen] = useState(false)
  const [body, setBody] = useState('')
  const [error, setError] = useState<string | null>(null)
  const start = useStartConversation()
  const [conversationId, setConversationId] = useState<string | null>(null)

  const submit = async () => {
    const text = body.trim()
    if (!text) return setError(t('validation.required'))
    if (text.length > 4000) return setError(t('validation.maxLength', { max: 4000 }))
    setError(null)
    try {
      const r = await start.mutateAsync({ recipientId: sellerId, listingId, body: text })
      setConversationId(r.conversation.id)
      setBody('')
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err))
    }
  }

  return (
    <>
      <Button variant="contained" startIcon={<IconMessage size={18} />} onClick={() => setOpen(true)}>
        {t('messages:messageSeller')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{t('messages:messageSeller')}</DialogTitle>
        <DialogContent>
          {conversationId ? (
            <Alert severity="success" role="status" action={<Button component={Link} to={`/my-messages?c=${encodeURIComponent(conversationId)}`}>{t('nav.myMessages')}</Button>}>
              {t('messages:messageSent')}
            </Alert>
          ) : (
            <TextField
              label={t('messages:yourMessage')}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              multiline
              minRows={3}
              autoFocus
              error={!!error}
              helperText={error ?? undefined}
              sx={{ mt: 1 }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common.close')}</Button>
          {!conversationId && (
            <Button variant="contained" onClick={submit} disabled={start.isPending}>
              {t('common.send')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  )
}
