import { describe, expect, it } from 'vitest'
import { initI18n, switchLanguage } from './i18n'

describe('initI18n', () => {
  it('applies the site language and its additional translations', async () => {
    const i18n = await initI18n({
      lang: 'pl',
      additionalTranslations: { pl: { 'site.hero.title': 'Biurka i stoły' }, en: { 'site.hero.title': 'Desks and tables' }, xx: { a: 'b' } },
    })
    expect(i18n.t('site.hero.title')).toBe('Biurka i stoły')
    expect(i18n.t('call.join')).toBe('Dołącz do spotkania')
    expect(document.documentElement.lang).toBe('pl')
    expect(document.documentElement.dir).toBe('ltr')
  })

  it('sets the document language and right-to-left direction when the language changes', async () => {
    const i18n = await initI18n({ lang: 'en', additionalTranslations: { ar: { 'site.hero.title': 'مكاتب' } } })
    await switchLanguage(i18n, 'ar')
    expect(document.documentElement.lang).toBe('ar')
    expect(document.documentElement.dir).toBe('rtl')
    expect(i18n.t('call.leave')).toBe('مغادرة الاجتماع')
    expect(i18n.t('site.hero.title')).toBe('مكاتب')
    await switchLanguage(i18n, 'cn')
    expect(i18n.t('call.join')).toBe('加入会议')
    expect(document.documentElement.lang).toBe('zh-CN')
    expect(document.documentElement.dir).toBe('ltr')
  })
})
