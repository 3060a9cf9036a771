import { COUNTRIES, emailOf, PEOPLE, pick, seeded } from './people'
import { productImage } from './product-images'

export type ProductStatus = 'published' | 'scheduled' | 'inactive'
export type CategoryKey = 'electronics' | 'accessories' | 'shoes' | 'home' | 'office' | 'games'

export interface Product {
  id: number
  name: string
  brand: string
  category: CategoryKey
  sku: string
  price: number
  /** Units in the warehouse; 0 for a product taken off sale. */
  qty: number
  inStock: boolean
  status: ProductStatus
  /** URL of the product's picture. */
  image: string
}

const PRODUCT_NAMES: [string, string, CategoryKey, number][] = [
  ['iPhone 15 Pro', 'Apple', 'electronics', 999],
  ['Galaxy S24', 'Samsung', 'electronics', 899],
  ['Air Jordan 1 Mid', 'Nike', 'shoes', 129],
  ['Ultraboost Light', 'Adidas', 'shoes', 189],
  ['Studio Pro Headphones', 'Beats', 'accessories', 349],
  ['MX Master 3S', 'Logitech', 'office', 99],
  ['Echo Dot (5th gen)', 'Amazon', 'home', 49],
  ['Nintendo Switch OLED', 'Nintendo', 'games', 349],
  ['PlayStation 5 Slim', 'Sony', 'games', 499],
  ['Ergo Office Chair', 'Herman Miller', 'office', 1395],
  ['Smart Kettle', 'Xiaomi', 'home', 59],
  ['Apple Watch Series 9', 'Apple', 'accessories', 399],
  ['Kindle Paperwhite', 'Amazon', 'electronics', 149],
  ['Gel-Kayano 30', 'Asics', 'shoes', 160],
  ['Robot Vacuum S8', 'Roborock', 'home', 549],
  ['Standing Desk Frame', 'Flexispot', 'office', 329],
  ['Steam Deck OLED', 'Valve', 'games', 549],
  ['AirPods Pro 2', 'Apple', 'accessories', 249],
  ['Pixel 8', 'Google', 'electronics', 699],
  ['Old Skool', 'Vans', 'shoes', 70],
]

const STATUSES: ProductStatus[] = ['published', 'published', 'scheduled', 'inactive']

export const products: Product[] = PRODUCT_NAMES.map(([name, brand, category, price], i) => {
  const r = seeded(i + 7)
  // The generator's first draw from a small seed is close to 0: skip it.
  r()
  const status = pick(STATUSES, i)
  // Dear things are stocked in tens, cheap ones in hundreds; a few run low,
  // and a product taken off sale has sold out.
  const depth = price > 500 ? 40 : price > 150 ? 160 : 420
  const qty = status === 'inactive' ? 0 : i % 6 === 1 ? 1 + Math.floor(r() * 8) : Math.round(depth * (0.25 + r()))
  return { id: i + 1, name, brand, category, sku: `${brand.slice(0, 3).toUpperCase()}-${1000 + i * 37}`, price, qty, inStock: qty > 0, status, image: productImage(name) }
})

export interface Category {
  id: number
  key: CategoryKey | null
  /** Set for categories created in the demo; seeded ones are named through `key`. */
  name?: string
  products: number
  earnings: number
}

export const categories: Category[] = (['electronics', 'accessories', 'shoes', 'home', 'office', 'games'] as const).map((key, i) => ({
  id: i + 1,
  key,
  products: products.filter((p) => p.category === key).length * 120 + 37 * i,
  earnings: 8400 + i * 5321,
}))

export interface Customer {
  id: number
  name: string
  email: string
  country: (typeof COUNTRIES)[number]
  orders: number
  spent: number
  joined: string
}

export const customers: Customer[] = PEOPLE.map((name, i) => {
  const r = seeded(i + 101)
  return {
    id: 1000 + i,
    name,
    email: emailOf(name),
    country: pick(COUNTRIES, i),
    orders: 1 + Math.floor(r() * 60),
    spent: Math.round(r() * 900000) / 100,
    joined: `2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + ((i * 7) % 27)).padStart(2, '0')}`,
  }
})

export type OrderStatus = 'delivered' | 'processing' | 'shipped' | 'cancelled' | 'pending'
export type PaymentStatus = 'paid' | 'pending' | 'failed'

export interface OrderLine {
  productId: number
  qty: number
}

export interface Order {
  id: number
  customerId: number
  date: string
  status: OrderStatus
  payment: PaymentStatus
  method: 'card' | 'paypal' | 'cash'
  lines: OrderLine[]
}

const ORDER_STATUSES: OrderStatus[] = ['delivered', 'processing', 'shipped', 'pending', 'delivered', 'cancelled']
const PAYMENTS: PaymentStatus[] = ['paid', 'paid', 'pending', 'failed']
const METHODS = ['card', 'paypal', 'cash'] as const

export const orders: Order[] = Array.from({ length: 42 }, (_, i) => {
  const r = seeded(i + 300)
  const lines = Array.from({ length: 1 + (i % 3) }, (_, j) => ({ productId: 1 + ((i * 3 + j * 7) % products.length), qty: 1 + Math.floor(r() * 3) }))
  return {
    id: 5400 + i,
    customerId: pick(customers, i).id,
    date: `2026-${String(1 + (i % 11)).padStart(2, '0')}-${String(1 + ((i * 5) % 27)).padStart(2, '0')}T${String(8 + (i % 10)).padStart(2, '0')}:15:00`,
    status: pick(ORDER_STATUSES, i),
    payment: pick(PAYMENTS, i),
    method: pick(METHODS, i),
    lines,
  }
})

export function orderTotal(o: Order): number {
  return o.lines.reduce((sum, l) => sum + (products.find((p) => p.id === l.productId)?.price ?? 0) * l.qty, 0)
}

export type ReviewStatus = 'published' | 'pending'

export interface Review {
  id: number
  productId: number
  reviewer: string
  rating: number
  title: string
  text: string
  date: string
  status: ReviewStatus
}

const REVIEW_TEXTS: [string, string, number][] = [
  ['Exceeded expectations', 'Battery easily lasts two days and the screen is gorgeous outdoors.', 5],
  ['Good, not great', 'Comfortable but the sizing runs half a size small.', 3],
  ['Would buy again', 'Arrived a day early and setup took five minutes.', 5],
  ['Stopped working', 'The left earbud died after three weeks; support replaced it quickly.', 2],
  ['Solid value', 'Does everything I need for the price. Packaging was excessive.', 4],
  ['Not as pictured', 'The colour is much darker than in the photos.', 1],
  ['Great for travel', 'Light, sturdy and the case fits in a jacket pocket.', 4],
]

export const reviews: Review[] = Array.from({ length: 28 }, (_, i) => {
  const [title, text, rating] = pick(REVIEW_TEXTS, i)
  return {
    id: i + 1,
    productId: pick(products, i).id,
    reviewer: pick(PEOPLE, i * 5),
    rating,
    title,
    text,
    date: `2026-${String(1 + (i % 11)).padStart(2, '0')}-${String(2 + (i % 26)).padStart(2, '0')}`,
    status: i % 3 === 0 ? 'pending' : 'published',
  }
})

export interface Referral {
  id: number
  name: string
  email: string
  referredId: number
  status: 'paid' | 'unpaid' | 'rejected'
  value: number
  earnings: number
}

export const referrals: Referral[] = PEOPLE.slice(0, 18).map((name, i) => ({
  id: i + 1,
  name,
  email: emailOf(name),
  referredId: 8000 + i * 13,
  status: pick(['paid', 'unpaid', 'rejected'] as const, i),
  value: 300 + i * 47,
  earnings: 20 + (i * 13) % 90,
}))
