import { useTheme } from '@mui/material/styles'

/** Tiny inline trend line; decorative, the figure next to it carries the meaning. */
export function Sparkline({ data, color, width = 120, height = 40 }: { data: number[]; color?: string; width?: number; height?: number }) {
  const theme = useTheme()
  const max = Math.max(...data)
  const min = Math.min(...data)
  const step = width / Math.max(1, data.length - 1)
  const points = data.map((v, i) => `${(i * step).toFixed(1)},${(height - ((v - min) / (max - min || 1)) * (height - 4) - 2).toFixed(1)}`).join(' ')
  return (
    <svg width={width} height={height} aria-hidden style={{ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined }}>
      <polyline points={points} fill="none" stroke={color ?? theme.palette.primary.main} strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}
