import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import LinearProgress from '@mui/material/LinearProgress'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { IconCloudUpload, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useDropzone } from 'react-dropzone'
import { useTranslation } from 'react-i18next'
import { isHttpUrl, queueFile, queueUrl, type QueuedImage } from '../image-queue'

interface Props {
  images: QueuedImage[]
  onAdd: (images: QueuedImage[]) => void
  onRemove: (image: QueuedImage) => void
  disabled?: boolean
}

export function ImagePicker({ images, onAdd, onRemove, disabled }: Props) {
  const { t } = useTranslation(['shell', 'listings'])
  const [url, setUrl] = useState('')
  const [urlError, setUrlError] = useState<string | null>(null)
  const [rejected, setRejected] = useState(false)
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    accept: { 'image/*': [] },
    noClick: true,
    noKeyboard: true,
    disabled,
    onDrop: (accepted, rejections) => {
      setRejected(rejections.length > 0)
      if (accepted.length) onAdd(accepted.map(queueFile))
    },
  })

  const addUrl = () => {
    const value = url.trim()
    if (!isHttpUrl(value)) {
      setUrlError(t('validation.url'))
      return
    }
    setUrlError(null)
    setUrl('')
    onAdd([queueUrl(value)])
  }

  return (
    <Stack spacing={2}>
      <Box
        {...getRootProps()}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: isDragActive ? 'primary.main' : 'divider',
          borderRadius: 2,
          p: { xs: 2, sm: 4 },
          textAlign: 'center',
          bgcolor: isDragActive ? 'action.hover' : 'transparent',
        }}
      >
        <input {...getInputProps()} aria-label={t('listings:listing.browse')} data-testid="image-input" />
        <IconCloudUpload size={40} aria-hidden />
        <Typography sx={{ my: 1 }}>{isDragActive ? t('listings:listing.dropzoneActive') : t('listings:listing.dropzone')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('common.or')}
        </Typography>
        <Button variant="outlined" onClick={open} disabled={disabled}>
          {t('listings:listing.browse')}
        </Button>
      </Box>
      {rejected && <Alert severity="warning">{t('validation.imageType')}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={t('listings:listing.imageUrl')}
          placeholder="https://"
          value={url}
          type="url"
          onChange={(e) => setUrl(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              addUrl()
            }
          }}
          error={!!urlError}
          helperText={urlError ?? undefined}
          disabled={disabled}
        />
        <Button variant="outlined" onClick={addUrl} disabled={disabled} sx={{ flexShrink: 0, minHeight: 40 }}>
          {t('listings:listing.addFromUrl')}
        </Button>
      </Stack>
      {images.length > 0 && (
        <Box component="ul" aria-label={t('listings:listing.images')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}>
          {images.map((img) => (
            <Box component="li" key={img.key} sx={{ border: 1, borderColor: img.status === 'error' ? 'error.main' : 'divider', borderRadius: 1.5, overflow: 'hidden' }}>
              <Box component="img" src={img.preview} alt={img.name} sx={{ width: '100%', height: 100, objectFit: 'cover', display: 'block', bgcolor: 'action.hover' }} />
              <Box sx={{ p: 1 }}>
                <Stack direction="row" sx={{ alignItems: 'center' }}>
                  <Typography variant="caption" noWrap sx={{ flexGrow: 1 }} title={img.name}>
                    {img.name}
                  </Typography>
                  <IconButton size="small" aria-label={t('listings:listing.remove', { name: img.name })} onClick={() => onRemove(img)} disabled={img.status === 'uploading'}>
                    <IconTrash size={16} />
                  </IconButton>
                </Stack>
                {img.status === 'uploading' && (
                  <LinearProgress variant="determinate" value={img.progress} aria-label={t('listings:listing.uploading', { name: img.name })} />
                )}
                {img.status === 'done' && <LinearProgress variant="determinate" value={100} color="success" aria-hidden />}
                {img.error && (
                  <Typography variant="caption" color="error" role="alert">
                    {img.error}
                  </Typography>
                )}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  )
}
