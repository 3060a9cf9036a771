import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'
import { RichTextEditor } from './rich-text-editor'

export function EditorsDemos() {
  const { t } = useTranslation('demo-ui')
  const initial = t('forms.editors.sample')
  const [html, setHtml] = useState(initial)
  const [words, setWords] = useState(0)
  return (
    <DemoGrid>
      <DemoSection title={t('forms.editors.full')}>
        <RichTextEditor initial={initial} label={t('forms.editors.full')} onChange={(h) => setHtml(h)} />
      </DemoSection>
      <DemoSection title={t('forms.editors.preview')} subheader={t('forms.editors.previewHint')}>
        {/* The dir attribute, not a CSS direction, which the right-to-left style plugin would flip. */}
        <Box component="pre" dir="ltr" sx={{ m: 0, p: 2, borderRadius: 1, bgcolor: 'action.hover', fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-word', textAlign: 'start' }}>
          {html}
        </Box>
      </DemoSection>
      <DemoSection title={t('forms.editors.minimal')}>
        <RichTextEditor initial="" minimal label={t('forms.editors.minimal')} onChange={(_, text) => setWords(text.trim() ? text.trim().split(/\s+/).length : 0)} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} role="status">
          {t('forms.editors.words', { count: words })}
        </Typography>
      </DemoSection>
    </DemoGrid>
  )
}
