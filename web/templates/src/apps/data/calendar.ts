export type CalendarKey = 'personal' | 'business' | 'family' | 'holiday' | 'etc'

export interface CalEvent {
  id: string
  title: string
  start: string
  end?: string
  allDay: boolean
  calendar: CalendarKey
}

export const CALENDARS: CalendarKey[] = ['personal', 'business', 'family', 'holiday', 'etc']
export const CALENDAR_COLOR: Record<CalendarKey, string> = { personal: '#FF4C51', business: '#7367F0', family: '#FF9F43', holiday: '#28C76F', etc: '#00BAD1' }

/** Sample events around the current month so the calendar never opens empty. */
export function sampleEvents(today = new Date()): CalEvent[] {
  const d = (offset: number, time?: string) => {
    const x = new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset)
    const day = `${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, '0')}-${String(x.getDate()).padStart(2, '0')}`
    return time ? `${day}T${time}` : day
  }
  return [
    { id: 'e1', title: 'Design review', start: d(0, '10:00'), end: d(0, '11:30'), allDay: false, calendar: 'business' },
    { id: 'e2', title: 'Meeting with client', start: d(1, '14:00'), end: d(1, '15:00'), allDay: false, calendar: 'business' },
    { id: 'e3', title: 'Family trip', start: d(4), end: d(7), allDay: true, calendar: 'family' },
    { id: 'e4', title: 'Doctor’s appointment', start: d(-2, '09:15'), end: d(-2, '10:00'), allDay: false, calendar: 'personal' },
    { id: 'e5', title: 'Dart game', start: d(-5), allDay: true, calendar: 'etc' },
    { id: 'e6', title: 'Monthly checkup', start: d(9), allDay: true, calendar: 'personal' },
    { id: 'e7', title: 'Public holiday', start: d(12), allDay: true, calendar: 'holiday' },
    { id: 'e8', title: 'Sprint planning', start: d(2, '09:00'), end: d(2, '10:30'), allDay: false, calendar: 'business' },
  ]
}
