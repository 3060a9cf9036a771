import { cleanup, render, screen, within } from '@testing-library/react'
import i18next from 'i18next'
import type { ComponentType } from 'react'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { LANGUAGES, type Lang, type SiteConfig } from '@/lib/api-types'
import { DEFAULT_NS } from '@/lib/i18n'
import { SiteContext } from '@/lib/site-context'
import { testResources } from '@/test/test-resources'
import ForgotPasswordPage from './forgot-password'
import LoginPage from './login'
import RegisterPage from './register'
import ResetPasswordPage from './reset-password'

// One term for signing in per language on every button, link and heading of
// the sign-in screens, and none of the other words a translator might reach for.
const TERM: Record<Lang, string> = {
  en: 'Sign in',
  pl: 'Zaloguj się',
  es: 'Iniciar sesión',
  fr: 'Se connecter',
  it: 'Accedi',
  pt: 'Iniciar sessão',
  br: 'Entrar',
  de: 'Anmelden',
  cn: '登录',
  ar: 'تسجيل الدخول',
}
const OTHER_WORDS: Record<Lang, RegExp> = {
  en: /\blog ?in\b|\blog on\b/i,
  pl: /logowani|zalogowa/i,
  es: /\bacceder\b|\bentrar\b|inicio de sesión|inicia sesión|\blogin\b/i,
  fr: /connexion|connectez|identifi|\blogin\b/i,
  it: /\baccesso\b|\bentra\b|\blogin\b/i,
  pt: /\bentrar\b|início de sessão|inicie sessão|\blogin\b/i,
  br: /iniciar sessão|\bentre\b|\blogin\b|\bacessar\b/i,
  de: /einloggen|anmeldung|\blogin\b/i,
  cn: /登入|登陆/,
  ar: /سجّل الدخول|سجل الدخول|الولوج/,
}

const site = {
  configuration: { AppName: 'Desks', AppDomain: 'd', AppTitle: 'Desks', DefaultLandingAdminPage: '/dashboards/crm' },
} as SiteConfig

const SCREENS: [string, ComponentType][] = [
  ['/login', LoginPage],
  ['/register', RegisterPage],
  ['/forgot-password', ForgotPasswordPage],
  ['/reset-password?token=t', ResetPasswordPage],
]

function renderScreen(lang: Lang, path: string, Page: ComponentType) {
  const i18n = i18next.createInstance()
  void i18n.use(initReactI18next).init({ resources: testResources(), defaultNS: DEFAULT_NS, lng: lang, fallbackLng: 'en', interpolation: { escapeValue: false }, initAsync: false })
  return render(
    <I18nextProvider i18n={i18n}>
      <SiteContext.Provider value={site}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={path.split('?')[0]} element={<Page />} />
          </Routes>
        </MemoryRouter>
      </SiteContext.Provider>
    </I18nextProvider>,
  )
}

const contains = (text: string, term: string) => text.toLocaleLowerCase().includes(term.toLocaleLowerCase())

afterEach(cleanup)

describe('the sign-in term', () => {
  it.each(LANGUAGES)('%s: the sign-in screens say it one way', (lang) => {
    const term = TERM[lang]
    let signInControls = 0
    for (const [path, Page] of SCREENS) {
      const { container, unmount } = renderScreen(lang, path, Page)
      const controls = [...screen.queryAllByRole('heading'), ...screen.queryAllByRole('button'), ...screen.queryAllByRole('link')]
      for (const el of controls) {
        const text = el.textContent ?? ''
        expect(text, `${lang} ${path}: "${text}"`).not.toMatch(OTHER_WORDS[lang])
      }
      // Every way to the sign-in screen, and the sign-in button itself, carries the term.
      const toLogin = [...container.querySelectorAll('a[href^="/login"]')]
      const loginForm = container.querySelector('form[aria-label]')
      const submit = path === '/login' && loginForm ? [within(loginForm as HTMLElement).getAllByRole('button').find((b) => b.getAttribute('type') === 'submit')!] : []
      for (const el of [...toLogin, ...submit]) {
        expect(contains(el.textContent ?? '', term), `${lang} ${path}: "${el.textContent}" lacks "${term}"`).toBe(true)
        signInControls++
      }
      if (path === '/login') expect(contains(loginForm?.getAttribute('aria-label') ?? '', term), `${lang} login form name`).toBe(true)
      unmount()
    }
    // The sign-in button, and the links back from register and forgot-password.
    expect(signInControls).toBeGreaterThanOrEqual(3)
  })

  it('is used for the same controls outside the sign-in screens', () => {
    const res = testResources()
    for (const lang of LANGUAGES) {
      const shell = res[lang]?.[DEFAULT_NS] as { common: Record<string, string> }
      const calls = res[lang]?.calls as { call: Record<string, string> }
      const listings = res[lang]?.listings as { offer: Record<string, string> }
      const auth = res[lang]?.auth as Record<string, string>
      for (const text of [shell.common.login, calls.call.login, listings.offer.signInToContact, auth.google]) {
        expect(contains(text!, TERM[lang]), `${lang}: "${text}"`).toBe(true)
        expect(text, lang).not.toMatch(OTHER_WORDS[lang])
      }
    }
  })
})
