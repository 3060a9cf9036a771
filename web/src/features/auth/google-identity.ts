// Minimal typing of the Google Identity Services script we use.
interface GoogleCredentialResponse {
  credential: string
}
interface GoogleId {
  initialize(config: { client_id: string; callback: (r: GoogleCredentialResponse) => void; ux_mode?: 'popup' }): void
  prompt(): void
  renderButton(el: HTMLElement, options: Record<string, string | number>): void
}
declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleId } }
  }
}

export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client'

let loading: Promise<GoogleId> | null = null

/** Loads the identity script once; a failed load may be retried by calling again. */
export function loadGoogleIdentity(doc: Document = document): Promise<GoogleId> {
  if (window.google?.accounts?.id) return Promise.resolve(window.google.accounts.id)
  if (loading) return loading
  loading = new Promise<GoogleId>((resolve, reject) => {
    const script = doc.createElement('script')
    script.src = GOOGLE_SCRIPT_URL
    script.async = true
    script.defer = true
    script.onload = () => {
      const id = window.google?.accounts?.id
      if (id) resolve(id)
      else reject(new Error('identity script loaded without its API'))
    }
    script.onerror = () => {
      script.remove()
      reject(new Error('identity script failed to load'))
    }
    doc.head.appendChild(script)
  }).catch((err: unknown) => {
    loading = null
    throw err
  })
  return loading
}

export function isLocalHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1' || hostname === '[::1]'
}
