import { describe, expect, it } from 'vitest'
import { buildAbility } from '@/lib/authorization'
import { safeRedirect } from '@/lib/safe-redirect'
import { guardRedirect, loginHref } from './guard'
import { resolveMeta } from './page-meta'

const none = buildAbility([])
const admin = buildAbility([{ action: 'manage', subject: 'all' }])
const target = '/my-items?q=desk#top'

describe('resolveMeta', () => {
  it('defaults to a public blank page', () => {
    expect(resolveMeta(undefined)).toEqual({ layout: 'blank', isPublic: true, unauthenticatedOnly: false })
  })
  it('treats an ability requirement as protected even when marked public', () => {
    expect(resolveMeta({ public: true, action: 'read', subject: 'AclDemo' }).isPublic).toBe(false)
    expect(resolveMeta({ public: false }).isPublic).toBe(false)
  })
})

describe('guardRedirect', () => {
  it('lets anyone open public pages', () => {
    expect(guardRedirect(resolveMeta({}), { signedIn: false, ability: none, target })).toBeNull()
  })

  it('sends signed-out users to login with the encoded path they came from', () => {
    const to = guardRedirect(resolveMeta({ public: false }), { signedIn: false, ability: none, target })
    expect(to).toBe('/login?redirecturl=%2Fmy-items%3Fq%3Ddesk%23top')
    expect(new URLSearchParams(to!.split('?')[1]).get('redirecturl')).toBe(target)
  })

  it('sends signed-in users without the ability to not-authorized', () => {
    const meta = resolveMeta({ action: 'read', subject: 'AclDemo' })
    expect(guardRedirect(meta, { signedIn: true, ability: none, target })).toBe('/not-authorized')
    expect(guardRedirect(meta, { signedIn: true, ability: admin, target })).toBeNull()
    expect(guardRedirect(meta, { signedIn: false, ability: none, target })).toBe(loginHref(target))
  })

  it('keeps signed-in users away from unauthenticated-only pages', () => {
    const meta = resolveMeta({ unauthenticatedOnly: true })
    expect(guardRedirect(meta, { signedIn: true, ability: none, target: '/login' })).toBe('/')
    expect(guardRedirect(meta, { signedIn: false, ability: none, target: '/login' })).toBeNull()
  })
})

describe('safeRedirect', () => {
  it('accepts only same-origin paths', () => {
    expect(safeRedirect('/my-call?to=1')).toBe('/my-call?to=1')
    expect(safeRedirect('//evil.example')).toBeNull()
    expect(safeRedirect('https://evil.example')).toBeNull()
    expect(safeRedirect(null)).toBeNull()
  })
})
