import { beforeAll, describe, expect, it } from 'vitest'
import type { PageModule } from '@/app/routing/page-meta'
import { byName, renderPage } from './render-page'

const pages = import.meta.glob<PageModule>(['../../pages/extensions/*.tsx'], { eager: true })

describe('extensions demo pages', () => {
  // jsdom has no matchMedia; Swiper reads it for its responsive breakpoints.
  beforeAll(() => {
    window.matchMedia ??= (query: string) =>
      ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList
  })

  it.each(byName(pages))('%s renders its heading', { timeout: 20000 }, async (_, mod) => {
    const h1 = await renderPage(mod.default)
    expect(h1).toBeInTheDocument()
  })
})
