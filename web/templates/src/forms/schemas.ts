import { z } from 'zod'

// Messages are i18n keys of the demo-ui namespace; fields translate them when shown.
const required = () => z.string().trim().min(1, 'validation.required')

export const registrationSchema = z
  .object({
    fullName: required().min(3, 'validation.nameShort'),
    email: required().pipe(z.email('validation.email')),
    password: z.string().min(8, 'validation.passwordLength').regex(/[A-Z]/, 'validation.passwordUpper').regex(/\d/, 'validation.passwordDigit'),
    confirm: z.string().min(1, 'validation.required'),
    age: z.number({ error: 'validation.number' }).int('validation.number').min(18, 'validation.adult').max(120, 'validation.ageMax'),
    website: z.union([z.literal(''), z.url('validation.url')]),
    country: required(),
    terms: z.literal(true, { error: 'validation.terms' }),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'validation.passwordMatch' })

export type Registration = z.infer<typeof registrationSchema>

export const accountStep = z
  .object({
    username: required().min(3, 'validation.usernameShort').regex(/^[a-z0-9_]+$/i, 'validation.usernameChars'),
    email: required().pipe(z.email('validation.email')),
    password: z.string().min(8, 'validation.passwordLength'),
    confirm: z.string().min(1, 'validation.required'),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'validation.passwordMatch' })

export const personalStep = z.object({
  firstName: required(),
  lastName: required(),
  country: required(),
  language: required(),
})

export const socialStep = z.object({
  twitter: z.union([z.literal(''), z.url('validation.url')]),
  linkedin: z.union([z.literal(''), z.url('validation.url')]),
  github: z.union([z.literal(''), z.url('validation.url')]),
})

export const wizardSchema = z.object({ account: accountStep, personal: personalStep, social: socialStep })
export type WizardValues = z.infer<typeof wizardSchema>
