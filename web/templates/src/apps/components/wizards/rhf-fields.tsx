import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import MenuItem from '@mui/material/MenuItem'
import Switch from '@mui/material/Switch'
import Checkbox from '@mui/material/Checkbox'
import TextField from '@mui/material/TextField'
import Box from '@mui/material/Box'
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { useDemoT } from '../../hooks/use-demo-t'

/** Text field bound to a form; zod messages are i18n keys. */
export function FormText<T extends FieldValues>(props: { control: Control<T>; name: FieldPath<T>; label: string; type?: string; required?: boolean; multiline?: boolean; select?: { value: string; label: string }[] }) {
  const { t } = useDemoT()
  return (
    <Controller
      name={props.name}
      control={props.control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(props.type === 'number' ? (e.target.value === '' ? undefined : Number(e.target.value)) : e.target.value)}
          label={props.label}
          type={props.type}
          required={props.required}
          multiline={props.multiline}
          minRows={props.multiline ? 3 : undefined}
          select={!!props.select}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ? t(fieldState.error.message) : undefined}
        >
          {props.select?.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  )
}

export function FormSwitch<T extends FieldValues>(props: { control: Control<T>; name: FieldPath<T>; label: string; checkbox?: boolean }) {
  const { t } = useDemoT()
  return (
    <Controller
      name={props.name}
      control={props.control}
      render={({ field, fieldState }) => {
        const input = props.checkbox ? <Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} /> : <Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />
        return (
          <Box>
            <FormControlLabel control={input} label={props.label} />
            {fieldState.error?.message && <FormHelperText error>{t(fieldState.error.message)}</FormHelperText>}
          </Box>
        )
      }}
    />
  )
}
