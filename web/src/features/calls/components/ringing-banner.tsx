import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { IconPhoneCalling, IconPhoneOff } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

/** The caller's "Ringing…" line above the room, with the button that withdraws the call. */
export function RingingBanner({ name, onCancel }: { name: string; onCancel: () => void }) {
  const { t } = useTranslation(['shell', 'calls'])
  return (
    <Paper variant="outlined" data-testid="ringing" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <IconPhoneCalling size={24} aria-hidden />
          <div role="status">
            <Typography variant="subtitle1" component="p">
              {t('calls:ringing.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" component="p">
              {t('calls:call.calling', { name })}
            </Typography>
          </div>
        </Stack>
        <Button variant="contained" color="error" startIcon={<IconPhoneOff size={18} aria-hidden />} onClick={onCancel}>
          {t('calls:ringing.cancel')}
        </Button>
      </Stack>
    </Paper>
  )
}
