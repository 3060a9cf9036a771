/** Accepts only same-origin paths so a crafted link cannot send users elsewhere. */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw) return null
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null
  return raw
}
