export interface CartItem {
  id: number
  name: string
  seller: string
  price: number
  qty: number
}

export const initialCart: CartItem[] = [
  { id: 1, name: 'Google Chromecast (4K)', seller: 'Apex Electronics', price: 49.99, qty: 1 },
  { id: 2, name: 'Canvas Backpack 22L', seller: 'Northfold', price: 89, qty: 1 },
  { id: 3, name: 'Ceramic Pour-over Set', seller: 'Kiln & Co', price: 34.5, qty: 2 },
]

export const savedAddresses = [
  { id: 'home', name: 'John Doe', line: '4135 Parkway Street, Los Angeles, CA 90017', phone: '+1 213 555 0198' },
  { id: 'office', name: 'ACME Inc.', line: '87 Hoffman Avenue, New York, NY 10016', phone: '+1 212 555 0143' },
] as const

export const COUPONS: Record<string, number> = { SOUK10: 0.1, WELCOME5: 0.05 }

/** Luhn checksum, so obviously mistyped card numbers are caught before submit. */
export function luhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return digits.length >= 13 && sum % 10 === 0
}

export function expiryValid(mmYY: string, now = new Date()): boolean {
  const m = /^(\d{2})\/(\d{2})$/.exec(mmYY)
  if (!m) return false
  const month = Number(m[1])
  const year = 2000 + Number(m[2])
  if (month < 1 || month > 12) return false
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1)
}
