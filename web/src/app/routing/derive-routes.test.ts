import { describe, expect, it } from 'vitest'
import { deriveRoute, pageIdFromGlobKey } from './derive-routes'

describe('deriveRoute', () => {
  it('maps glob keys to page ids', () => {
    expect(pageIdFromGlobKey('../pages/apps/email/index.tsx')).toBe('apps/email/index')
    expect(pageIdFromGlobKey('../../pages/login.tsx')).toBe('login')
  })

  it('turns index into the parent path and names routes by kebab path', () => {
    expect(deriveRoute('apps/email/index')).toEqual({ path: '/apps/email', name: 'apps-email', pageId: 'apps/email/index' })
    expect(deriveRoute('index')).toMatchObject({ path: '/', name: 'root' })
    expect(deriveRoute('my-items')).toMatchObject({ path: '/my-items', name: 'my-items' })
  })

  it('turns [id] into :id and [...all] into *', () => {
    expect(deriveRoute('apps/invoice/preview/[id]')).toMatchObject({
      path: '/apps/invoice/preview/:id',
      name: 'apps-invoice-preview-id',
    })
    expect(deriveRoute('apps/email/[filter]')).toMatchObject({ path: '/apps/email/:filter', name: 'apps-email-filter' })
    expect(deriveRoute('[...error]')).toMatchObject({ path: '/*', name: 'error' })
  })

  it('names the offer page by its product route name', () => {
    expect(deriveRoute('[lang]/offer/[offerid]')).toMatchObject({
      path: '/:lang/offer/:offerid',
      name: 'frontpage-bit-offer-offerid',
    })
  })
})
