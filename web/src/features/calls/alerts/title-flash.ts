// Flashes the tab title while a call rings, so a call is seen from
// another tab; the page's own title comes back when it stops.

export const TITLE_FLASH_MS = 1000

export function flashTitle(message: string, doc: Document = document): () => void {
  const original = doc.title
  let showing = false
  const timer = setInterval(() => {
    showing = !showing
    doc.title = showing ? message : original
  }, TITLE_FLASH_MS)
  doc.title = message
  showing = true
  return () => {
    clearInterval(timer)
    doc.title = original
  }
}
