import { zodResolver } from '@hookform/resolvers/zod'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Container from '@mui/material/Container'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { RhfTextField } from '@/components/form/rhf-text-field'
import { api, ApiError } from '@/lib/api-client'
import { applyServerErrors } from '@/lib/form-errors'

const contactSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(100, 'validation.maxLength'),
  email: z.string().trim().min(1, 'validation.required').email('validation.email'),
  message: z.string().trim().min(1, 'validation.required').max(4000, 'validation.maxLength'),
})
type ContactValues = z.infer<typeof contactSchema>

export function ContactSection() {
  const { t } = useTranslation(['shell', 'frontpage'])
  const [sent, setSent] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const { control, handleSubmit, setError, formState } = useForm<ContactValues>({
    resolver: zodResolver(contactSchema),
    defaultValues: { name: '', email: '', message: '' },
  })
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null)
    try {
      await api.contact.send(values)
      setSent(true)
    } catch (err) {
      setFormError(err instanceof ApiError && err.status === 429 ? t('frontpage:tooMany') : applyServerErrors(err, ['name', 'email', 'message'], setError))
    }
  })
  return (
    <Container component="section" id="contact" aria-labelledby="contact-title" maxWidth="sm" sx={{ py: 6 }}>
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography id="contact-title" variant="h5" component="h2">
            {t('frontpage:contactTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('frontpage:contactSubtitle')}
          </Typography>
          {sent ? (
            <Alert severity="success" role="status">
              {t('frontpage:thanks')}
            </Alert>
          ) : (
            <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('frontpage:contactTitle')}>
              <Stack spacing={2}>
                {formError && <Alert severity="error">{formError}</Alert>}
                <RhfTextField control={control} name="name" label={t('frontpage:name')} autoComplete="name" errorValues={{ max: 100 }} />
                <RhfTextField control={control} name="email" label={t('frontpage:email')} type="email" autoComplete="email" />
                <RhfTextField control={control} name="message" label={t('frontpage:message')} multiline minRows={4} errorValues={{ max: 4000 }} />
                <Button type="submit" variant="contained" disabled={formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
                  {t('frontpage:sendMessage')}
                </Button>
              </Stack>
            </Box>
          )}
        </CardContent>
      </Card>
    </Container>
  )
}
