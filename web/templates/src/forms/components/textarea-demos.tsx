import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import TextField from '@mui/material/TextField'
import TextareaAutosize from '@mui/material/TextareaAutosize'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'

const MAX = 200
const MIN = 20

export function TextareaDemos() {
  const { t } = useTranslation('demo-ui')
  const [bio, setBio] = useState('')
  const [review, setReview] = useState('')
  const [error, setError] = useState('')
  const [sent, setSent] = useState(false)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const len = review.trim().length
    const msg = len === 0 ? t('validation.required') : len < MIN ? t('validation.minLength', { min: MIN, current: len }) : ''
    setError(msg)
    setSent(!msg)
  }
  return (
    <DemoGrid>
      <DemoSection title={t('forms.textarea.basic')}>
        <TextField fullWidth multiline rows={4} label={t('forms.textarea.description')} placeholder={t('forms.textarea.descriptionPlaceholder')} />
      </DemoSection>
      <DemoSection title={t('forms.textarea.counter')}>
        <TextField
          fullWidth
          multiline
          minRows={3}
          label={t('forms.textarea.bio')}
          value={bio}
          onChange={(e) => setBio(e.target.value.slice(0, MAX))}
          helperText={t('forms.textarea.remaining', { count: MAX - bio.length })}
          slotProps={{ htmlInput: { maxLength: MAX } }}
        />
      </DemoSection>
      <DemoSection title={t('forms.textarea.autosize')}>
        <Box
          component={TextareaAutosize}
          minRows={2}
          maxRows={8}
          aria-label={t('forms.textarea.notes')}
          placeholder={t('forms.textarea.notesPlaceholder')}
          sx={{ width: '100%', p: 1.5, font: 'inherit', borderRadius: 1, borderColor: 'divider', bgcolor: 'background.paper', color: 'text.primary', resize: 'none' }}
        />
      </DemoSection>
      <DemoSection title={t('forms.textarea.validation')}>
        <Box component="form" onSubmit={submit} noValidate>
          <TextField fullWidth multiline minRows={3} required label={t('forms.textarea.review')} value={review} onChange={(e) => setReview(e.target.value)} error={!!error} helperText={error || (sent ? t('forms.textarea.thanks') : t('forms.textarea.reviewHint', { min: MIN }))} />
          <Button type="submit" variant="contained" sx={{ mt: 2 }}>
            {t('common.submit')}
          </Button>
        </Box>
      </DemoSection>
    </DemoGrid>
  )
}
