import { describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import type { PageModule } from '@/app/routing/page-meta'
import { byName, renderPage } from './render-page'

// ApexCharts measures SVG text, which jsdom cannot do; charts are checked by their containers.
vi.mock('react-apexcharts', () => ({ default: () => <div data-testid="apex" /> }))
// Chart.js needs a laid-out canvas, which jsdom does not provide either.
vi.mock('react-chartjs-2', () => {
  const Stub = () => <canvas data-testid="chartjs" />
  return { Line: Stub, Bar: Stub, Doughnut: Stub, PolarArea: Stub, Radar: Stub, Scatter: Stub }
})

const pages = import.meta.glob<PageModule>(['../../pages/charts/*.tsx'], { eager: true })

describe('chart demo pages', () => {
  it.each(byName(pages))('%s renders its heading and labelled charts', { timeout: 20000 }, async (_, mod) => {
    await renderPage(mod.default)
    const charts = screen.getAllByTestId('chart-container')
    expect(charts.length).toBeGreaterThanOrEqual(6)
    for (const c of charts) expect(c).toHaveAccessibleName()
  })
})
