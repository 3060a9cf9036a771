import { zodResolver } from '@hookform/resolvers/zod'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CardHeader from '@mui/material/CardHeader'
import Grid from '@mui/material/Grid'
import LinearProgress from '@mui/material/LinearProgress'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { RhfTextField } from '@/components/form/rhf-text-field'
import { api, ApiError } from '@/lib/api-client'
import type { Listing } from '@/lib/api-types'
import { applyServerErrors } from '@/lib/form-errors'
import type { QueuedImage } from '../image-queue'
import { CURRENCIES, defaultCurrency, listingSchema, toListingInput, type ListingFormValues } from '../schema'
import { ImagePicker } from './image-picker'

const FIELDS = ['productName', 'description', 'price.amount', 'price.currency', 'price', 'duration', 'location'] as const

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardHeader title={title} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  )
}

export function ListingForm() {
  const { t, i18n } = useTranslation(['shell', 'listings'])
  const queryClient = useQueryClient()
  const [images, setImages] = useState<QueuedImage[]>([])
  const [listing, setListing] = useState<Listing | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [published, setPublished] = useState(false)
  const [busy, setBusy] = useState(false)
  const imagesRef = useRef(images)
  imagesRef.current = images

  const { control, handleSubmit, setError } = useForm<ListingFormValues>({
    resolver: zodResolver(listingSchema),
    defaultValues: { productName: '', description: '', price: { amount: '', currency: defaultCurrency(i18n.language) }, duration: '30', location: '' },
  })

  // Object URLs hold file data in memory until revoked.
  useEffect(
    () => () => {
      for (const img of imagesRef.current) if (img.source.kind === 'file') URL.revokeObjectURL(img.preview)
    },
    [],
  )

  const patchImage = (key: string, patch: Partial<QueuedImage>) =>
    setImages((list) => list.map((i) => (i.key === key ? { ...i, ...patch } : i)))

  const removeImage = async (img: QueuedImage) => {
    if (listing && img.imageId) {
      try {
        await api.listings.removeImage(listing.id, img.imageId)
      } catch (err) {
        patchImage(img.key, { error: err instanceof Error ? err.message : String(err) })
        return
      }
    }
    if (img.source.kind === 'file') URL.revokeObjectURL(img.preview)
    setImages((list) => list.filter((i) => i.key !== img.key))
  }

  const uploadOne = async (listingId: string, img: QueuedImage): Promise<boolean> => {
    patchImage(img.key, { status: 'uploading', progress: 0, error: undefined })
    try {
      const saved =
        img.source.kind === 'file'
          ? await api.listings.uploadImage(listingId, img.source.file, (p) => patchImage(img.key, { progress: Math.round((p.loaded / p.total) * 100) }))
          : await api.listings.imageFromUrl(listingId, img.source.url)
      patchImage(img.key, { status: 'done', progress: 100, imageId: saved.id })
      return true
    } catch (err) {
      const reason = err instanceof ApiError ? err.detail || err.title : err instanceof Error ? err.message : String(err)
      patchImage(img.key, { status: 'error', error: t('listings:listing.uploadFailed', { name: img.name, reason }) })
      return false
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null)
    setBusy(true)
    try {
      const input = toListingInput(values)
      // A second press after a failed image upload updates the listing already created.
      const saved = listing ? await api.listings.update(listing.id, input) : await api.listings.create(input)
      setListing(saved)
      let allUploaded = true
      for (const img of imagesRef.current.filter((i) => i.status !== 'done')) {
        allUploaded = (await uploadOne(saved.id, img)) && allUploaded
      }
      await queryClient.invalidateQueries({ queryKey: ['listings'] })
      setPublished(allUploaded)
    } catch (err) {
      setFormError(applyServerErrors(err, FIELDS, setError))
    } finally {
      setBusy(false)
    }
  })

  if (published && listing) {
    return (
      <Stack spacing={2} role="status">
        <Alert severity="success">{t('listings:listing.saved')}</Alert>
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to={`/${i18n.language}/offer/${encodeURIComponent(listing.id)}`} variant="contained">
            {t('listings:listing.view')}
          </Button>
          <Button component={RouterLink} to="/my-items" variant="outlined">
            {t('listings:items.title')}
          </Button>
        </Stack>
      </Stack>
    )
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('listings:listing.title')}>
      <Stack spacing={3}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Box>
            <Typography variant="h4" component="h1">
              {t('listings:listing.title')}
            </Typography>
            <Typography color="text.secondary">{t('listings:listing.subtitle')}</Typography>
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? t('listings:listing.saving') : t('listings:listing.save')}
          </Button>
        </Stack>
        {busy && <LinearProgress aria-label={t('listings:listing.saving')} />}
        {formError && <Alert severity="error">{formError}</Alert>}
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 8 }}>
            <Stack spacing={3}>
              <Section title={t('listings:listing.productInfo')}>
                <Stack spacing={2}>
                  <RhfTextField control={control} name="productName" label={t('listings:listing.productName')} errorValues={{ max: 120 }} />
                  <RhfTextField control={control} name="description" label={t('listings:listing.description')} multiline minRows={4} errorValues={{ max: 5000 }} />
                </Stack>
              </Section>
              <Section title={t('listings:listing.images')}>
                <ImagePicker images={images} onAdd={(add) => setImages((l) => [...l, ...add])} onRemove={removeImage} disabled={busy} />
              </Section>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Stack spacing={3}>
              <Section title={t('listings:listing.pricing')}>
                <Stack spacing={2}>
                  <Stack direction="row" spacing={1}>
                    <RhfTextField control={control} name="price.amount" label={t('listings:listing.price')} inputMode="decimal" />
                    <RhfTextField control={control} name="price.currency" label={t('listings:listing.currency')} select sx={{ maxWidth: 110 }}>
                      {CURRENCIES.map((c) => (
                        <MenuItem key={c} value={c}>
                          {c}
                        </MenuItem>
                      ))}
                    </RhfTextField>
                  </Stack>
                  <RhfTextField control={control} name="duration" label={t('listings:listing.duration')} type="number" slotProps={{ htmlInput: { min: 1, max: 365, step: 1 } }} />
                </Stack>
              </Section>
              <Section title={t('listings:listing.location')}>
                <RhfTextField control={control} name="location" label={t('listings:listing.locationLabel')} autoComplete="address-level2" errorValues={{ max: 200 }} />
              </Section>
            </Stack>
          </Grid>
        </Grid>
      </Stack>
    </Box>
  )
}
