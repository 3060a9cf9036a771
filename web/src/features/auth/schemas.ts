import { z } from 'zod'

// Messages are i18n keys; the form translates them when showing an error.
export const emailField = z.string().trim().min(1, 'validation.required').email('validation.email')

/** Mirrors the server rule: 8–128 characters, at least one letter and one digit. */
export const passwordField = z
  .string()
  .min(1, 'validation.required')
  .refine((v) => v.length >= 8 && v.length <= 128 && /\p{L}/u.test(v) && /\d/.test(v), 'validation.password')

export const loginSchema = z.object({
  email: emailField,
  password: z.string().min(1, 'validation.required'),
})
export type LoginValues = z.infer<typeof loginSchema>

export const registerSchema = z.object({
  displayName: z.string().trim().min(1, 'validation.required').max(80, 'validation.maxLength'),
  email: emailField,
  password: passwordField,
})
export type RegisterValues = z.infer<typeof registerSchema>

export const forgotSchema = z.object({ email: emailField })
export type ForgotValues = z.infer<typeof forgotSchema>

export const resetSchema = z
  .object({ password: passwordField, confirm: z.string().min(1, 'validation.required') })
  .refine((v) => v.password === v.confirm, { message: 'validation.passwordMismatch', path: ['confirm'] })
export type ResetValues = z.infer<typeof resetSchema>
