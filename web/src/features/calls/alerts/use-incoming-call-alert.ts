import { useEffect, useRef } from 'react'
import { notifyIncomingCall } from './notifications'
import { Ringtone } from './ringtone'
import { flashTitle } from './title-flash'

export interface IncomingCallAlert {
  /** The call that rings, by room name; null when nothing rings. */
  key: string | null
  /** "Ala is calling", for the tab title and the notification. */
  message: string
  /** What the call is about, for the notification's body. */
  detail: string
}

/**
 * While a call rings: the ringtone (once sound is allowed), a browser
 * notification when the tab is hidden (or becomes hidden), and a flashing
 * tab title. All of it stops when the call is answered, cancelled or
 * expires (key becomes null).
 */
export function useIncomingCallAlert({ key, message, detail }: IncomingCallAlert): void {
  const ringtone = useRef<Ringtone | null>(null)
  useEffect(() => () => ringtone.current?.close(), [])

  useEffect(() => {
    if (!key) return
    ringtone.current ??= new Ringtone()
    const tone = ringtone.current
    tone.start()
    const stopFlash = flashTitle(message)
    let notification = notifyIncomingCall(message, detail, key)
    const onVisibility = () => {
      if (document.hidden && !notification) notification = notifyIncomingCall(message, detail, key)
      if (!document.hidden && notification) {
        notification.close()
        notification = null
      }
    }
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      document.removeEventListener('visibilitychange', onVisibility)
      tone.stop()
      stopFlash()
      notification?.close()
    }
  }, [key, message, detail])
}
