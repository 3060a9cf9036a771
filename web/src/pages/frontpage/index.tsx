import { Footer } from '@/components/footer'
import { ContactSection } from '@/features/frontpage/components/contact-form'
import { FeatureSections } from '@/features/frontpage/components/feature-sections'
import { FrontHeader } from '@/features/frontpage/components/front-header'
import { Hero } from '@/features/frontpage/components/hero'
import { OffersIndex } from '@/features/listings/components/offers-index'
import { LanguageMenu } from '@/features/settings/components/language-menu'
import { ModeMenu } from '@/features/settings/components/mode-menu'
import { useSite } from '@/hooks/use-site'
import type { PageMeta } from '@/lib/api-types'
import { useSession } from '@/lib/use-session'

export const meta: PageMeta = { layout: 'blank', public: true }

export default function FrontPage() {
  const site = useSite()
  const signedIn = useSession() !== null
  return (
    <>
      <FrontHeader
        signedIn={signedIn}
        tools={
          <>
            <LanguageMenu />
            <ModeMenu />
          </>
        }
      />
      <main>
        <Hero signedIn={signedIn} />
        <OffersIndex />
        <FeatureSections meetup={site.frontpage?.meetup ?? false} signedIn={signedIn} />
        <ContactSection />
      </main>
      <Footer />
    </>
  )
}
