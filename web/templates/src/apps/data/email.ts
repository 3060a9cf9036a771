export type Folder = 'inbox' | 'sent' | 'draft' | 'starred' | 'spam' | 'trash'
export type Label = 'personal' | 'company' | 'important' | 'private'

export const FOLDERS: Folder[] = ['inbox', 'sent', 'draft', 'starred', 'spam', 'trash']
export const LABELS: Label[] = ['personal', 'company', 'important', 'private']
export const LABEL_COLOR: Record<Label, 'success' | 'primary' | 'warning' | 'error'> = { personal: 'success', company: 'primary', important: 'warning', private: 'error' }

export interface Mail {
  id: number
  from: string
  fromEmail: string
  to: string
  subject: string
  body: string
  at: string
  folder: Exclude<Folder, 'starred'>
  labels: Label[]
  read: boolean
  starred: boolean
}

export const mails: Mail[] = [
  { id: 1, from: 'Chandler Bing', fromEmail: 'chandler@example.com', to: 'me@souk.example', subject: 'Focused impactful open issues', body: 'Hi, the three open issues from the sprint are now assigned. Could you review the listing form one before Friday?', at: '2026-11-22T08:10:00', folder: 'inbox', labels: ['company'], read: false, starred: true },
  { id: 2, from: 'Ross Geller', fromEmail: 'ross@example.com', to: 'me@souk.example', subject: 'Dinosaur exhibition tickets', body: 'I have two spare tickets for Saturday. Let me know if you want them!', at: '2026-11-21T18:24:00', folder: 'inbox', labels: ['personal'], read: true, starred: false },
  { id: 3, from: 'Monica Geller', fromEmail: 'monica@example.com', to: 'me@souk.example', subject: 'Catering quote for the launch party', body: 'Attached is the quote for 40 guests. Prices include dessert and drinks.', at: '2026-11-21T10:02:00', folder: 'inbox', labels: ['important', 'company'], read: false, starred: false },
  { id: 4, from: 'Rachel Green', fromEmail: 'rachel@example.com', to: 'me@souk.example', subject: 'Photo shoot for the winter collection', body: 'The studio is booked for Tuesday 9 am. Please bring the product samples.', at: '2026-11-20T15:45:00', folder: 'inbox', labels: ['company'], read: true, starred: true },
  { id: 5, from: 'Phoebe Buffay', fromEmail: 'phoebe@example.com', to: 'me@souk.example', subject: 'Guitar lessons', body: 'Lessons restart next week. Same time as before?', at: '2026-11-19T12:30:00', folder: 'inbox', labels: ['private'], read: true, starred: false },
  { id: 6, from: 'Me', fromEmail: 'me@souk.example', to: 'joey@example.com', subject: 'Your listing is live', body: 'Your sofa listing has been published and already has two messages.', at: '2026-11-18T09:00:00', folder: 'sent', labels: ['personal'], read: true, starred: false },
  { id: 7, from: 'Me', fromEmail: 'me@souk.example', to: 'team@souk.example', subject: 'Quarterly report draft', body: 'Draft numbers: revenue up 18%, churn down 2 points.', at: '2026-11-17T17:20:00', folder: 'draft', labels: ['company', 'important'], read: true, starred: false },
  { id: 8, from: 'Prize Centre', fromEmail: 'winner@prize.example', to: 'me@souk.example', subject: 'You have won a cruise!!!', body: 'Click here to claim your prize before midnight.', at: '2026-11-16T03:14:00', folder: 'spam', labels: [], read: false, starred: false },
  { id: 9, from: 'Gunther Central', fromEmail: 'gunther@example.com', to: 'me@souk.example', subject: 'Old coffee order', body: 'Your order from last month is ready for pick-up.', at: '2026-11-10T08:00:00', folder: 'trash', labels: ['personal'], read: true, starred: false },
]
