import IconButton from '@mui/material/IconButton'
import InputAdornment from '@mui/material/InputAdornment'
import TextField, { type TextFieldProps } from '@mui/material/TextField'
import { IconEye, IconEyeOff } from '@tabler/icons-react'
import { useState } from 'react'
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form'
import { useTranslation } from 'react-i18next'

type Props<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & { name: Path<T>; control: Control<T> }

/** Text field bound to react-hook-form; error messages are demo-ui keys. */
export function Field<T extends FieldValues>({ name, control, helperText, ...rest }: Props<T>) {
  const { t } = useTranslation('demo-ui')
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField {...rest} {...field} value={field.value ?? ''} inputRef={field.ref} fullWidth error={!!fieldState.error} helperText={fieldState.error?.message ? t(fieldState.error.message) : helperText} />
      )}
    />
  )
}

export function PasswordField<T extends FieldValues>(props: Props<T>) {
  const { t } = useTranslation('demo-ui')
  const [shown, setShown] = useState(false)
  return (
    <Field
      {...props}
      type={shown ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={shown ? t('forms.hidePassword') : t('forms.showPassword')} onClick={() => setShown((s) => !s)} edge="end" size="small">
                {shown ? <IconEyeOff size={20} /> : <IconEye size={20} />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  )
}
