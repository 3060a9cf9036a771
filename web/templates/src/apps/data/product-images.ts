// The demo shop's product pictures: small SVG files drawn by
// web/scripts/product-images.mjs, shipped as their own hashed files
// (`no-inline` keeps them out of the JavaScript).
const urls = import.meta.glob<string>('../assets/products/*.svg', { query: '?no-inline', import: 'default', eager: true })

/** File name of a product's picture, from its name: "Echo Dot (5th gen)" → "echo-dot-5th-gen". */
export function productSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** URL of a product's picture; every product of the demo data has one. */
export function productImage(name: string): string {
  const url = urls[`../assets/products/${productSlug(name)}.svg`]
  if (!url) throw new Error(`no picture for the demo product "${name}"`)
  return url
}
