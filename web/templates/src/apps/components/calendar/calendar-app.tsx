import '@fullcalendar/react/skeleton.css'
import '@fullcalendar/react/themes/classic/theme.css'
import '@fullcalendar/react/themes/classic/palette.css'
import FullCalendar from '@fullcalendar/react'
import dayGridPlugin from '@fullcalendar/react/daygrid'
import interactionPlugin from '@fullcalendar/react/interaction'
import listPlugin from '@fullcalendar/react/list'
import arLocale from '@fullcalendar/react/locales/ar'
import deLocale from '@fullcalendar/react/locales/de'
import esLocale from '@fullcalendar/react/locales/es'
import frLocale from '@fullcalendar/react/locales/fr'
import itLocale from '@fullcalendar/react/locales/it'
import plLocale from '@fullcalendar/react/locales/pl'
import ptLocale from '@fullcalendar/react/locales/pt'
import ptBrLocale from '@fullcalendar/react/locales/pt-br'
import zhCnLocale from '@fullcalendar/react/locales/zh-cn'
import classicTheme from '@fullcalendar/react/themes/classic'
import timeGridPlugin from '@fullcalendar/react/timegrid'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import Typography from '@mui/material/Typography'
import { IconPlus } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CALENDAR_COLOR, CALENDARS, sampleEvents, type CalEvent, type CalendarKey } from '../../data/calendar'
import { useDemoT } from '../../hooks/use-demo-t'
import { EventDialog } from './event-dialog'
import { panelBorder } from '../borders'

const LOCALES = { ar: arLocale, de: deLocale, es: esLocale, fr: frLocale, it: itLocale, pl: plLocale, pt: ptLocale, br: ptBrLocale, cn: zhCnLocale } as const

/** FullCalendar hands back ISO strings or Dates; keep the part the form uses. */
function iso(d: Date | null, allDay: boolean): string | undefined {
  if (!d) return undefined
  const p = (n: number) => String(n).padStart(2, '0')
  const day = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`
  return allDay ? day : `${day}T${p(d.getHours())}:${p(d.getMinutes())}`
}

export function CalendarApp() {
  const { t } = useDemoT()
  const { i18n } = useTranslation()
  const [events, setEvents] = useState<CalEvent[]>(() => sampleEvents())
  const [shown, setShown] = useState<CalendarKey[]>(CALENDARS)
  const [dialog, setDialog] = useState<{ event: CalEvent; isNew: boolean } | null>(null)
  const visible = useMemo(
    () =>
      events
        .filter((e) => shown.includes(e.calendar))
        .map((e) => ({ id: e.id, title: e.title, start: e.start, end: e.end, allDay: e.allDay, color: CALENDAR_COLOR[e.calendar] })),
    [events, shown],
  )
  const patch = (id: string, start: Date | null, end: Date | null, allDay: boolean) =>
    setEvents((list) => list.map((e) => (e.id === id ? { ...e, start: iso(start, allDay) ?? e.start, end: iso(end, allDay), allDay } : e)))
  const newEvent = (start: string, end?: string, allDay = true): CalEvent => ({ id: `e${Date.now()}`, title: '', start, end, allDay, calendar: 'business' })
  const locale = LOCALES[i18n.language as keyof typeof LOCALES]

  return (
    <Card sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' } }}>
      <Box sx={(theme) => ({ ...panelBorder(theme), width: { md: 260 }, p: 4 })}>
        <Typography variant="h5" component="h1" sx={{ mb: 3 }}>
          {t('calendar.title')}
        </Typography>
        <Button fullWidth variant="contained" startIcon={<IconPlus size={18} />} onClick={() => setDialog({ event: newEvent(iso(new Date(), true) ?? ''), isNew: true })}>
          {t('calendar.addEvent')}
        </Button>
        <Typography variant="overline" component="h2" sx={{ display: 'block', mt: 4 }}>
          {t('calendar.filter')}
        </Typography>
        <FormControlLabel
          control={<Checkbox checked={shown.length === CALENDARS.length} indeterminate={shown.length > 0 && shown.length < CALENDARS.length} onChange={(e) => setShown(e.target.checked ? CALENDARS : [])} />}
          label={t('calendar.viewAll')}
        />
        {CALENDARS.map((c) => (
          <FormControlLabel
            key={c}
            sx={{ display: 'flex' }}
            control={<Checkbox checked={shown.includes(c)} onChange={() => setShown(shown.includes(c) ? shown.filter((x) => x !== c) : [...shown, c])} sx={{ color: CALENDAR_COLOR[c], '&.Mui-checked': { color: CALENDAR_COLOR[c] } }} />}
            label={t(`calendar.cal.${c}`)}
          />
        ))}
      </Box>
      {/* FullCalendar's own greys give way to the site theme (buttons, today, borders). */}
      <Box
        data-testid="calendar-container"
        sx={(theme) => {
          const v = theme.vars ?? theme
          return {
            flex: 1,
            p: { xs: 2, sm: 4 },
            minWidth: 0,
            '--fc-button-bg-color': v.palette.primary.main,
            '--fc-button-border-color': v.palette.primary.main,
            '--fc-button-text-color': v.palette.primary.contrastText,
            '--fc-button-hover-bg-color': v.palette.primary.dark,
            '--fc-button-hover-border-color': v.palette.primary.dark,
            '--fc-button-active-bg-color': v.palette.primary.dark,
            '--fc-button-active-border-color': v.palette.primary.dark,
            '--fc-today-bg-color': theme.alpha(v.palette.primary.main, 0.08),
            '--fc-border-color': v.palette.divider,
            '--fc-page-bg-color': v.palette.background.paper,
            '--fc-neutral-bg-color': v.palette.action.hover,
            '--fc-list-event-hover-bg-color': v.palette.action.hover,
            '& .fc .fc-button': { textTransform: 'none', borderRadius: `${theme.shape.borderRadius}px` },
            '& .fc .fc-button:focus-visible': { outline: `2px solid ${v.palette.primary.main}`, outlineOffset: 2 },
            // Each piece of an event (its time, its title) takes the
            // direction of its own text: in an Arabic calendar a Latin
            // title too long for its cell then loses its end, not its start.
            '& [role="listitem"] [role="button"] div': { unicodeBidi: 'plaintext' },
          }
        }}
      >
        <FullCalendar
          plugins={[classicTheme, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
          initialView="dayGridMonth"
          headerToolbar={{ start: 'prev,next today title', end: 'dayGridMonth,timeGridWeek,timeGridDay,listMonth' }}
          locale={locale}
          direction={i18n.dir(i18n.language)}
          events={visible}
          editable
          selectable
          dayMaxEvents={3}
          height="auto"
          eventDrop={(info) => patch(info.event.id, info.event.start, info.event.end, info.event.allDay)}
          eventResize={(info) => patch(info.event.id, info.event.start, info.event.end, info.event.allDay)}
          select={(info) => setDialog({ event: newEvent(iso(info.start, info.allDay) ?? '', iso(info.end, info.allDay), info.allDay), isNew: true })}
          eventClick={(info) => {
            const found = events.find((e) => e.id === info.event.id)
            if (found) setDialog({ event: found, isNew: false })
          }}
        />
      </Box>
      {dialog && (
        <EventDialog
          initial={dialog.event}
          onClose={() => setDialog(null)}
          onSave={(ev) => setEvents((list) => (dialog.isNew ? [...list, ev] : list.map((e) => (e.id === ev.id ? ev : e))))}
          onDelete={dialog.isNew ? undefined : () => setEvents((list) => list.filter((e) => e.id !== dialog.event.id))}
        />
      )}
    </Card>
  )
}
