import { afterEach, describe, expect, it, vi } from 'vitest'
import { askNotificationPermission, notifyIncomingCall } from './notifications'
import { Ringtone } from './ringtone'
import { flashTitle, TITLE_FLASH_MS } from './title-flash'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('flashTitle', () => {
  it('alternates the message with the page title, and puts the title back', () => {
    vi.useFakeTimers()
    document.title = 'Souk'
    const stop = flashTitle('Ala is calling')
    expect(document.title).toBe('Ala is calling')
    vi.advanceTimersByTime(TITLE_FLASH_MS)
    expect(document.title).toBe('Souk')
    vi.advanceTimersByTime(TITLE_FLASH_MS)
    expect(document.title).toBe('Ala is calling')
    stop()
    expect(document.title).toBe('Souk')
  })
})

class FakeAudioContext {
  static made = 0
  state = 'running'
  currentTime = 0
  destination = {}
  oscillators = 0
  constructor() {
    FakeAudioContext.made++
  }
  resume = vi.fn(async () => {})
  suspend = vi.fn(async () => {})
  close = vi.fn(async () => {})
  createOscillator() {
    this.oscillators++
    return { type: '', frequency: { value: 0 }, connect: (g: unknown) => g, start: vi.fn(), stop: vi.fn() }
  }
  createGain() {
    const gain = { setValueAtTime: vi.fn(), linearRampToValueAtTime: vi.fn() }
    return { gain, connect: (d: unknown) => d }
  }
}

describe('Ringtone', () => {
  it('waits for a user gesture before making a sound, and stops with the call', () => {
    FakeAudioContext.made = 0
    vi.stubGlobal('AudioContext', FakeAudioContext)
    const tone = new Ringtone()
    tone.start()
    expect(FakeAudioContext.made).toBe(0)
    window.dispatchEvent(new Event('pointerdown'))
    expect(FakeAudioContext.made).toBe(1)
    tone.stop()
    expect(tone.isPlaying).toBe(false)
    // A gesture after the call stopped makes no sound.
    const later = new Ringtone()
    later.start()
    later.stop()
    window.dispatchEvent(new Event('pointerdown'))
    expect(FakeAudioContext.made).toBe(1)
  })
})

describe('notifications', () => {
  it('asks only while permission is undecided, and notifies only when the tab is hidden', () => {
    const requestPermission = vi.fn(async () => 'granted')
    const shown: string[] = []
    class FakeNotification {
      static permission = 'default'
      static requestPermission = requestPermission
      onclick: (() => void) | null = null
      constructor(title: string) {
        shown.push(title)
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeNotification)
    askNotificationPermission()
    expect(requestPermission).toHaveBeenCalledTimes(1)
    FakeNotification.permission = 'granted'
    askNotificationPermission()
    expect(requestPermission).toHaveBeenCalledTimes(1)
    expect(notifyIncomingCall('Ala is calling', '', 'call-1')).toBeNull()
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true)
    expect(notifyIncomingCall('Ala is calling', '', 'call-1')).not.toBeNull()
    expect(shown).toEqual(['Ala is calling'])
    hidden.mockRestore()
  })
})
