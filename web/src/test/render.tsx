import { render, type RenderOptions } from '@testing-library/react'
import i18next from 'i18next'
import type { ReactElement } from 'react'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { DEFAULT_NS } from '@/lib/i18n'
import { testResources } from './test-resources'

const i18n = i18next.createInstance()
void i18n.use(initReactI18next).init({ resources: testResources(), defaultNS: DEFAULT_NS, lng: 'en', fallbackLng: 'en', interpolation: { escapeValue: false }, initAsync: false })

/** Renders with English translations so tests can query by visible text. */
export function renderWithI18n(ui: ReactElement, options?: RenderOptions) {
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>, options)
}
