import type React from "react"
// Shown before the site, theme and translations exist, so plain markup and
// all languages' wording at once.
const box: React.CSSProperties = {
  minHeight: '100dvh',
  display: 'grid',
  placeItems: 'center',
  fontFamily: 'system-ui, sans-serif',
  textAlign: 'center',
  padding: 24,
}

export function BootSplash() {
  return (
    <div style={box} role="status" aria-live="polite">
      <img src="/favicon.svg" alt="" width={48} height={48} />
    </div>
  )
}

export function BootError({ onRetry }: { onRetry: () => void }) {
  return (
    <div style={box} role="alert">
      <div>
        <p>The site configuration could not be loaded.</p>
        <button type="button" onClick={onRetry} style={{ padding: '8px 16px', fontSize: 16 }}>
          Try again
        </button>
      </div>
    </div>
  )
}
