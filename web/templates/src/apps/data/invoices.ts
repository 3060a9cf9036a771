import { emailOf, PEOPLE, pick } from './people'

export type InvoiceStatus = 'paid' | 'sent' | 'draft' | 'pastDue' | 'partial' | 'downloaded'

export interface InvoiceItem {
  id: number
  name: string
  description: string
  cost: number
  qty: number
}

export interface Invoice {
  id: number
  client: string
  company: string
  email: string
  issued: string
  due: string
  status: InvoiceStatus
  items: InvoiceItem[]
  discount: number
  taxRate: number
  paid: number
  note: string
}

const COMPANIES = ['Hall-Robbins PLC', 'Mccann LLC', 'Leonard-Garcia', 'Smith, Miller and Henry', 'Mejia Group', 'Bauer & Söhne', 'Nowak Studio', 'Lumen Tech']
const ITEMS: [string, string, number][] = [
  ['Admin dashboard design', 'Figma file with light and dark themes', 320],
  ['Landing page build', 'Responsive, three breakpoints', 480],
  ['Brand guidelines', 'Logo usage, colours and type', 250],
  ['Hosting (12 months)', 'Managed VPS with daily backups', 144],
  ['Support hours', 'Priority e-mail support', 60],
  ['Video call integration', 'Rooms, invitations and recording', 720],
]
const STATUSES: InvoiceStatus[] = ['paid', 'sent', 'draft', 'pastDue', 'partial', 'downloaded']

export function invoiceTotals(items: InvoiceItem[], discount: number, taxRate: number) {
  const subtotal = items.reduce((s, i) => s + i.cost * i.qty, 0)
  const afterDiscount = Math.max(0, subtotal - discount)
  const tax = (afterDiscount * taxRate) / 100
  return { subtotal, discount: Math.min(discount, subtotal), tax, total: afterDiscount + tax }
}

export const invoices: Invoice[] = Array.from({ length: 30 }, (_, i) => {
  const client = pick(PEOPLE, i * 3 + 1)
  const items = Array.from({ length: 1 + (i % 3) }, (_, j) => {
    const [name, description, cost] = pick(ITEMS, i + j * 2)
    return { id: j + 1, name, description, cost, qty: 1 + ((i + j) % 4) }
  })
  const status = pick(STATUSES, i)
  const discount = i % 4 === 0 ? 50 : 0
  const { total } = invoiceTotals(items, discount, 21)
  return {
    id: 4987 + i,
    client,
    company: pick(COMPANIES, i),
    email: emailOf(client),
    issued: `2026-${String(1 + (i % 10)).padStart(2, '0')}-${String(3 + (i % 24)).padStart(2, '0')}`,
    due: `2026-${String(2 + (i % 10)).padStart(2, '0')}-${String(3 + (i % 24)).padStart(2, '0')}`,
    status,
    items,
    discount,
    taxRate: 21,
    paid: status === 'paid' ? total : status === 'partial' ? Math.round(total / 2) : 0,
    note: 'Thank you for your business. Payment is due within 30 days.',
  }
})

export const SELLER = { name: 'Souk Studio Sp. z o.o.', address: 'ul. Prosta 20, 00-850 Warszawa', phone: '+48 22 555 01 47', iban: 'PL61 1090 1014 0000 0712 1981 2874' }
