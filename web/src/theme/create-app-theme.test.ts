import { getContrastRatio } from '@mui/material/styles'
import { describe, expect, it } from 'vitest'
import { accessiblePrimary } from './create-app-theme'

// The brand colours of the shipped sites (config/sites/*.yaml) and the default.
const BRANDS = ['#8E7CC3', '#3B82F6', '#00BAD1', '#9C27B0', '#F59E0B', '#DC2626', '#B45309', '#7367F0', '#0D9394', '#FF9F43', '#4CAF50', '#EA5455', '#28C76F']

describe('accessiblePrimary', () => {
  it.each(BRANDS)('%s reads as text and carries button text at WCAG AA in both schemes', (brand) => {
    const light = accessiblePrimary(brand, 'light')
    expect(getContrastRatio(light.main, '#FFFFFF')).toBeGreaterThanOrEqual(4.5)
    expect(getContrastRatio(light.main, '#F8F7FA')).toBeGreaterThanOrEqual(4.5)
    expect(getContrastRatio(light.main, light.contrastText)).toBeGreaterThanOrEqual(4.5)
    const dark = accessiblePrimary(brand, 'dark')
    expect(getContrastRatio(dark.main, '#2F3349')).toBeGreaterThanOrEqual(4.5)
    expect(getContrastRatio(dark.main, dark.contrastText)).toBeGreaterThanOrEqual(4.5)
  })

  it('keeps a colour that already passes', () => {
    expect(accessiblePrimary('#1E3A8A', 'light').main).toBe('#1E3A8A')
  })

  it('darkens the tutoring green, which is 2.2:1 on white', () => {
    expect(getContrastRatio('#28C76F', '#FFFFFF')).toBeLessThan(2.5)
    expect(accessiblePrimary('#28C76F', 'light').main).not.toBe('#28C76F')
  })
})
