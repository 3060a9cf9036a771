import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import LinearProgress from '@mui/material/LinearProgress'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { IconArrowLeft, IconSend, IconVideo } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Conversation } from '@/lib/api-types'
import { formatDateTime } from '@/lib/format'
import { useSession } from '@/lib/use-session'
import { useConversationMessages, useMarkRead, useSendMessage } from '../api/queries'

const MAX_BODY = 4000

export function ConversationView({ conversation, onBack }: { conversation: Conversation; onBack: () => void }) {
  const { t, i18n } = useTranslation(['shell', 'messages'])
  const session = useSession()
  const { data, isPending, error } = useConversationMessages(conversation.id)
  const send = useSendMessage(conversation.id)
  const markRead = useMarkRead()
  const [body, setBody] = useState('')
  const [bodyError, setBodyError] = useState<string | null>(null)
  const endRef = useRef<HTMLDivElement>(null)

  const markReadMutate = markRead.mutate
  useEffect(() => {
    if (conversation.unread > 0) markReadMutate(conversation.id)
  }, [conversation.id, conversation.unread, markReadMutate])

  // The API lists newest first; a chat reads oldest first.
  const messages = [...(data?.items ?? [])].sort((a, b) => a.createdAt.localeCompare(b.createdAt))
  // Block body on purpose: newer browsers return a promise from scrollIntoView,
  // and an effect may only return a clean-up function.
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' })
  }, [messages.length])

  const submit = async () => {
    const text = body.trim()
    if (!text) return setBodyError(t('validation.required'))
    if (text.length > MAX_BODY) return setBodyError(t('validation.maxLength', { max: MAX_BODY }))
    setBodyError(null)
    try {
      await send.mutateAsync(text)
      setBody('')
    } catch (err) {
      setBodyError(err instanceof Error ? err.message : String(err))
    }
  }

  return (
    <Stack sx={{ height: '100%', minHeight: 0 }} aria-label={t('messages:conversationWith', { name: conversation.peer.displayName })} component="section">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <IconButton aria-label={t('common.back')} onClick={onBack} sx={{ display: { md: 'none' } }}>
          <IconArrowLeft size={20} />
        </IconButton>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" noWrap>
            {conversation.peer.displayName}
          </Typography>
          {conversation.listing && (
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {t('messages:about', { name: conversation.listing.productName })}
            </Typography>
          )}
        </Box>
        <IconButton component={Link} to={`/my-call?to=${encodeURIComponent(conversation.peer.id)}&name=${encodeURIComponent(conversation.peer.displayName)}${conversation.listing ? `&title=${encodeURIComponent(conversation.listing.productName)}` : ''}&back=${encodeURIComponent(`/my-messages?c=${conversation.id}`)}`} aria-label={t('messages:callSeller')}>
          <IconVideo size={20} />
        </IconButton>
      </Stack>
      {isPending && <LinearProgress aria-label={t('common.loading')} />}
      {error && <Alert severity="error">{error.message}</Alert>}
      <Box role="log" aria-live="polite" sx={{ flexGrow: 1, overflowY: 'auto', p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
        {!isPending && messages.length === 0 && (
          <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 4 }}>
            {t('messages:noMessages')}
          </Typography>
        )}
        {messages.map((m) => {
          const mine = m.senderId === session?.userId
          return (
            <Box
              key={m.id}
              sx={{
                alignSelf: mine ? 'flex-end' : 'flex-start',
                maxWidth: '80%',
                bgcolor: mine ? 'primary.main' : 'action.hover',
                color: mine ? 'primary.contrastText' : 'text.primary',
                px: 1.5,
                py: 1,
                borderRadius: 2,
              }}
            >
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {m.body}
              </Typography>
              {/* Faded only on the light bubble: on the primary colour a
                  faded caption falls to about 3.5:1. */}
              <Typography variant="caption" sx={{ opacity: mine ? 1 : 0.75 }}>
                {mine ? `${t('messages:you')} · ` : ''}
                {formatDateTime(m.createdAt, i18n.language)}
              </Typography>
            </Box>
          )
        })}
        <div ref={endRef} />
      </Box>
      <Stack
        component="form"
        direction="row"
        spacing={1}
        sx={{ p: 1.5, borderTop: 1, borderColor: 'divider', alignItems: 'flex-start' }}
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        <TextField
          label={t('messages:typeMessage')}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          multiline
          maxRows={4}
          error={!!bodyError}
          helperText={bodyError ?? undefined}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault()
              void submit()
            }
          }}
        />
        <Button type="submit" variant="contained" disabled={send.isPending} endIcon={<IconSend size={16} />} sx={{ minHeight: 40, flexShrink: 0 }}>
          {t('common.send')}
        </Button>
      </Stack>
    </Stack>
  )
}
