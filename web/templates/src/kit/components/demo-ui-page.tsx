import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'
import Typography from '@mui/material/Typography'
import { Suspense, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DEMO_UI_NS } from '../../locales/namespaces'

interface Props {
  /** Key in the demo-ui namespace for the page heading; omit when the body brings its own. */
  title?: string
  subtitle?: string
  children: ReactNode
}

function Spinner() {
  const { t } = useTranslation()
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  )
}

function Heading({ title, subtitle }: { title: string; subtitle?: string }) {
  const { t } = useTranslation(DEMO_UI_NS)
  return (
    <Box component="header" sx={{ mb: 3 }}>
      <Typography variant="h4" component="h1">
        {t(title)}
      </Typography>
      {subtitle && <Typography color="text.secondary">{t(subtitle)}</Typography>}
    </Box>
  )
}

function Loaded({ title, subtitle, children }: Props) {
  // Suspends until the wording of the current language has loaded.
  useTranslation(DEMO_UI_NS)
  return (
    <>
      {title && <Heading title={title} subtitle={subtitle} />}
      {children}
    </>
  )
}

/** Wraps every demo page: loads the demo wording, then renders an optional heading and the body. */
export function DemoUiPage(props: Props) {
  return (
    <Suspense fallback={<Spinner />}>
      <Loaded {...props} />
    </Suspense>
  )
}
