import Typography from '@mui/material/Typography'
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs'
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar'
import { DatePicker } from '@mui/x-date-pickers/DatePicker'
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker'
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider'
import { TimePicker } from '@mui/x-date-pickers/TimePicker'
import { deDE, enUS, esES, frFR, itIT, plPL, ptBR, ptPT, zhCN } from '@mui/x-date-pickers/locales'
import dayjs, { type Dayjs } from 'dayjs'
import 'dayjs/locale/ar'
import 'dayjs/locale/de'
import 'dayjs/locale/es'
import 'dayjs/locale/fr'
import 'dayjs/locale/it'
import 'dayjs/locale/pl'
import 'dayjs/locale/pt'
import 'dayjs/locale/pt-br'
import 'dayjs/locale/zh-cn'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'

const DAYJS_LOCALE: Record<string, string> = { cn: 'zh-cn', br: 'pt-br' }
// Picker chrome (toolbar titles, OK/Cancel); Arabic has no bundled pack and falls back to English.
const PICKER_TEXT = { en: enUS, pl: plPL, es: esES, fr: frFR, it: itIT, pt: ptPT, de: deDE, cn: zhCN, br: ptBR } as const

function isWeekend(d: Dayjs): boolean {
  return d.day() === 0 || d.day() === 6
}

export function DateTimePickerDemos() {
  const { t, i18n } = useTranslation('demo-ui')
  const locale = DAYJS_LOCALE[i18n.language] ?? i18n.language
  const today = dayjs()
  const [date, setDate] = useState<Dayjs | null>(today)
  const [checkIn, setCheckIn] = useState<Dayjs | null>(today.add(3, 'day'))
  const [checkOut, setCheckOut] = useState<Dayjs | null>(today.add(7, 'day'))
  const [time, setTime] = useState<Dayjs | null>(today.hour(10).minute(30))
  const [meeting, setMeeting] = useState<Dayjs | null>(null)
  const nights = checkIn && checkOut ? checkOut.diff(checkIn, 'day') : 0
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={locale} localeText={(PICKER_TEXT[i18n.language as keyof typeof PICKER_TEXT] ?? enUS).components.MuiLocalizationProvider.defaultProps.localeText}>
      <DemoGrid>
        <DemoSection title={t('forms.dates.basic')}>
          <DatePicker label={t('forms.dates.date')} value={date} onChange={setDate} slotProps={{ textField: { fullWidth: true } }} />
          <Typography sx={{ mt: 2 }} color="text.secondary" role="status">
            {date ? t('forms.dates.chosen', { date: date.locale(locale).format('dddd, LL') }) : t('forms.dates.noDate')}
          </Typography>
        </DemoSection>
        <DemoSection title={t('forms.dates.range')}>
          <DemoGrid>
            <DatePicker label={t('forms.dates.checkIn')} value={checkIn} onChange={setCheckIn} disablePast slotProps={{ textField: { fullWidth: true } }} />
            <DatePicker
              label={t('forms.dates.checkOut')}
              value={checkOut}
              onChange={setCheckOut}
              minDate={checkIn?.add(1, 'day')}
              slotProps={{ textField: { fullWidth: true, helperText: checkOut && checkIn && !checkOut.isAfter(checkIn) ? t('forms.dates.afterCheckIn') : t('forms.dates.nights', { count: Math.max(0, nights) }) } }}
            />
          </DemoGrid>
        </DemoSection>
        <DemoSection title={t('forms.dates.time')}>
          <TimePicker label={t('forms.dates.pickup')} value={time} onChange={setTime} minutesStep={15} slotProps={{ textField: { fullWidth: true } }} />
        </DemoSection>
        <DemoSection title={t('forms.dates.dateTime')} subheader={t('forms.dates.weekdaysOnly')}>
          <DateTimePicker
            label={t('forms.dates.meeting')}
            value={meeting}
            onChange={setMeeting}
            shouldDisableDate={isWeekend}
            disablePast
            slotProps={{ textField: { fullWidth: true } }}
          />
        </DemoSection>
        <DemoSection title={t('forms.dates.inline')}>
          <DateCalendar value={date} onChange={setDate} shouldDisableDate={isWeekend} />
        </DemoSection>
      </DemoGrid>
    </LocalizationProvider>
  )
}
