import { describe, expect, it } from 'vitest'
import { landingAfterLogin } from './landing'

const site = { configuration: { AppName: 'a', AppDomain: 'a', AppTitle: 'a', DefaultLandingAdminPage: '/dashboards/crm' } }

describe('landingAfterLogin', () => {
  it('returns to the page the user came from', () => {
    expect(landingAfterLogin({ roles: ['admin'] }, '/my-call?to=abc', site)).toBe('/my-call?to=abc')
  })
  it('sends admins to the site admin landing page', () => {
    expect(landingAfterLogin({ roles: ['user', 'admin'] }, null, site)).toBe('/dashboards/crm')
  })
  it('sends other users home and ignores foreign redirect targets', () => {
    expect(landingAfterLogin({ roles: ['user'] }, 'https://evil.example/', site)).toBe('/')
  })
})
