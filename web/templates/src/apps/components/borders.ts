import type { Theme } from '@mui/material/styles'

// MUI's border shorthands have no logical (start/end) variant, so side
// borders that must flip in right-to-left layouts are written out here.
const line = (t: Theme) => `1px solid ${(t.vars ?? t).palette.divider}`

/** A divider on the end side of a sidebar. */
export const endBorder = (t: Theme) => ({ borderInlineEnd: line(t) })

/** Below the panel on phones, on its end side from the md breakpoint. */
export const panelBorder = (t: Theme) => ({ borderBottom: line(t), [t.breakpoints.up('md')]: { borderBottom: 'none', borderInlineEnd: line(t) } })
