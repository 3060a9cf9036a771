// Sample figures for the chart demos: a listings marketplace over one year.
export const MONTH_KEYS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const

export const newListings = [120, 135, 160, 190, 240, 260, 250, 230, 210, 180, 150, 170]
export const soldListings = [80, 95, 110, 140, 170, 200, 195, 180, 160, 140, 110, 125]
export const revenueK = [32, 36, 41, 48, 60, 66, 63, 58, 52, 46, 38, 44]

export const CATEGORIES = ['apartments', 'houses', 'cars', 'electronics', 'furniture'] as const
export const categoryShare = [34, 22, 18, 15, 11]

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
/** Calls started per hour block (rows: weekdays, columns: 4-hour blocks). */
export const callHeat = [
  [2, 8, 21, 25, 18, 6],
  [3, 9, 24, 27, 20, 7],
  [2, 10, 22, 29, 21, 9],
  [4, 11, 26, 30, 24, 10],
  [3, 9, 20, 24, 28, 15],
  [6, 12, 15, 18, 25, 19],
  [5, 10, 12, 14, 17, 12],
]
export const HOUR_BLOCKS = ['00–04', '04–08', '08–12', '12–16', '16–20', '20–24']

export const SKILLS = ['speed', 'quality', 'price', 'communication', 'reliability'] as const
export const sellerA = [80, 90, 60, 85, 75]
export const sellerB = [65, 70, 88, 60, 82]

/** Asking price (k€) against area (m²). */
export const priceByArea = [
  { x: 38, y: 145 }, { x: 45, y: 170 }, { x: 52, y: 198 }, { x: 60, y: 215 }, { x: 64, y: 240 },
  { x: 72, y: 262 }, { x: 80, y: 290 }, { x: 88, y: 305 }, { x: 95, y: 350 }, { x: 110, y: 395 },
  { x: 48, y: 160 }, { x: 57, y: 230 }, { x: 68, y: 225 }, { x: 76, y: 300 }, { x: 102, y: 360 },
]

export type Range = 'quarter' | 'half' | 'year'
export const RANGE_MONTHS: Record<Range, number> = { quarter: 3, half: 6, year: 12 }
