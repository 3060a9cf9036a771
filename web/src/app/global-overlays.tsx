export function GlobalOverlays() {
  return null
}
