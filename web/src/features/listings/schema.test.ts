import { describe, expect, it } from 'vitest'
import { listingSchema, toListingInput } from './schema'

const valid = {
  productName: 'Oak desk',
  description: 'Solid oak, 160 x 80 cm',
  price: { amount: '120,50', currency: 'PLN' },
  duration: '30',
  location: 'Kraków',
}

describe('listing form schema', () => {
  it('accepts a complete listing and normalises it for the API', () => {
    const parsed = listingSchema.parse(valid)
    expect(toListingInput(parsed)).toEqual({
      productName: 'Oak desk',
      description: 'Solid oak, 160 x 80 cm',
      price: { amount: '120.50', currency: 'PLN' },
      duration: 30,
      location: 'Kraków',
    })
  })

  it.each([
    [{ productName: ' ' }, 'productName', 'validation.required'],
    [{ price: { amount: '12.345', currency: 'PLN' } }, 'price.amount', 'validation.price'],
    [{ price: { amount: '12', currency: 'zl' } }, 'price.currency', 'validation.currency'],
    [{ duration: '0' }, 'duration', 'validation.duration'],
    [{ duration: '366' }, 'duration', 'validation.duration'],
    [{ duration: '2.5' }, 'duration', 'validation.duration'],
    [{ location: '' }, 'location', 'validation.required'],
  ])('rejects %j with a reason on %s', (patch, path, message) => {
    const r = listingSchema.safeParse({ ...valid, ...patch })
    expect(r.success).toBe(false)
    const issue = r.error!.issues.find((i) => i.path.join('.') === path)
    expect(issue?.message).toBe(message)
  })
})
