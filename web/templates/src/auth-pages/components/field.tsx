import type { TextFieldProps } from '@mui/material/TextField'
import type { Control, FieldValues, Path } from 'react-hook-form'
import { RhfPasswordField, RhfTextField } from '@/components/form/rhf-text-field'

type Props<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & { name: Path<T>; control: Control<T> }

/** Full-width text field bound to react-hook-form; error messages are demo-ui keys. */
export function Field<T extends FieldValues>(props: Props<T>) {
  return <RhfTextField messagesNs="demo-ui" fullWidth {...props} />
}

/** Password field with a show/hide toggle; error messages are demo-ui keys. */
export function PasswordField<T extends FieldValues>(props: Props<T>) {
  return <RhfPasswordField messagesNs="demo-ui" fullWidth {...props} />
}
