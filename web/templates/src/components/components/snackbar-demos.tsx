import Button from '@mui/material/Button'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormLabel from '@mui/material/FormLabel'
import IconButton from '@mui/material/IconButton'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Snackbar from '@mui/material/Snackbar'
import Stack from '@mui/material/Stack'
import { IconX } from '@tabler/icons-react'
import { useSnackbar, type VariantType } from 'notistack'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'

const VARIANTS: VariantType[] = ['default', 'success', 'info', 'warning', 'error']
const POSITIONS = ['top-start', 'top-center', 'top-end', 'bottom-start', 'bottom-center', 'bottom-end'] as const
type Position = (typeof POSITIONS)[number]

export function SnackbarDemos() {
  const { t } = useTranslation('demo-ui')
  const { enqueueSnackbar } = useSnackbar()
  const [position, setPosition] = useState<Position>('bottom-center')
  const [open, setOpen] = useState(false)
  const [archived, setArchived] = useState(false)
  const [vertical, horizontal] = position.split('-') as ['top' | 'bottom', 'start' | 'center' | 'end']
  // MUI anchors use physical sides; the RTL style plugin mirrors them, so start maps to left.
  const physical = horizontal === 'start' ? 'left' : horizontal === 'end' ? 'right' : 'center'
  return (
    <DemoGrid>
      <DemoSection title={t('components.snackbar.variants')}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {VARIANTS.map((v) => (
            <Button key={v} variant="outlined" onClick={() => enqueueSnackbar(t(`components.snackbar.msg.${v}`), { variant: v })}>
              {t(`components.snackbar.kinds.${v}`)}
            </Button>
          ))}
        </Stack>
      </DemoSection>
      <DemoSection title={t('components.snackbar.positioned')}>
        <FormControl>
          <FormLabel id="snack-pos">{t('components.snackbar.position')}</FormLabel>
          <RadioGroup row aria-labelledby="snack-pos" value={position} onChange={(e) => setPosition(e.target.value as Position)}>
            {POSITIONS.map((p) => (
              <FormControlLabel key={p} value={p} control={<Radio />} label={t(`components.snackbar.positions.${p}`)} />
            ))}
          </RadioGroup>
        </FormControl>
        <Button
          variant="contained"
          sx={{ mt: 2, display: 'block' }}
          onClick={() => {
            setArchived(false)
            setOpen(true)
          }}
        >
          {t('components.snackbar.archive')}
        </Button>
        <Snackbar
          open={open}
          anchorOrigin={{ vertical, horizontal: physical }}
          autoHideDuration={5000}
          onClose={() => setOpen(false)}
          message={archived ? t('components.snackbar.restored') : t('components.snackbar.archived')}
          action={
            <>
              {!archived && (
                <Button color="secondary" size="small" onClick={() => setArchived(true)}>
                  {t('components.snackbar.undo')}
                </Button>
              )}
              <IconButton size="small" color="inherit" aria-label={t('common.close')} onClick={() => setOpen(false)}>
                <IconX size={16} />
              </IconButton>
            </>
          }
        />
      </DemoSection>
    </DemoGrid>
  )
}
