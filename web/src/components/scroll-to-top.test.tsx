import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithI18n } from '@/test/render'
import { ScrollToTop } from './scroll-to-top'

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true })
    window.dispatchEvent(new Event('scroll'))
  })
}

describe('ScrollToTop', () => {
  it('appears only after 200 px and scrolls smoothly to the top', async () => {
    const spy = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    renderWithI18n(<ScrollToTop />)
    scrollTo(200)
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull()
    scrollTo(201)
    await userEvent.click(await screen.findByRole('button', { name: 'Scroll to top' }))
    expect(spy).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' })
    spy.mockRestore()
  })
})
