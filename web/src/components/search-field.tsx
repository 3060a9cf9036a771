import InputAdornment from '@mui/material/InputAdornment'
import TextField from '@mui/material/TextField'
import { IconSearch } from '@tabler/icons-react'

export function SearchField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <TextField
      type="search"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <IconSearch size={18} aria-hidden />
            </InputAdornment>
          ),
        },
      }}
      sx={{ maxWidth: { sm: 360 } }}
    />
  )
}
