import Avatar from '@mui/material/Avatar'
import Badge from '@mui/material/Badge'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import IconButton from '@mui/material/IconButton'
import InputAdornment from '@mui/material/InputAdornment'
import List from '@mui/material/List'
import ListItemAvatar from '@mui/material/ListItemAvatar'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { IconArrowLeft, IconSearch, IconSend } from '@tabler/icons-react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { autoReplies, chatContacts, chatHistory, type ChatMessage, type Presence } from '../../data/chat'
import { initials, pick } from '../../data/people'
import { useDemoFormat, useDemoT } from '../../hooks/use-demo-t'
import { endBorder } from '../borders'

const PRESENCE_COLOR: Record<Presence, 'success' | 'warning' | 'error' | 'default'> = { online: 'success', away: 'warning', busy: 'error', offline: 'default' }

function PresenceAvatar({ name, presence }: { name: string; presence: Presence }) {
  return (
    <Badge overlap="circular" variant="dot" color={PRESENCE_COLOR[presence] === 'default' ? 'secondary' : PRESENCE_COLOR[presence]} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}>
      <Avatar>{initials(name)}</Avatar>
    </Badge>
  )
}

export function ChatApp() {
  const { t } = useDemoT()
  const f = useDemoFormat()
  const [history, setHistory] = useState<Record<number, ChatMessage[]>>(chatHistory)
  const [activeId, setActiveId] = useState<number | null>(null)
  const [query, setQuery] = useState('')
  const [text, setText] = useState('')
  const [typing, setTyping] = useState(false)
  const endRef = useRef<HTMLDivElement>(null)
  const active = chatContacts.find((c) => c.id === activeId)
  const messages = activeId ? (history[activeId] ?? []) : []
  const contacts = chatContacts.filter((c) => c.name.toLowerCase().includes(query.toLowerCase()))

  useEffect(() => endRef.current?.scrollIntoView?.({ block: 'end' }), [messages.length, typing])

  const send = (e: FormEvent) => {
    e.preventDefault()
    const body = text.trim()
    if (!body || !activeId) return
    const id = activeId
    const add = (m: ChatMessage) => setHistory((h) => ({ ...h, [id]: [...(h[id] ?? []), m] }))
    add({ id: `me${Date.now()}`, fromMe: true, text: body, at: new Date().toISOString() })
    setText('')
    setTyping(true)
    // A short delay makes the sample contact feel like a person answering.
    window.setTimeout(() => {
      setTyping(false)
      add({ id: `re${Date.now()}`, fromMe: false, text: pick(autoReplies, body.length), at: new Date().toISOString() })
    }, 1200)
  }

  return (
    <Card sx={{ display: 'flex', flex: 1, minHeight: 0, height: '100%' }}>
      <Box sx={(theme) => ({ ...endBorder(theme), width: { xs: '100%', md: 320 }, display: { xs: active ? 'none' : 'flex', md: 'flex' }, flexDirection: 'column', minHeight: 0 })}>
        <Box sx={{ p: 3 }}>
          <Typography variant="h6" component="h1" sx={{ mb: 2 }}>
            {t('chat.title')}
          </Typography>
          <TextField
            fullWidth
            size="small"
            placeholder={t('chat.searchContacts')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            slotProps={{ htmlInput: { 'aria-label': t('chat.searchContacts') }, input: { startAdornment: <InputAdornment position="start"><IconSearch size={16} /></InputAdornment> } }}
          />
        </Box>
        <List sx={{ overflowY: 'auto', flex: 1 }} aria-label={t('chat.chats')}>
          {contacts.map((c) => {
            const last = history[c.id]?.at(-1)
            return (
              <ListItemButton key={c.id} selected={c.id === activeId} onClick={() => setActiveId(c.id)}>
                <ListItemAvatar>
                  <PresenceAvatar name={c.name} presence={c.presence} />
                </ListItemAvatar>
                <ListItemText primary={c.name} secondary={last?.text ?? c.role} slotProps={{ secondary: { noWrap: true } }} />
              </ListItemButton>
            )
          })}
          {contacts.length === 0 && <Typography sx={{ p: 3 }} color="text.secondary">{t('chat.noContacts')}</Typography>}
        </List>
      </Box>
      <Box sx={{ flex: 1, display: { xs: active ? 'flex' : 'none', md: 'flex' }, flexDirection: 'column', minWidth: 0, minHeight: 0 }}>
        {!active ? (
          <Box sx={{ m: 'auto', textAlign: 'center', p: 4 }}>
            <Typography variant="h6" component="p">
              {t('chat.startConversation')}
            </Typography>
            <Typography color="text.secondary">{t('chat.pickContact')}</Typography>
          </Box>
        ) : (
          <>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 3, borderBottom: 1, borderColor: 'divider' }}>
              <IconButton sx={{ display: { md: 'none' } }} aria-label={t('common.back')} onClick={() => setActiveId(null)}>
                <IconArrowLeft size={18} />
              </IconButton>
              <PresenceAvatar name={active.name} presence={active.presence} />
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="subtitle1" component="h2">
                  {active.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t(`chat.presence.${active.presence}`)}
                </Typography>
              </Box>
            </Box>
            <Box sx={{ flex: 1, overflowY: 'auto', p: 3, display: 'flex', flexDirection: 'column', gap: 2, bgcolor: 'action.hover' }} role="log" aria-live="polite" aria-label={t('chat.messages')}>
              {messages.map((m) => (
                <Box key={m.id} sx={{ alignSelf: m.fromMe ? 'flex-end' : 'flex-start', maxWidth: '75%' }}>
                  <Box sx={{ px: 2, py: 1.5, borderRadius: 2, bgcolor: m.fromMe ? 'primary.main' : 'background.paper', color: m.fromMe ? 'primary.contrastText' : 'text.primary', boxShadow: 1 }}>
                    <Typography variant="body2">{m.text}</Typography>
                  </Box>
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block', textAlign: m.fromMe ? 'end' : 'start' }}>
                    {f.time(m.at)}
                  </Typography>
                </Box>
              ))}
              {typing && (
                <Typography variant="caption" color="text.secondary">
                  {t('chat.typing', { name: active.name })}
                </Typography>
              )}
              <div ref={endRef} />
            </Box>
            <Box component="form" onSubmit={send} sx={{ display: 'flex', gap: 2, p: 3, borderTop: 1, borderColor: 'divider' }}>
              <TextField fullWidth size="small" placeholder={t('chat.typeMessage')} value={text} onChange={(e) => setText(e.target.value)} slotProps={{ htmlInput: { 'aria-label': t('chat.typeMessage') } }} />
              <IconButton type="submit" color="primary" aria-label={t('common.send')} disabled={!text.trim()}>
                <IconSend size={20} />
              </IconButton>
            </Box>
          </>
        )}
      </Box>
    </Card>
  )
}
