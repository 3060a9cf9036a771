import { describe, expect, it } from 'vitest'
import type { PageModule } from '@/app/routing/page-meta'
import { byName, renderPage } from './render-page'

const pages = import.meta.glob<PageModule>(['../../pages/forms/*.tsx'], { eager: true })

describe('forms demo pages', () => {
  it.each(byName(pages))('%s renders its heading', { timeout: 20000 }, async (_, mod) => {
    const h1 = await renderPage(mod.default)
    expect(h1).toBeInTheDocument()
  })
})
