import { fireEvent, render } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ariaKeyShortcuts, shortcutFor, shortcutLabel, useCallShortcuts } from './shortcuts'

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
})

describe('call shortcuts', () => {
  it('maps Ctrl/Cmd+D to the microphone and Ctrl/Cmd+E to the camera', () => {
    expect(shortcutFor(key('d', { ctrlKey: true }))).toBe('toggleMic')
    expect(shortcutFor(key('D', { metaKey: true }))).toBe('toggleMic')
    expect(shortcutFor(key('e', { ctrlKey: true }))).toBe('toggleCamera')
    expect(shortcutFor(key('e', { metaKey: true }))).toBe('toggleCamera')
  })

  it('follows the physical key on other keyboard layouts', () => {
    expect(shortcutFor({ ...key('ي', { ctrlKey: true }), code: 'KeyD' })).toBe('toggleMic')
    expect(shortcutFor({ ...key('ث', { metaKey: true }), code: 'KeyE' })).toBe('toggleCamera')
    expect(shortcutFor({ ...key('ي'), code: 'KeyD' })).toBeNull()
  })

  it('ignores plain keys, other modifiers and other letters', () => {
    expect(shortcutFor(key('d'))).toBeNull()
    expect(shortcutFor(key('d', { ctrlKey: true, shiftKey: true }))).toBeNull()
    expect(shortcutFor(key('e', { ctrlKey: true, altKey: true }))).toBeNull()
    expect(shortcutFor(key('x', { ctrlKey: true }))).toBeNull()
  })

  it('names the shortcut as the platform writes it', () => {
    expect(shortcutLabel('toggleMic', false)).toBe('Ctrl+D')
    expect(shortcutLabel('toggleCamera', true)).toBe('⌘E')
    expect(ariaKeyShortcuts('toggleCamera')).toBe('Control+E Meta+E')
  })

  function Probe({ mic, camera }: { mic: () => void; camera: () => void }) {
    useCallShortcuts({ toggleMic: mic, toggleCamera: camera })
    return null
  }

  it('runs the action and keeps the browser from handling the key, until unmounted', () => {
    const mic = vi.fn()
    const camera = vi.fn()
    const { unmount } = render(<Probe mic={mic} camera={camera} />)
    const notHandled = fireEvent.keyDown(window, { key: 'd', ctrlKey: true })
    expect(notHandled).toBe(false)
    expect(mic).toHaveBeenCalledTimes(1)
    fireEvent.keyDown(window, { key: 'e', metaKey: true })
    expect(camera).toHaveBeenCalledTimes(1)
    // A held key repeats; the toggle must not flip back and forth.
    fireEvent.keyDown(window, { key: 'd', ctrlKey: true, repeat: true })
    expect(mic).toHaveBeenCalledTimes(1)
    expect(fireEvent.keyDown(window, { key: 'd' })).toBe(true)
    unmount()
    fireEvent.keyDown(window, { key: 'd', ctrlKey: true })
    expect(mic).toHaveBeenCalledTimes(1)
  })
})
