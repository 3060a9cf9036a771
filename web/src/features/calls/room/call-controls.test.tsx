import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithI18n } from '@/test/render'
import { CallControls, type CallControlsProps } from './call-controls'

const on = { enabled: true, pending: false }
const off = { enabled: false, pending: false }

function renderControls(props: Partial<CallControlsProps> = {}) {
  const handlers = { onToggle: vi.fn(), onOpenSettings: vi.fn(), onLeave: vi.fn() }
  renderWithI18n(<CallControls mic={on} camera={on} screen={off} {...handlers} {...props} />)
  return handlers
}

describe('CallControls', () => {
  it('shows each toggle state through aria-pressed, under a stable name', () => {
    renderControls({ mic: off, camera: on, screen: on })
    expect(screen.getByRole('button', { name: 'Microphone' })).toHaveAttribute('aria-pressed', 'false')
    expect(screen.getByRole('button', { name: 'Camera' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('button', { name: 'Share screen' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('navigation', { name: 'Call controls' })).toBeInTheDocument()
  })

  it('describes what a press does, with its keyboard shortcut', () => {
    renderControls({ mic: on, camera: off })
    expect(screen.getByTestId('toggle-mic')).toHaveAccessibleDescription(/^Turn off microphone \((Ctrl\+D|⌘D)\)$/)
    expect(screen.getByTestId('toggle-camera')).toHaveAccessibleDescription(/^Turn on camera \((Ctrl\+E|⌘E)\)$/)
    expect(screen.getByTestId('toggle-mic')).toHaveAttribute('aria-keyshortcuts', 'Control+D Meta+D')
  })

  it('reports which control was pressed', async () => {
    const h = renderControls()
    await userEvent.click(screen.getByTestId('toggle-mic'))
    await userEvent.click(screen.getByTestId('toggle-camera'))
    await userEvent.click(screen.getByTestId('toggle-screen'))
    expect(h.onToggle.mock.calls).toEqual([['mic'], ['camera'], ['screen']])
    await userEvent.click(screen.getByTestId('device-settings'))
    expect(h.onOpenSettings).toHaveBeenCalledTimes(1)
    await userEvent.click(screen.getByRole('button', { name: 'Leave meeting' }))
    expect(h.onLeave).toHaveBeenCalledTimes(1)
  })

  it('disables a toggle while its device is switching', () => {
    renderControls({ camera: { enabled: true, pending: true } })
    expect(screen.getByTestId('toggle-camera')).toBeDisabled()
    expect(screen.getByTestId('toggle-mic')).toBeEnabled()
  })

  it('offers no screen share where the browser has none', () => {
    renderControls({ screen: null })
    expect(screen.queryByTestId('toggle-screen')).toBeNull()
  })
})
