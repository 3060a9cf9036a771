import Box from '@mui/material/Box'
import { productImage } from '../../data/product-images'

/** A product's picture beside its name: decorative, the name says what it is. */
export function ProductThumb({ name, size = 38 }: { name: string; size?: number }) {
  return <Box component="img" src={productImage(name)} alt="" loading="lazy" width={size} height={size} sx={{ borderRadius: 1.5, flexShrink: 0, display: 'block' }} />
}
