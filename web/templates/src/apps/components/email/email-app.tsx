import Badge from '@mui/material/Badge'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import Checkbox from '@mui/material/Checkbox'
import Chip from '@mui/material/Chip'
import Divider from '@mui/material/Divider'
import IconButton from '@mui/material/IconButton'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import MenuItem from '@mui/material/MenuItem'
import Snackbar from '@mui/material/Snackbar'
import TextField from '@mui/material/TextField'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { IconArrowLeft, IconMail, IconMailOpened, IconStar, IconStarFilled, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { FOLDERS, LABEL_COLOR, LABELS, mails as seed, type Folder, type Label, type Mail } from '../../data/email'
import { createDemoStore } from '../../hooks/use-demo-store'
import { useDemoFormat, useDemoT } from '../../hooks/use-demo-t'
import { ComposeDialog } from './compose-dialog'
import { endBorder } from '../borders'

const useMailbox = createDemoStore<Mail[]>(seed)

function matches(m: Mail, filter: string): boolean {
  if (filter === 'starred') return m.starred && m.folder !== 'trash'
  if ((FOLDERS as string[]).includes(filter)) return m.folder === filter
  if ((LABELS as string[]).includes(filter)) return m.labels.includes(filter as Label) && m.folder !== 'trash'
  return false
}

export function EmailApp({ filter }: { filter: string }) {
  const { t } = useDemoT()
  const f = useDemoFormat()
  const navigate = useNavigate()
  const [list, setList] = useMailbox()
  const [selected, setSelected] = useState<number[]>([])
  const [openId, setOpenId] = useState<number | null>(null)
  const [query, setQuery] = useState('')
  const [compose, setCompose] = useState(false)
  const [toast, setToast] = useState<string | null>(null)
  const known = (FOLDERS as string[]).includes(filter) || (LABELS as string[]).includes(filter)
  const shown = list.filter((m) => matches(m, filter) && `${m.from} ${m.subject} ${m.body}`.toLowerCase().includes(query.toLowerCase()))
  const open = list.find((m) => m.id === openId)
  const update = (ids: number[], patch: (m: Mail) => Partial<Mail>) => setList((l) => l.map((m) => (ids.includes(m.id) ? { ...m, ...patch(m) } : m)))
  const trash = (ids: number[]) => {
    update(ids, () => ({ folder: 'trash' }))
    setSelected([])
    setOpenId(null)
    setToast(t('email.movedToTrash'))
  }
  const unread = (folder: Folder) => list.filter((m) => matches(m, folder) && !m.read).length
  const nextId = () => Math.max(...list.map((m) => m.id)) + 1
  const title = known ? t(`email.${(LABELS as string[]).includes(filter) ? 'label' : 'folder'}.${filter}`) : t('email.unknownFilter')

  return (
    <Card sx={{ display: 'flex', flex: 1, minHeight: 0, height: '100%' }}>
      <Box component="nav" aria-label={t('email.mailboxes')} sx={(theme) => ({ ...endBorder(theme), width: 230, flexShrink: 0, display: { xs: 'none', md: 'block' }, overflowY: 'auto' })}>
        <Box sx={{ p: 3 }}>
          <Button fullWidth variant="contained" onClick={() => setCompose(true)}>
            {t('email.compose')}
          </Button>
        </Box>
        <List dense>
          {FOLDERS.map((fo) => (
            <ListItemButton key={fo} component={Link} to={`/apps/email/${fo}`} selected={filter === fo}>
              <ListItemText primary={t(`email.folder.${fo}`)} />
              {unread(fo) > 0 && <Badge badgeContent={unread(fo)} color="primary" sx={{ marginInlineEnd: 2 }} />}
            </ListItemButton>
          ))}
        </List>
        <Typography variant="overline" component="h2" sx={{ px: 3, display: 'block' }}>
          {t('email.labels')}
        </Typography>
        <List dense>
          {LABELS.map((l) => (
            <ListItemButton key={l} component={Link} to={`/apps/email/${l}`} selected={filter === l}>
              <Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: `${LABEL_COLOR[l]}.main`, marginInlineEnd: 2 }} />
              <ListItemText primary={t(`email.label.${l}`)} />
            </ListItemButton>
          ))}
        </List>
      </Box>
      <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0, minHeight: 0 }}>
        {open ? (
          <Box sx={{ overflowY: 'auto', p: 3 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 3 }}>
              <IconButton aria-label={t('common.back')} onClick={() => setOpenId(null)}>
                <IconArrowLeft size={18} />
              </IconButton>
              <Typography variant="h6" component="h1" sx={{ flex: 1, minWidth: 0 }}>
                {open.subject}
              </Typography>
              <IconButton aria-label={t('email.markUnread')} onClick={() => (update([open.id], () => ({ read: false })), setOpenId(null))}>
                <IconMail size={18} />
              </IconButton>
              <IconButton aria-label={t('common.delete')} onClick={() => trash([open.id])}>
                <IconTrash size={18} />
              </IconButton>
            </Box>
            <Typography variant="subtitle2">
              {open.from} &lt;{open.fromEmail}&gt;
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('email.to')}: {open.to} · {f.dateTime(open.at)}
            </Typography>
            <Divider sx={{ my: 2 }} />
            <Typography sx={{ whiteSpace: 'pre-line' }}>{open.body}</Typography>
          </Box>
        ) : (
          <>
            <Box sx={{ p: 3, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider' }}>
              <Typography variant="h6" component="h1" sx={{ flex: '1 1 auto' }}>
                {title}
              </Typography>
              <TextField size="small" label={t('email.searchMail')} value={query} onChange={(e) => setQuery(e.target.value)} />
              <Button size="small" variant="contained" sx={{ display: { md: 'none' } }} onClick={() => setCompose(true)}>
                {t('email.compose')}
              </Button>
              <TextField select size="small" label={t('email.mailboxes')} value={known ? filter : ''} onChange={(e) => void navigate(`/apps/email/${e.target.value}`)} sx={{ display: { md: 'none' }, minWidth: 140 }} slotProps={{ select: { renderValue: () => title } }}>
                {[...FOLDERS, ...LABELS].map((x) => (
                  <MenuItem key={x} value={x}>
                    {t(`email.${(LABELS as string[]).includes(x) ? 'label' : 'folder'}.${x}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
            <Box sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', gap: 1, borderBottom: 1, borderColor: 'divider' }}>
              <Checkbox
                checked={shown.length > 0 && selected.length === shown.length}
                indeterminate={selected.length > 0 && selected.length < shown.length}
                onChange={(e) => setSelected(e.target.checked ? shown.map((m) => m.id) : [])}
                slotProps={{ input: { 'aria-label': t('email.selectAll') } }}
              />
              <Tooltip title={t('common.delete')}>
                <span>
                  <IconButton size="small" disabled={!selected.length} aria-label={t('common.delete')} onClick={() => trash(selected)}>
                    <IconTrash size={18} />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={t('email.markRead')}>
                <span>
                  <IconButton size="small" disabled={!selected.length} aria-label={t('email.markRead')} onClick={() => (update(selected, () => ({ read: true })), setSelected([]))}>
                    <IconMailOpened size={18} />
                  </IconButton>
                </span>
              </Tooltip>
            </Box>
            <List sx={{ overflowY: 'auto', flex: 1 }} aria-label={title}>
              {shown.map((m) => (
                <ListItemButton
                  key={m.id}
                  onClick={() => {
                    update([m.id], () => ({ read: true }))
                    setOpenId(m.id)
                  }}
                  sx={{ gap: 1, bgcolor: m.read ? undefined : 'action.hover', alignItems: 'flex-start' }}
                >
                  <Checkbox
                    size="small"
                    checked={selected.includes(m.id)}
                    onClick={(e) => e.stopPropagation()}
                    onChange={() => setSelected((s) => (s.includes(m.id) ? s.filter((x) => x !== m.id) : [...s, m.id]))}
                    slotProps={{ input: { 'aria-label': t('email.selectMail', { subject: m.subject }) } }}
                  />
                  <IconButton
                    size="small"
                    aria-label={m.starred ? t('email.unstar') : t('email.star')}
                    onClick={(e) => {
                      e.stopPropagation()
                      update([m.id], (x) => ({ starred: !x.starred }))
                    }}
                    sx={{ color: m.starred ? 'warning.main' : undefined }}
                  >
                    {m.starred ? <IconStarFilled size={18} /> : <IconStar size={18} />}
                  </IconButton>
                  <ListItemText
                    primary={
                      <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                        <Box component="span" sx={{ fontWeight: m.read ? 400 : 700 }}>
                          {m.from}
                        </Box>
                        <Box component="span">{m.subject}</Box>
                        {m.labels.map((l) => (
                          <Chip key={l} size="small" variant="outlined" color={LABEL_COLOR[l]} label={t(`email.label.${l}`)} />
                        ))}
                      </Box>
                    }
                    secondary={m.body}
                    slotProps={{ secondary: { noWrap: true } }}
                  />
                  <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                    {f.date(m.at)}
                  </Typography>
                </ListItemButton>
              ))}
              {shown.length === 0 && (
                <Typography sx={{ p: 4 }} color="text.secondary">
                  {known ? t('email.empty') : t('email.unknownFilterText')}
                </Typography>
              )}
            </List>
          </>
        )}
      </Box>
      <ComposeDialog
        open={compose}
        onClose={() => setCompose(false)}
        onSend={(d) => {
          setList((l) => [{ id: nextId(), from: 'Me', fromEmail: 'me@souk.example', to: d.to, subject: d.subject, body: d.body, at: new Date().toISOString(), folder: 'sent', labels: [], read: true, starred: false }, ...l])
          setToast(t('email.sent'))
        }}
        onSaveDraft={(d) => {
          setList((l) => [{ id: nextId(), from: 'Me', fromEmail: 'me@souk.example', to: d.to ?? '', subject: d.subject || t('email.noSubject'), body: d.body ?? '', at: new Date().toISOString(), folder: 'draft', labels: [], read: true, starred: false }, ...l])
          setToast(t('email.draftSaved'))
        }}
      />
      <Snackbar open={toast !== null} autoHideDuration={3000} onClose={() => setToast(null)} message={toast ?? ''} />
    </Card>
  )
}
