import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderWithI18n } from '@/test/render'
import { consentKey, createConsentStorage } from '../consent-storage'
import { CookieBanner } from './cookie-banner'

const KEY = consentKey('cookie-banner')

describe('CookieBanner', () => {
  it('shows while consent is unset, with accept and decline but no postpone by default', () => {
    renderWithI18n(<CookieBanner />)
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Decline' })).toBeEnabled()
    expect(screen.queryByRole('button', { name: 'Later' })).toBeNull()
  })

  it.each([
    ['Accept', 'accept'],
    ['Decline', 'decline'],
    ['Later', 'postpone'],
  ])('hides after %s and stores %s under a key made from the element id', async (label, value) => {
    const { unmount } = renderWithI18n(<CookieBanner postpone />)
    await userEvent.click(screen.getByRole('button', { name: label }))
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull()
    expect(localStorage.getItem(KEY)).toBe(value)
    unmount()
    renderWithI18n(<CookieBanner postpone />)
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull()
  })

  it('returns to unset when the saved choice is removed', () => {
    localStorage.setItem(KEY, 'accept')
    const { unmount } = renderWithI18n(<CookieBanner />)
    expect(screen.queryByRole('region')).toBeNull()
    unmount()
    createConsentStorage('cookie-banner').clear()
    renderWithI18n(<CookieBanner />)
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeInTheDocument()
  })

  it('does not save the choice in debug mode', async () => {
    renderWithI18n(<CookieBanner debug />)
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect(screen.queryByRole('region')).toBeNull()
    expect(localStorage.getItem(KEY)).toBeNull()
  })

  it('ignores an unknown stored value', () => {
    localStorage.setItem(KEY, 'maybe')
    renderWithI18n(<CookieBanner />)
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeInTheDocument()
  })
})

describe('consent storage without localStorage', () => {
  it('falls back to a 30-day cookie on path /', () => {
    const broken = {
      setItem: () => {
        throw new Error('denied')
      },
    } as unknown as Storage
    const written: string[] = []
    let jar = ''
    const doc = {
      get cookie() {
        return jar
      },
      set cookie(v: string) {
        written.push(v)
        jar = v.split(';')[0]!
      },
    } as unknown as Document
    const now = new Date('2026-01-01T00:00:00Z')
    const store = createConsentStorage('cookie-banner', { storage: broken, doc, now: () => now })
    expect(store.read()).toBeNull()
    store.write('decline')
    expect(written[0]).toContain('cookie-banner-consent=decline')
    expect(written[0]).toContain('path=/')
    expect(written[0]).toContain('expires=Sat, 31 Jan 2026 00:00:00 GMT')
    expect(store.read()).toBe('decline')
  })
})
