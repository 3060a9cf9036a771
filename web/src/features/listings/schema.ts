import { z } from 'zod'

export const CURRENCIES = ['PLN', 'EUR', 'USD', 'GBP', 'CHF', 'BRL', 'CNY', 'AED'] as const

export const listingSchema = z.object({
  productName: z.string().trim().min(1, 'validation.required').max(120, 'validation.maxLength'),
  description: z.string().trim().min(1, 'validation.required').max(5000, 'validation.maxLength'),
  price: z.object({
    amount: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .regex(/^\d{1,10}([.,]\d{1,2})?$/, 'validation.price'),
    currency: z.string().regex(/^[A-Z]{3}$/, 'validation.currency'),
  }),
  duration: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .regex(/^\d+$/, 'validation.duration')
    .refine((v) => Number(v) >= 1 && Number(v) <= 365, 'validation.duration'),
  location: z.string().trim().min(1, 'validation.required').max(200, 'validation.maxLength'),
})

export type ListingFormValues = z.infer<typeof listingSchema>

export function defaultCurrency(lang: string): string {
  if (lang === 'pl') return 'PLN'
  if (lang === 'br') return 'BRL'
  if (lang === 'cn') return 'CNY'
  if (lang === 'en') return 'USD'
  if (lang === 'ar') return 'AED'
  return 'EUR'
}

/** The API wants a decimal string with a dot and the duration as a whole number. */
export function toListingInput(v: ListingFormValues) {
  return {
    productName: v.productName.trim(),
    description: v.description.trim(),
    price: { amount: v.price.amount.trim().replace(',', '.'), currency: v.price.currency },
    duration: Number(v.duration),
    location: v.location.trim(),
  }
}
