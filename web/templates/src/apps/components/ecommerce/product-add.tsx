import { zodResolver } from '@hookform/resolvers/zod'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CardHeader from '@mui/material/CardHeader'
import FormControlLabel from '@mui/material/FormControlLabel'
import Grid from '@mui/material/Grid'
import IconButton from '@mui/material/IconButton'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import MenuItem from '@mui/material/MenuItem'
import Snackbar from '@mui/material/Snackbar'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { IconCloudUpload, IconX } from '@tabler/icons-react'
import { useState } from 'react'
import { useDropzone } from 'react-dropzone'
import { Controller, useForm } from 'react-hook-form'
import { z } from 'zod'
import { useDemoT } from '../../hooks/use-demo-t'
import { PageHeader } from '../page-header'

const CATEGORIES = ['electronics', 'accessories', 'shoes', 'home', 'office', 'games'] as const

// Messages are i18n keys; the form translates them when showing an error.
const schema = z
  .object({
    name: z.string().trim().min(3, 'validation.min3'),
    sku: z.string().trim().regex(/^[A-Z0-9-]{4,}$/, 'validation.sku'),
    description: z.string().trim().min(20, 'validation.min20'),
    price: z.number({ message: 'validation.number' }).positive('validation.positive'),
    discounted: z.number({ message: 'validation.number' }).nonnegative('validation.positive').optional(),
    category: z.enum(CATEGORIES, { message: 'validation.required' }),
    status: z.enum(['published', 'scheduled', 'inactive']),
    inStock: z.boolean(),
    chargeTax: z.boolean(),
  })
  .refine((v) => v.discounted === undefined || v.discounted < v.price, { path: ['discounted'], message: 'validation.discountBelowPrice' })

type FormValues = z.infer<typeof schema>

export function ProductAdd() {
  const { t } = useDemoT()
  const [files, setFiles] = useState<File[]>([])
  const [saved, setSaved] = useState<string | null>(null)
  const { getRootProps, getInputProps, isDragActive } = useDropzone({ accept: { 'image/*': [] }, maxFiles: 5, onDrop: (accepted) => setFiles((f) => [...f, ...accepted].slice(0, 5)) })
  const { control, handleSubmit, reset, formState } = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', sku: '', description: '', price: Number.NaN, category: undefined, status: 'published', inStock: true, chargeTax: true },
  })
  const err = (m?: string) => (m ? t(m) : undefined)
  const onSubmit = handleSubmit((v) => {
    setSaved(v.name)
    reset()
    setFiles([])
  })
  const num = (v: string) => (v === '' ? undefined : Number(v))

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <PageHeader
        title={t('ecom.addProductTitle')}
        subtitle={t('ecom.addProductSubtitle')}
        actions={
          <>
            <Button variant="outlined" color="secondary" onClick={() => reset()}>
              {t('common.discard')}
            </Button>
            <Button type="submit" variant="contained">
              {t('ecom.publishProduct')}
            </Button>
          </>
        }
      />
      {Object.keys(formState.errors).length > 0 && (
        <Alert severity="error" sx={{ mb: 4 }}>
          {t('validation.fixErrors')}
        </Alert>
      )}
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card sx={{ mb: 4 }}>
            <CardHeader title={t('ecom.productInformation')} />
            <CardContent sx={{ display: 'grid', gap: 3 }}>
              <Controller name="name" control={control} render={({ field, fieldState }) => <TextField {...field} label={t('ecom.productName')} required error={!!fieldState.error} helperText={err(fieldState.error?.message)} />} />
              <Controller
                name="sku"
                control={control}
                render={({ field, fieldState }) => <TextField {...field} label={t('ecom.sku')} required error={!!fieldState.error} helperText={err(fieldState.error?.message) ?? t('ecom.skuHint')} />}
              />
              <Controller
                name="description"
                control={control}
                render={({ field, fieldState }) => <TextField {...field} multiline minRows={4} label={t('common.description')} required error={!!fieldState.error} helperText={err(fieldState.error?.message)} />}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader title={t('ecom.images')} />
            <CardContent>
              <Box
                {...getRootProps()}
                sx={{ border: 2, borderStyle: 'dashed', borderColor: isDragActive ? 'primary.main' : 'divider', borderRadius: 1, p: 5, textAlign: 'center', cursor: 'pointer' }}
              >
                <input {...getInputProps()} aria-label={t('ecom.uploadImages')} />
                <IconCloudUpload size={36} aria-hidden />
                <Typography>{t('ecom.dropImages')}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('ecom.maxImages')}
                </Typography>
              </Box>
              <List dense>
                {files.map((file, i) => (
                  <ListItem
                    key={`${file.name}-${i}`}
                    secondaryAction={
                      <IconButton aria-label={t('common.deleteItem', { name: file.name })} onClick={() => setFiles((fs) => fs.filter((_, j) => j !== i))}>
                        <IconX size={16} />
                      </IconButton>
                    }
                  >
                    <ListItemText primary={file.name} secondary={`${Math.ceil(file.size / 1024)} kB`} />
                  </ListItem>
                ))}
              </List>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card sx={{ mb: 4 }}>
            <CardHeader title={t('common.pricing')} />
            <CardContent sx={{ display: 'grid', gap: 3 }}>
              <Controller
                name="price"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    label={t('ecom.basePrice')}
                    type="number"
                    required
                    value={Number.isNaN(field.value) ? '' : field.value}
                    onChange={(e) => field.onChange(num(e.target.value) ?? Number.NaN)}
                    onBlur={field.onBlur}
                    error={!!fieldState.error}
                    helperText={err(fieldState.error?.message)}
                  />
                )}
              />
              <Controller
                name="discounted"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    label={t('ecom.discountedPrice')}
                    type="number"
                    value={field.value ?? ''}
                    onChange={(e) => field.onChange(num(e.target.value))}
                    onBlur={field.onBlur}
                    error={!!fieldState.error}
                    helperText={err(fieldState.error?.message)}
                  />
                )}
              />
              <Controller name="chargeTax" control={control} render={({ field }) => <FormControlLabel control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />} label={t('ecom.chargeTax')} />} />
              <Controller name="inStock" control={control} render={({ field }) => <FormControlLabel control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />} label={t('ecom.inStock')} />} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader title={t('ecom.organize')} />
            <CardContent sx={{ display: 'grid', gap: 3 }}>
              <Controller
                name="category"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField select label={t('common.category')} required value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value)} error={!!fieldState.error} helperText={err(fieldState.error?.message)}>
                    {CATEGORIES.map((c) => (
                      <MenuItem key={c} value={c}>
                        {t(`ecom.category.${c}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                name="status"
                control={control}
                render={({ field }) => (
                  <TextField select label={t('common.status')} {...field}>
                    {(['published', 'scheduled', 'inactive'] as const).map((s) => (
                      <MenuItem key={s} value={s}>
                        {t(`ecom.productStatus.${s}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <Snackbar open={saved !== null} autoHideDuration={4000} onClose={() => setSaved(null)} message={t('ecom.productSaved', { name: saved ?? '' })} />
    </Box>
  )
}
