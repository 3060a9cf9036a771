import { products } from './ecommerce'
export const analyticsTraffic = {
  week: { sessions: [3120, 2870, 3410, 3990, 3650, 2210, 1980], views: [8420, 7710, 9150, 10230, 9870, 5630, 5010] },
  month: { sessions: [21800, 23450, 19870, 25630], views: [58700, 61210, 54330, 67120] },
}

export const analyticsSources = [
  { key: 'direct', value: 38 },
  { key: 'search', value: 31 },
  { key: 'social', value: 18 },
  { key: 'referral', value: 13 },
] as const

export const analyticsTopPages = [
  { id: 1, path: '/', views: 48210, avgTime: 74, bounce: 0.34 },
  { id: 2, path: '/pricing', views: 18340, avgTime: 112, bounce: 0.22 },
  { id: 3, path: '/help-center', views: 12980, avgTime: 156, bounce: 0.18 },
  { id: 4, path: '/blog/remote-video-calls', views: 9870, avgTime: 203, bounce: 0.41 },
  { id: 5, path: '/listings/new', views: 7650, avgTime: 98, bounce: 0.27 },
  { id: 6, path: '/checkout', views: 4420, avgTime: 61, bounce: 0.12 },
]

export const crmRevenue = [42, 55, 61, 48, 70, 82, 77, 91, 88, 96, 104, 118]
export const crmExpenses = [30, 38, 41, 36, 44, 50, 49, 57, 55, 59, 63, 70]

export const crmProjects = [
  { id: 1, name: 'Harbor Logistics CRM rollout', lead: 'Olivia Brandt', progress: 82, dueDays: 12 },
  { id: 2, name: 'Northwind partner portal', lead: 'Mateo Ruiz', progress: 46, dueDays: 30 },
  { id: 3, name: 'Sunrise Dental booking', lead: 'Aiko Tanaka', progress: 95, dueDays: 3 },
  { id: 4, name: 'Kestrel Bikes loyalty', lead: 'Jonas Weber', progress: 23, dueDays: 54 },
  { id: 5, name: 'Atlas Realty lead scoring', lead: 'Fatima Zahra', progress: 67, dueDays: 18 },
]

export const crmDeals = [
  { id: 1, company: 'Bluepeak Outdoor', amount: 48200, stage: 'negotiation' },
  { id: 2, company: 'Crescent Foods', amount: 31500, stage: 'proposal' },
  { id: 3, company: 'Meridian Clinics', amount: 76900, stage: 'won' },
  { id: 4, company: 'Orbit Media', amount: 12800, stage: 'qualified' },
] as const

export const ecommerceRevenue = { earning: [28, 10, 45, 38, 15, 30, 35, 28, 8], expense: [-18, -26, -14, -22, -16, -10, -28, -12, -20] }

export const ecommerceRecentOrders = [
  { id: 5089, customer: 'Jamal Kerrod', total: 3077, status: 'delivered', date: '2026-11-20' },
  { id: 5041, customer: 'Shamus Tuttle', total: 2230, status: 'processing', date: '2026-11-19' },
  { id: 5027, customer: 'Devonne Wallbridge', total: 2787, status: 'shipped', date: '2026-11-18' },
  { id: 5024, customer: 'Ariella Filippyev', total: 5285, status: 'cancelled', date: '2026-11-17' },
  { id: 5020, customer: 'Roy Southerell', total: 5219, status: 'delivered', date: '2026-11-15' },
] as const

/** The shop's best sellers, from its catalogue. */
export const ecommercePopular = ['iPhone 15 Pro', 'Air Jordan 1 Mid', 'Studio Pro Headphones', 'Apple Watch Series 9', 'Echo Dot (5th gen)'].map((name) => {
  const p = products.find((x) => x.name === name)
  if (!p) throw new Error(`popular product ${name} is not in the catalogue`)
  return p
})
