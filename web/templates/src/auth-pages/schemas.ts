import { z } from 'zod'

// Messages are demo-ui i18n keys.
const email = z.string().trim().min(1, 'validation.required').pipe(z.email('validation.email'))
const newPassword = z.string().min(8, 'validation.passwordLength').regex(/[A-Z]/, 'validation.passwordUpper').regex(/\d/, 'validation.passwordDigit')

export const loginSchema = z.object({ email, password: z.string().min(1, 'validation.required'), remember: z.boolean() })
export type LoginValues = z.infer<typeof loginSchema>

export const registerSchema = z.object({
  username: z.string().trim().min(3, 'validation.usernameShort').regex(/^[a-z0-9_]+$/i, 'validation.usernameChars'),
  email,
  password: newPassword,
  terms: z.boolean().refine((v) => v, 'validation.terms'),
})
export type RegisterValues = z.infer<typeof registerSchema>

export const forgotSchema = z.object({ email })
export type ForgotValues = z.infer<typeof forgotSchema>

export const resetSchema = z
  .object({ password: newPassword, confirm: z.string().min(1, 'validation.required') })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'validation.passwordMatch' })
export type ResetValues = z.infer<typeof resetSchema>

export const multiAccount = z
  .object({ username: registerSchema.shape.username, email, password: newPassword, confirm: z.string().min(1, 'validation.required') })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'validation.passwordMatch' })
export const multiPersonal = z.object({
  firstName: z.string().trim().min(1, 'validation.required'),
  lastName: z.string().trim().min(1, 'validation.required'),
  phone: z.string().trim().regex(/^\+?[\d ]{7,}$/, 'validation.phone'),
  city: z.string().trim().min(1, 'validation.required'),
})
export const multiPlan = z.object({ plan: z.enum(['basic', 'standard', 'enterprise']), card: z.string().regex(/^\d{4} ?\d{4} ?\d{4} ?\d{4}$/, 'validation.card') })
export const multiSchema = z.object({ account: multiAccount, personal: multiPersonal, plan: multiPlan })
export type MultiValues = z.infer<typeof multiSchema>
