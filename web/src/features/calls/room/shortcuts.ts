import { useEffect, useRef } from 'react'

// Keyboard shortcuts of the call, the ones people know from other call
// products: Ctrl+D (⌘D on a Mac) for the microphone, Ctrl+E (⌘E) for the camera.

export type ShortcutAction = 'toggleMic' | 'toggleCamera'

type KeyInfo = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'> & { code?: string }

const KEYS: Record<string, ShortcutAction> = { d: 'toggleMic', e: 'toggleCamera' }
const CODES: Record<string, ShortcutAction> = { KeyD: 'toggleMic', KeyE: 'toggleCamera' }

/**
 * The action a key press asks for, or null. The physical key counts too, so
 * that the shortcuts work with an Arabic or Cyrillic keyboard layout.
 */
export function shortcutFor(e: KeyInfo): ShortcutAction | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return null
  return KEYS[e.key.toLowerCase()] ?? (e.code ? CODES[e.code] : undefined) ?? null
}

export function isMacPlatform(platform: string = typeof navigator === 'undefined' ? '' : navigator.platform): boolean {
  return /mac|iphone|ipad/i.test(platform)
}

/** The shortcut as shown to the user ("Ctrl+D", "⌘D"). */
export function shortcutLabel(action: ShortcutAction, mac: boolean = isMacPlatform()): string {
  const key = action === 'toggleMic' ? 'D' : 'E'
  return mac ? `⌘${key}` : `Ctrl+${key}`
}

/** The value of aria-keyshortcuts for an action. */
export function ariaKeyShortcuts(action: ShortcutAction): string {
  const key = action === 'toggleMic' ? 'D' : 'E'
  return `Control+${key} Meta+${key}`
}

/** Runs the handler of a shortcut pressed anywhere on the page while mounted. */
export function useCallShortcuts(handlers: Record<ShortcutAction, () => void>): void {
  const ref = useRef(handlers)
  ref.current = handlers
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.repeat) return
      const action = shortcutFor(e)
      if (!action) return
      // Ctrl+D would bookmark the page, Ctrl+E focus the address bar.
      e.preventDefault()
      ref.current[action]()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}
