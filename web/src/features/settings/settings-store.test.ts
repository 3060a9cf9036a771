import { beforeEach, describe, expect, it } from 'vitest'
import { createSettingsStore, defaultSettings } from './settings-store'

describe('settings store', () => {
  beforeEach(() => localStorage.clear())

  it('starts from the product defaults', () => {
    const s = createSettingsStore('application', defaultSettings()).get()
    expect(s).toMatchObject({
      theme: 'system',
      skin: 'default',
      contentWidth: 'boxed',
      navbarType: 'sticky',
      navbarBlur: true,
      footerType: 'static',
      layoutNav: 'vertical',
      isVerticalNavSemiDark: false,
      isVerticalNavCollapsed: false,
      lang: 'en',
      isRtl: false,
    })
  })

  it('persists each setting under the app-title prefix and reloads it', () => {
    const a = createSettingsStore('application', defaultSettings())
    a.set({ theme: 'dark', skin: 'bordered', contentWidth: 'fluid' })
    expect(localStorage.getItem('application-theme')).toBe('"dark"')
    expect(localStorage.getItem('application-skin')).toBe('"bordered"')
    const b = createSettingsStore('application', defaultSettings())
    expect(b.get()).toMatchObject({ theme: 'dark', skin: 'bordered', contentWidth: 'fluid' })
  })

  it('ignores stored values that are not valid choices', () => {
    localStorage.setItem('application-theme', '"purple"')
    localStorage.setItem('application-skin', 'not json')
    localStorage.setItem('application-isVerticalNavCollapsed', '"yes"')
    const s = createSettingsStore('application', defaultSettings()).get()
    expect(s.theme).toBe('system')
    expect(s.skin).toBe('default')
    expect(s.isVerticalNavCollapsed).toBe(false)
  })

  it('forces a sticky navbar and an open vertical nav with horizontal navigation', () => {
    const store = createSettingsStore('application', defaultSettings())
    store.set({ navbarType: 'hidden', isVerticalNavCollapsed: true })
    expect(store.get()).toMatchObject({ navbarType: 'hidden', isVerticalNavCollapsed: true })
    store.set({ layoutNav: 'horizontal' })
    expect(store.get()).toMatchObject({ navbarType: 'sticky', isVerticalNavCollapsed: false })
  })

  it('derives right-to-left from the language', () => {
    const store = createSettingsStore('application', defaultSettings())
    store.set({ lang: 'ar' })
    expect(store.get().isRtl).toBe(true)
    store.set({ lang: 'pl' })
    expect(store.get().isRtl).toBe(false)
  })

  it('resets to the defaults and clears storage', () => {
    const store = createSettingsStore('souk', defaultSettings('pl'))
    store.set({ theme: 'light', lang: 'de' })
    store.reset()
    expect(store.get()).toMatchObject({ theme: 'system', lang: 'pl' })
    expect(localStorage.getItem('souk-theme')).toBeNull()
  })
})
