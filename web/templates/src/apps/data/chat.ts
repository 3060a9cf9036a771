export type Presence = 'online' | 'away' | 'busy' | 'offline'

export interface ChatContact {
  id: number
  name: string
  role: string
  presence: Presence
}

export interface ChatMessage {
  id: string
  fromMe: boolean
  text: string
  at: string
}

export const chatContacts: ChatContact[] = [
  { id: 1, name: 'Gavin Griffith', role: 'Frontend developer', presence: 'online' },
  { id: 2, name: 'Harriet McBride', role: 'UI/UX designer', presence: 'busy' },
  { id: 3, name: 'Danny Conner', role: 'Town planner', presence: 'away' },
  { id: 4, name: 'Janie West', role: 'Data scientist', presence: 'offline' },
  { id: 5, name: 'Bryan Murray', role: 'Dietitian', presence: 'online' },
  { id: 6, name: 'Albert Underwood', role: 'Marketing manager', presence: 'away' },
  { id: 7, name: 'Adele Ross', role: 'Sales representative', presence: 'offline' },
]

export const chatHistory: Record<number, ChatMessage[]> = {
  1: [
    { id: 'm1', fromMe: false, text: 'Hi! Is the listing for the bike still available?', at: '2026-11-22T09:12:00' },
    { id: 'm2', fromMe: true, text: 'Yes, it is. Would you like to see it on a video call?', at: '2026-11-22T09:14:00' },
    { id: 'm3', fromMe: false, text: 'That would be great. Does tomorrow at 6 pm work?', at: '2026-11-22T09:15:00' },
  ],
  2: [
    { id: 'm4', fromMe: true, text: 'I sent over the new checkout mock-ups.', at: '2026-11-21T16:40:00' },
    { id: 'm5', fromMe: false, text: 'Thanks! I will leave comments by the end of the day.', at: '2026-11-21T16:52:00' },
  ],
  3: [{ id: 'm6', fromMe: false, text: 'Can we move our meeting to Thursday?', at: '2026-11-20T11:03:00' }],
  5: [{ id: 'm7', fromMe: false, text: 'The meal plan PDF is attached to the listing.', at: '2026-11-19T08:30:00' }],
}

export const autoReplies = ['Sounds good!', 'Let me check and get back to you.', 'Perfect, thank you.', 'Could you send a few more photos?']
