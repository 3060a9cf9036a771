import MenuItem from '@mui/material/MenuItem'
import TextField, { type TextFieldProps } from '@mui/material/TextField'
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form'
import { useTranslation } from 'react-i18next'

type Props<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & {
  name: Path<T>
  control: Control<T>
  options?: string[]
  numeric?: boolean
}

/** TextField (or select when `options` is given) bound to react-hook-form; errors are demo-ui keys. */
export function RhfField<T extends FieldValues>({ name, control, options, numeric, helperText, ...rest }: Props<T>) {
  const { t } = useTranslation('demo-ui')
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          name={field.name}
          onBlur={field.onBlur}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(numeric ? (e.target.value === '' ? undefined : Number(e.target.value)) : e.target.value)}
          select={!!options}
          fullWidth
          error={!!fieldState.error}
          helperText={fieldState.error?.message ? t(fieldState.error.message) : helperText}
        >
          {options?.map((o) => (
            <MenuItem key={o} value={o}>
              {o}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  )
}
