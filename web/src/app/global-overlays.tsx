import { Suspense } from 'react'
import { ScrollToTop } from '@/components/scroll-to-top'
import { InvitationOverlay } from '@/features/calls/components/invitation-overlay'
import { CookieBanner } from '@/features/cookie-consent/components/cookie-banner'

/** Floating pieces present on every page, whatever the layout. */
export function GlobalOverlays() {
  return (
    <>
      {/* Each overlay waits for its own wording without holding up the page. */}
      <Suspense fallback={null}>
        <InvitationOverlay />
      </Suspense>
      <ScrollToTop />
      {/* On the inline-end side, away from the vertical menu, so it never covers menu entries. */}
      <Suspense fallback={null}>
        <CookieBanner id="cookie-banner" position="bottom-right" type="floating" decline postpone={false} />
      </Suspense>
    </>
  )
}
