import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import Typography from '@mui/material/Typography'
import { IconFile, IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react'
import { useState, type ChangeEvent } from 'react'
import { useDropzone, type FileRejection } from 'react-dropzone'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'
import { intlLocale } from '../../apps/hooks/use-demo-t'

const MAX_BYTES = 2 * 1024 * 1024
const MAX_FILES = 5

function useSize() {
  const { i18n } = useTranslation()
  const nf = new Intl.NumberFormat(intlLocale(i18n.language), { maximumFractionDigits: 1 })
  return (b: number) => (b >= 1024 * 1024 ? `${nf.format(b / 1024 / 1024)} MB` : `${nf.format(b / 1024)} kB`)
}

export function FileInputDemos() {
  const { t } = useTranslation('demo-ui')
  const size = useSize()
  const [files, setFiles] = useState<File[]>([])
  const [rejections, setRejections] = useState<FileRejection[]>([])
  const [basic, setBasic] = useState<File[]>([])
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: { 'image/*': ['.png', '.jpg', '.jpeg', '.webp'] },
    maxSize: MAX_BYTES,
    maxFiles: MAX_FILES,
    onDrop: (accepted, rejected) => {
      setFiles((f) => [...f, ...accepted].slice(0, MAX_FILES))
      setRejections(rejected)
    },
  })
  const reason = (code: string) => (code === 'file-too-large' ? t('forms.files.tooLarge', { max: size(MAX_BYTES) }) : code === 'file-invalid-type' ? t('forms.files.wrongType') : code === 'too-many-files' ? t('forms.files.tooMany', { max: MAX_FILES }) : t('forms.files.rejected'))
  return (
    <DemoGrid>
      <DemoSection title={t('forms.files.dropzone')} subheader={t('forms.files.dropzoneHint', { max: size(MAX_BYTES), count: MAX_FILES })}>
        <Box
          {...getRootProps()}
          sx={{ border: 2, borderStyle: 'dashed', borderColor: isDragActive ? 'primary.main' : 'divider', borderRadius: 2, p: 4, textAlign: 'center', cursor: 'pointer', bgcolor: isDragActive ? 'action.hover' : 'transparent' }}
        >
          <input {...getInputProps()} aria-label={t('forms.files.chooseImages')} />
          <IconUpload size={36} aria-hidden />
          <Typography sx={{ mt: 1 }}>{isDragActive ? t('forms.files.dropNow') : t('forms.files.dragHere')}</Typography>
        </Box>
        <List dense aria-label={t('forms.files.accepted')}>
          {files.map((f, i) => (
            <ListItem
              key={`${f.name}-${i}`}
              secondaryAction={
                <IconButton edge="end" aria-label={t('forms.files.remove', { name: f.name })} onClick={() => setFiles((all) => all.filter((_, j) => j !== i))}>
                  <IconTrash size={18} />
                </IconButton>
              }
            >
              <ListItemIcon>
                <IconPhoto />
              </ListItemIcon>
              <ListItemText primary={f.name} secondary={size(f.size)} />
            </ListItem>
          ))}
        </List>
        {rejections.map((r) => (
          <Typography key={r.file.name} color="error" variant="body2" role="alert">
            {r.file.name}: {r.errors.map((e) => reason(e.code)).join(' ')}
          </Typography>
        ))}
        {files.length > 0 && (
          <Button size="small" color="error" onClick={() => setFiles([])}>
            {t('forms.files.removeAll')}
          </Button>
        )}
      </DemoSection>
      <DemoSection title={t('forms.files.basic')}>
        <Button component="label" variant="contained" startIcon={<IconUpload size={18} />}>
          {t('forms.files.choose')}
          <input hidden multiple type="file" onChange={(e: ChangeEvent<HTMLInputElement>) => setBasic(Array.from(e.target.files ?? []))} />
        </Button>
        <List dense>
          {basic.length === 0 ? (
            <ListItem>
              <ListItemText primary={t('forms.files.none')} />
            </ListItem>
          ) : (
            basic.map((f) => (
              <ListItem key={f.name}>
                <ListItemIcon>
                  <IconFile />
                </ListItemIcon>
                <ListItemText primary={f.name} secondary={size(f.size)} />
              </ListItem>
            ))
          )}
        </List>
      </DemoSection>
    </DemoGrid>
  )
}
