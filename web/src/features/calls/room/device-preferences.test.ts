import { describe, expect, it } from 'vitest'
import { DEVICE_PREFERENCES_KEY, loadDevicePreferences, saveDevicePreference } from './device-preferences'

describe('device preferences', () => {
  it('remembers each kind of device in this browser', () => {
    expect(loadDevicePreferences()).toEqual({})
    saveDevicePreference('audioinput', 'mic-2')
    saveDevicePreference('videoinput', 'cam-1')
    saveDevicePreference('audiooutput', 'spk-3')
    saveDevicePreference('audioinput', 'mic-1')
    expect(loadDevicePreferences()).toEqual({ audioinput: 'mic-1', videoinput: 'cam-1', audiooutput: 'spk-3' })
    expect(JSON.parse(localStorage.getItem(DEVICE_PREFERENCES_KEY)!)).toEqual({ audioinput: 'mic-1', videoinput: 'cam-1', audiooutput: 'spk-3' })
  })

  it('forgets a choice given an empty id', () => {
    saveDevicePreference('videoinput', 'cam-1')
    saveDevicePreference('videoinput', '')
    expect(loadDevicePreferences()).toEqual({})
  })

  it('ignores broken or foreign stored values', () => {
    localStorage.setItem(DEVICE_PREFERENCES_KEY, '{not json')
    expect(loadDevicePreferences()).toEqual({})
    localStorage.setItem(DEVICE_PREFERENCES_KEY, JSON.stringify({ audioinput: 7, videoinput: 'cam', printer: 'x', audiooutput: '' }))
    expect(loadDevicePreferences()).toEqual({ videoinput: 'cam' })
    localStorage.setItem(DEVICE_PREFERENCES_KEY, '["cam"]')
    expect(loadDevicePreferences()).toEqual({})
  })

  it('works without storage', () => {
    expect(loadDevicePreferences(null)).toEqual({})
    expect(() => saveDevicePreference('audioinput', 'mic', null)).not.toThrow()
  })
})
