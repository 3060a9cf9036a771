import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CardHeader from '@mui/material/CardHeader'
import Grid from '@mui/material/Grid'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTheme } from '@mui/material/styles'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { A11y, Autoplay, EffectCoverflow, EffectFade, Navigation, Pagination, Thumbs } from 'swiper/modules'
import { Swiper, SwiperSlide } from 'swiper/react'
import type { Swiper as SwiperClass } from 'swiper/types'
import 'swiper/css'
import 'swiper/css/navigation'
import 'swiper/css/pagination'
import 'swiper/css/effect-coverflow'
import 'swiper/css/effect-fade'
import 'swiper/css/thumbs'
import { DESTINATIONS } from '../data/destinations'
import { SlideCard } from './slide-card'

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section">
      <CardHeader title={title} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>{children}</CardContent>
    </Card>
  )
}

export function SwiperDemos() {
  const { t } = useTranslation('demo-ui')
  const dir = useTheme().direction
  const [thumbs, setThumbs] = useState<SwiperClass | null>(null)
  const [active, setActive] = useState(0)
  const [controlled, setControlled] = useState<SwiperClass | null>(null)
  const a11y = {
    prevSlideMessage: t('extensions.swiper.prev'),
    nextSlideMessage: t('extensions.swiper.next'),
    paginationBulletMessage: t('extensions.swiper.goTo', { index: '{{index}}' }),
  }
  // Swiper reads `dir` once, so a key change rebuilds it when the direction flips.
  const common = { dir, a11y, modules: [A11y, Navigation, Pagination] }
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12 }}>
        <Section title={t('extensions.swiper.navigation')}>
          <Swiper key={dir} {...common} navigation pagination={{ clickable: true }} spaceBetween={16} onSlideChange={(s) => setActive(s.realIndex)}>
            {DESTINATIONS.map((d) => (
              <SwiperSlide key={d.city}>
                <SlideCard d={d} />
              </SwiperSlide>
            ))}
          </Swiper>
          <Typography role="status" color="text.secondary" sx={{ mt: 1 }}>
            {t('extensions.swiper.current', { city: DESTINATIONS[active]?.city ?? '' })}
          </Typography>
        </Section>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Section title={t('extensions.swiper.multiple')}>
          <Swiper key={dir} {...common} pagination={{ clickable: true }} spaceBetween={12} slidesPerView={1} breakpoints={{ 600: { slidesPerView: 2 } }}>
            {DESTINATIONS.map((d) => (
              <SwiperSlide key={d.city}>
                <SlideCard d={d} height={180} />
              </SwiperSlide>
            ))}
          </Swiper>
        </Section>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Section title={t('extensions.swiper.autoplay')}>
          <Swiper key={dir} {...common} modules={[A11y, Autoplay, Pagination, EffectFade]} effect="fade" autoplay={{ delay: 2500, disableOnInteraction: true, pauseOnMouseEnter: true }} pagination={{ clickable: true }} loop>
            {DESTINATIONS.map((d) => (
              <SwiperSlide key={d.city}>
                <SlideCard d={d} height={180} />
              </SwiperSlide>
            ))}
          </Swiper>
        </Section>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Section title={t('extensions.swiper.coverflow')}>
          <Swiper key={dir} {...common} modules={[A11y, EffectCoverflow, Pagination]} effect="coverflow" centeredSlides slidesPerView="auto" pagination={{ clickable: true }} coverflowEffect={{ rotate: 40, depth: 100, slideShadows: false }}>
            {DESTINATIONS.map((d) => (
              <SwiperSlide key={d.city} style={{ width: 220 }}>
                <SlideCard d={d} height={200} />
              </SwiperSlide>
            ))}
          </Swiper>
        </Section>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Section title={t('extensions.swiper.thumbs')}>
          <Swiper key={dir} {...common} modules={[A11y, Thumbs, Navigation]} navigation thumbs={{ swiper: thumbs && !thumbs.destroyed ? thumbs : null }} onSwiper={setControlled} spaceBetween={8}>
            {DESTINATIONS.map((d) => (
              <SwiperSlide key={d.city}>
                <SlideCard d={d} height={160} />
              </SwiperSlide>
            ))}
          </Swiper>
          <Swiper dir={dir} key={`${dir}-thumbs`} modules={[Thumbs]} onSwiper={setThumbs} slidesPerView={4} spaceBetween={8} watchSlidesProgress style={{ marginTop: 8 }}>
            {DESTINATIONS.map((d) => (
              <SwiperSlide key={d.city} style={{ cursor: 'pointer' }}>
                <Box sx={{ height: 56, borderRadius: 1, display: 'grid', placeItems: 'center', color: '#fff', fontSize: 12, fontWeight: 600, background: `linear-gradient(135deg, ${d.colors[0]}, ${d.colors[1]})` }}>{d.city}</Box>
              </SwiperSlide>
            ))}
          </Swiper>
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button size="small" variant="outlined" onClick={() => controlled?.slideTo(0)}>
              {t('extensions.swiper.first')}
            </Button>
            <Button size="small" variant="outlined" onClick={() => controlled?.slideTo(DESTINATIONS.length - 1)}>
              {t('extensions.swiper.last')}
            </Button>
          </Stack>
        </Section>
      </Grid>
    </Grid>
  )
}
