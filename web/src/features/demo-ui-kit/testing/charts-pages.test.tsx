import { describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import type { PageModule } from '@/app/routing/page-meta'
import { byName, renderPage } from './render-page'

// ApexCharts measures SVG text, which jsdom cannot do; the chart is checked by its container.
vi.mock('react-apexcharts', () => ({ default: () => <div data-testid="apex" /> }))

const pages = import.meta.glob<PageModule>(['../../../pages/charts/*.tsx'], { eager: true })

describe('chart demo pages', () => {
  it.each(byName(pages))('%s renders its heading and labelled charts', { timeout: 20000 }, async (_, mod) => {
    await renderPage(mod.default)
    const charts = screen.getAllByTestId('chart-container')
    expect(charts.length).toBeGreaterThanOrEqual(6)
    for (const c of charts) expect(c).toHaveAccessibleName()
  })
})
