import type { Components, Theme } from '@mui/material/styles'
import type { Skin } from '@/config/theme-config'
import { appBarOverrides } from './app-bar'
import { buttonOverrides } from './button'
import { cardOverrides } from './card'
import { snackbarOverrides } from './snackbar'
import { textFieldOverrides } from './text-field'

export function componentOverrides(skin: Skin): Components<Theme> {
  return {
    ...buttonOverrides(),
    ...cardOverrides(skin),
    ...textFieldOverrides(),
    ...appBarOverrides(),
    ...snackbarOverrides(),
  }
}
