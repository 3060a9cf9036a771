import Box from '@mui/material/Box'

/** The product mark on a tile in the site's primary colour (the favicon's shape, themed per site). */
export function LogoTile({ size = 32 }: { size?: number }) {
  return (
    <Box component="svg" viewBox="0 0 32 32" aria-hidden sx={{ width: size, height: size, flexShrink: 0, color: 'primary.main' }}>
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path
        d="M9 21c1.5 1.6 4 2.4 6.6 2.4 3.3 0 5.4-1.5 5.4-3.8 0-2.4-2-3.2-5-3.9-2.4-.6-3.4-1-3.4-2 0-.9 1-1.6 2.7-1.6 1.6 0 3 .5 4.2 1.4l1.4-2.2c-1.5-1.1-3.4-1.7-5.5-1.7-3.3 0-5.6 1.7-5.6 4.2 0 2.6 2.1 3.4 5 4.1 2.4.6 3.4 1 3.4 2 0 1-1.1 1.7-2.8 1.7-2 0-3.8-.7-5-1.9z"
        fill="#fff"
      />
    </Box>
  )
}
