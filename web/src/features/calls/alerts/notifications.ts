// Browser notifications for incoming calls. Permission is asked only when
// the user does something about calls (places one, answers one, opens the
// conversations), never when a page loads.

export function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window
}

/** Asks once, while the user is acting on a call; later calls do nothing. */
export function askNotificationPermission(): void {
  if (!notificationsSupported() || Notification.permission !== 'default') return
  try {
    void Notification.requestPermission().catch(() => undefined)
  } catch {
    // Older Safari takes a callback and throws on the promise form.
  }
}

/** Shows a notification for a ringing call while the tab is hidden; null when it cannot. */
export function notifyIncomingCall(title: string, body: string, tag: string): Notification | null {
  if (!notificationsSupported() || Notification.permission !== 'granted' || !document.hidden) return null
  try {
    const n = new Notification(title, { body, tag, requireInteraction: true })
    n.onclick = () => {
      window.focus()
      n.close()
    }
    return n
  } catch {
    // Chrome on Android allows notifications only from a service worker.
    return null
  }
}
