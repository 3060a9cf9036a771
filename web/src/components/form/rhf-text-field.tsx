import IconButton from '@mui/material/IconButton'
import InputAdornment from '@mui/material/InputAdornment'
import TextField, { type TextFieldProps } from '@mui/material/TextField'
import { IconEye, IconEyeOff } from '@tabler/icons-react'
import { useState } from 'react'
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form'
import { useTranslation } from 'react-i18next'

type Props<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & {
  name: Path<T>
  control: Control<T>
  /** Values passed to the translated error message, e.g. {max: 80}. */
  errorValues?: Record<string, unknown>
  /** i18n namespace of the client error messages; the app's by default. */
  messagesNs?: string
}

/**
 * TextField bound to react-hook-form. Client messages are i18n keys and get
 * translated; server messages arrive as text and are shown as they are.
 */
export function RhfTextField<T extends FieldValues>({ name, control, errorValues, messagesNs, helperText, ...rest }: Props<T>) {
  const { t } = useTranslation(messagesNs)
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          {...field}
          value={field.value ?? ''}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ? t(fieldState.error.message, { defaultValue: fieldState.error.message, ...errorValues }) : helperText}
        />
      )}
    />
  )
}

export function RhfPasswordField<T extends FieldValues>(props: Props<T>) {
  const { t } = useTranslation()
  const [shown, setShown] = useState(false)
  return (
    <RhfTextField
      {...props}
      type={shown ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={shown ? t('common.hidePassword') : t('common.showPassword')} onClick={() => setShown((s) => !s)} edge="end" size="small">
                {shown ? <IconEyeOff size={20} /> : <IconEye size={20} />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  )
}
