import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { useAppTitle } from '@/hooks/use-site'

export function Footer() {
  const { t } = useTranslation()
  const app = useAppTitle()
  return (
    <Box component="footer" sx={{ px: 3, py: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="body2" color="text.secondary">
        {t('footer.rights', { year: new Date().getFullYear(), app })}
      </Typography>
    </Box>
  )
}
