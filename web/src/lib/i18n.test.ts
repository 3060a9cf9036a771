import { describe, expect, it } from 'vitest'
import { initI18n, localeSourcesFromGlob, switchLanguage, type LocaleLoader } from './i18n'

const sources = localeSourcesFromGlob(import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default' }) as Record<string, LocaleLoader>)

describe('initI18n', () => {
  it('applies the site language and its additional translations', async () => {
    const i18n = await initI18n({
      lang: 'pl',
      additionalTranslations: { pl: { 'site.hero.title': 'Biurka i stoły' }, en: { 'site.hero.title': 'Desks and tables' }, xx: { a: 'b' } },
      sources,
    })
    expect(i18n.t('site.hero.title')).toBe('Biurka i stoły')
    await i18n.loadNamespaces('calls')
    expect(i18n.t('calls:call.join')).toBe('Dołącz do spotkania')
    expect(document.documentElement.lang).toBe('pl')
    expect(document.documentElement.dir).toBe('ltr')
  })

  it('loads only the languages in use, each on demand', async () => {
    const i18n = await initI18n({ lang: 'de', additionalTranslations: {}, sources })
    expect(i18n.hasResourceBundle('de', 'shell')).toBe(true)
    expect(i18n.hasResourceBundle('en', 'shell')).toBe(true)
    expect(i18n.hasResourceBundle('fr', 'shell')).toBe(false)
    // A feature's wording arrives when a screen asks for it.
    expect(i18n.hasResourceBundle('de', 'listings')).toBe(false)
    await i18n.loadNamespaces('listings')
    expect(i18n.hasResourceBundle('de', 'listings')).toBe(true)
    expect(i18n.hasResourceBundle('fr', 'listings')).toBe(false)
  })

  it('sets the document language and right-to-left direction when the language changes', async () => {
    const i18n = await initI18n({ lang: 'en', additionalTranslations: { ar: { 'site.hero.title': 'مكاتب' } }, sources })
    await i18n.loadNamespaces('calls')
    await switchLanguage(i18n, 'ar')
    expect(document.documentElement.lang).toBe('ar')
    expect(document.documentElement.dir).toBe('rtl')
    expect(i18n.t('calls:call.leave')).toBe('مغادرة الاجتماع')
    expect(i18n.t('site.hero.title')).toBe('مكاتب')
    await switchLanguage(i18n, 'cn')
    expect(i18n.t('calls:call.join')).toBe('加入会议')
    expect(document.documentElement.lang).toBe('zh-CN')
    expect(document.documentElement.dir).toBe('ltr')
  })
})
