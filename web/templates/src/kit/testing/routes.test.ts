import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { deriveRoute, pageIdFromGlobKey } from '@/app/routing/derive-routes'
import { resolveMeta, type PageModule } from '@/app/routing/page-meta'

// This share of the product route list (spec routes.txt sections below).
const SECTIONS = ['charts', 'components', 'extensions', 'forms', 'pages', 'tables'] as const
// The product spec sits beside the checkout (vitest runs in web/templates/).
const SPEC = resolve(process.cwd(), '../../../shared/spec/routes.txt')
/** Kept in the repository so the test also runs where the spec file is absent. */
const EMBEDDED = `
/charts/apex-chart /charts/chartjs
/components/alert /components/avatar /components/badge /components/button /components/chip /components/dialog
/components/expansion-panel /components/list /components/menu /components/pagination /components/progress-circular
/components/progress-linear /components/snackbar /components/tabs /components/timeline /components/tooltip
/extensions/swiper /extensions/tour
/forms/autocomplete /forms/checkbox /forms/combobox /forms/custom-input /forms/date-time-picker /forms/editors
/forms/file-input /forms/form-layouts /forms/form-validation /forms/form-wizard-icons /forms/form-wizard-numbered
/forms/radio /forms/range-slider /forms/rating /forms/select /forms/slider /forms/switch /forms/textarea /forms/textfield
/pages/account-settings/:tab
/pages/authentication/forgot-password-v1 /pages/authentication/forgot-password-v2 /pages/authentication/login-v1
/pages/authentication/login-v2 /pages/authentication/register-multi-steps /pages/authentication/register-v1
/pages/authentication/register-v2 /pages/authentication/reset-password-v1 /pages/authentication/reset-password-v2
/pages/authentication/two-steps-v1 /pages/authentication/two-steps-v2 /pages/authentication/verify-email-v1
/pages/authentication/verify-email-v2
/pages/cards/card-actions /pages/cards/card-advance /pages/cards/card-basic /pages/cards/card-gamification
/pages/cards/card-statistics /pages/cards/card-widgets
/pages/dialog-examples /pages/faq /pages/icons /pages/misc/coming-soon /pages/misc/under-maintenance /pages/pricing
/pages/typography /pages/user-profile/:tab
/tables/data-table /tables/simple-table
`
  .split(/\s+/)
  .filter(Boolean)
/** The core's not-found alias lives in the "pages" section but is not part of this share. */
const NOT_OURS = new Set(['/pages/misc/not-found'])

function specPatterns(text: string): string[] {
  const out: string[] = []
  let section = ''
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (line.startsWith('## ')) section = line.slice(3)
    else if (line.startsWith('/') && (SECTIONS as readonly string[]).includes(section) && !NOT_OURS.has(line)) out.push(line)
  }
  return out
}

const modules = import.meta.glob<PageModule>(['../../pages/**/*.tsx', '!../../pages/**/*.test.tsx'])
const routes = Object.keys(modules).map((k) => ({ key: k, ...deriveRoute(pageIdFromGlobKey(k)) }))

describe('template UI routes', { timeout: 60_000 }, () => {
  it('cover the product route list', () => {
    if (!existsSync(SPEC)) return
    expect(specPatterns(readFileSync(SPEC, 'utf8')).sort()).toEqual([...EMBEDDED].sort())
  })

  it.each(EMBEDDED)('%s resolves to its own page with the spec meta', async (pattern) => {
    const route = routes.find((r) => r.path === pattern)
    expect(route, `no page file for ${pattern}`).toBeDefined()
    if (!route) return
    expect(route.pageId).not.toMatch(/\[\.\.\.|not-found/)
    const load = modules[route.key]
    const mod = load ? await load() : undefined
    expect(mod?.default).toBeTypeOf('function')
    const meta = resolveMeta(mod?.meta)
    if (pattern.startsWith('/pages/authentication/')) expect(meta).toMatchObject({ layout: 'blank', isPublic: true })
    else expect(meta).toMatchObject({ layout: 'default', isPublic: false })
  })
})
