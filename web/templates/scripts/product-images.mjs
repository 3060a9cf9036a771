// Draws the demo shop's product pictures as small SVG files (a few hundred
// bytes each) into src/apps/assets/products/. The pictures are
// flat illustrations: a tinted backdrop and the object's outline, no text,
// so they suit every language. Run after changing the table:
//   node web/scripts/product-images.mjs
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const out = join(dirname(fileURLToPath(import.meta.url)), '../src/apps/assets/products')

// Each drawing gets the product's colour (c) and a darker shade of it (d).
const KINDS = {
  phone: (c, d) => `<rect x="38" y="14" width="44" height="92" rx="9" fill="${d}"/><rect x="42" y="22" width="36" height="76" rx="4" fill="${c}"/><circle cx="60" cy="18" r="1.6" fill="#fff"/><path d="M42 70 Q60 52 78 66 V98 H42Z" fill="#fff" opacity=".25"/>`,
  reader: (c, d) => `<rect x="30" y="14" width="60" height="92" rx="7" fill="${d}"/><rect x="36" y="20" width="48" height="72" rx="2" fill="#f4f1ea"/>${[30, 38, 46, 54, 62, 70, 78].map((y) => `<rect x="41" y="${y}" width="${y % 16 ? 38 : 30}" height="3" rx="1.5" fill="#9a9488"/>`).join('')}<rect x="52" y="96" width="16" height="4" rx="2" fill="${c}"/>`,
  headphones: (c, d) => `<path d="M30 72 V60 a30 30 0 0 1 60 0 V72" fill="none" stroke="${d}" stroke-width="8" stroke-linecap="round"/><rect x="22" y="62" width="20" height="34" rx="8" fill="${c}"/><rect x="78" y="62" width="20" height="34" rx="8" fill="${c}"/>`,
  earbuds: (c, d) => `<rect x="30" y="40" width="60" height="50" rx="22" fill="#fff" stroke="${d}" stroke-width="3"/><path d="M30 58 H90" stroke="${d}" stroke-width="2"/><circle cx="60" cy="74" r="3" fill="${c}"/>`,
  watch: (c, d) => `<rect x="46" y="8" width="28" height="104" rx="8" fill="${c}"/><rect x="36" y="34" width="48" height="54" rx="12" fill="${d}"/><rect x="41" y="39" width="38" height="44" rx="8" fill="#111"/><path d="M60 50 V61 L68 66" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/><rect x="84" y="50" width="4" height="10" rx="2" fill="${d}"/>`,
  shoe: (c, d) => `<path d="M14 80 C14 66 24 60 34 56 L54 44 C60 54 70 60 86 62 C98 64 106 70 106 80 Z" fill="${c}"/><path d="M12 80 H108 V88 a4 4 0 0 1 -4 4 H16 a4 4 0 0 1 -4 -4Z" fill="#fff" stroke="${d}" stroke-width="2"/><path d="M46 52 L56 60 M52 48 L62 56 M58 46 L66 53" stroke="#fff" stroke-width="3" stroke-linecap="round"/><path d="M66 66 C78 72 92 70 100 74" stroke="${d}" stroke-width="3" fill="none"/>`,
  speaker: (c, d) => `<ellipse cx="60" cy="78" rx="40" ry="14" fill="${d}"/><path d="M20 62 V78 a40 14 0 0 0 80 0 V62Z" fill="${d}"/><ellipse cx="60" cy="62" rx="40" ry="14" fill="${c}"/><ellipse cx="60" cy="62" rx="30" ry="9" fill="none" stroke="#7fd3ff" stroke-width="3"/>`,
  kettle: (c, d) => `<path d="M36 40 H78 L86 98 H28Z" fill="${c}"/><path d="M78 48 C96 48 98 80 84 84" fill="none" stroke="${d}" stroke-width="7"/><path d="M36 48 L20 36" stroke="${c}" stroke-width="7" stroke-linecap="round"/><rect x="44" y="30" width="26" height="10" rx="4" fill="${d}"/><rect x="24" y="98" width="66" height="8" rx="3" fill="${d}"/>`,
  vacuum: (c, d) => `<circle cx="60" cy="62" r="44" fill="${d}"/><circle cx="60" cy="62" r="38" fill="${c}"/><circle cx="60" cy="40" r="9" fill="${d}"/><rect x="40" y="70" width="40" height="6" rx="3" fill="#fff" opacity=".6"/>`,
  mouse: (c, d) => `<path d="M60 16 C84 16 92 40 92 66 C92 92 78 106 60 106 C42 106 28 92 28 66 C28 40 36 16 60 16Z" fill="${c}"/><path d="M60 16 V50 M28 50 H92" stroke="${d}" stroke-width="3"/><rect x="56" y="26" width="8" height="16" rx="4" fill="${d}"/>`,
  chair: (c, d) => `<rect x="36" y="12" width="48" height="52" rx="14" fill="${c}"/><rect x="28" y="62" width="64" height="14" rx="7" fill="${d}"/><rect x="57" y="76" width="6" height="18" fill="#555"/><path d="M32 106 L60 94 L88 106 M60 94 V108" stroke="#555" stroke-width="5" stroke-linecap="round"/>`,
  desk: (c, d) => `<rect x="12" y="40" width="96" height="10" rx="3" fill="${c}"/><rect x="24" y="50" width="8" height="50" fill="${d}"/><rect x="88" y="50" width="8" height="50" fill="${d}"/><rect x="16" y="98" width="24" height="6" rx="3" fill="${d}"/><rect x="80" y="98" width="24" height="6" rx="3" fill="${d}"/><rect x="30" y="70" width="60" height="5" rx="2" fill="${d}"/>`,
  gamepad: (c, d) => `<path d="M30 44 H90 C104 44 112 70 110 88 C108 100 96 100 88 90 L80 80 H40 L32 90 C24 100 12 100 10 88 C8 70 16 44 30 44Z" fill="${c}"/><path d="M34 56 V72 M26 64 H42" stroke="${d}" stroke-width="5" stroke-linecap="round"/><circle cx="80" cy="58" r="4" fill="${d}"/><circle cx="90" cy="66" r="4" fill="${d}"/><circle cx="50" cy="74" r="5" fill="${d}"/><circle cx="70" cy="74" r="5" fill="${d}"/>`,
  handheld: (c, d) => `<rect x="8" y="36" width="104" height="52" rx="14" fill="${d}"/><rect x="30" y="40" width="60" height="44" rx="3" fill="#1c2333"/><path d="M34 76 Q60 52 86 70 V80 H34Z" fill="${c}" opacity=".8"/><circle cx="19" cy="54" r="5" fill="${c}"/><circle cx="101" cy="70" r="5" fill="${c}"/><path d="M19 68 V78 M14 73 H24" stroke="${c}" stroke-width="3"/>`,
  puck: (c, d) => `<circle cx="52" cy="60" r="30" fill="${c}"/><circle cx="52" cy="60" r="12" fill="${d}"/><path d="M80 66 C96 72 100 86 108 102" stroke="${d}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
  backpack: (c, d) => `<rect x="30" y="26" width="60" height="80" rx="18" fill="${c}"/><path d="M46 26 a14 12 0 0 1 28 0" fill="none" stroke="${d}" stroke-width="5"/><rect x="38" y="64" width="44" height="30" rx="7" fill="${d}"/><rect x="50" y="70" width="20" height="4" rx="2" fill="#fff" opacity=".7"/>`,
  pourover: (c, d) => `<path d="M30 28 H90 L70 60 H50Z" fill="${c}"/><rect x="40" y="60" width="40" height="6" rx="3" fill="${d}"/><path d="M38 66 H82 L78 104 H42Z" fill="#fff" stroke="${d}" stroke-width="3"/><path d="M50 86 Q60 80 70 86 V100 H50Z" fill="#6b4226"/>`,
}

// slug, kind, colour: the demo shop's catalogue (see src/apps/data/ecommerce.ts).
const PRODUCTS = [
  ['iphone-15-pro', 'phone', '#8a8d93'],
  ['galaxy-s24', 'phone', '#7367f0'],
  ['air-jordan-1-mid', 'shoe', '#ea5455'],
  ['ultraboost-light', 'shoe', '#00bad1'],
  ['studio-pro-headphones', 'headphones', '#ff4c51'],
  ['mx-master-3s', 'mouse', '#5a5f6a'],
  ['echo-dot-5th-gen', 'speaker', '#4b5563'],
  ['nintendo-switch-oled', 'handheld', '#e4002b'],
  ['playstation-5-slim', 'gamepad', '#2563eb'],
  ['ergo-office-chair', 'chair', '#374151'],
  ['smart-kettle', 'kettle', '#10b981'],
  ['apple-watch-series-9', 'watch', '#f59e0b'],
  ['kindle-paperwhite', 'reader', '#1f2937'],
  ['gel-kayano-30', 'shoe', '#28c76f'],
  ['robot-vacuum-s8', 'vacuum', '#9ca3af'],
  ['standing-desk-frame', 'desk', '#a16207'],
  ['steam-deck-oled', 'handheld', '#4338ca'],
  ['airpods-pro-2', 'earbuds', '#0ea5e9'],
  ['pixel-8', 'phone', '#16a34a'],
  ['old-skool', 'shoe', '#111827'],
  ['google-chromecast-4k', 'puck', '#e5e7eb'],
  ['canvas-backpack-22l', 'backpack', '#b45309'],
  ['ceramic-pour-over-set', 'pourover', '#d6d3d1'],
]

/** The colour mixed toward black (k < 0) or white (k > 0). */
function shade(hex, k) {
  const n = Number.parseInt(hex.slice(1), 16)
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => Math.round(k < 0 ? v * (1 + k) : v + (255 - v) * k))
  return `#${ch.map((v) => v.toString(16).padStart(2, '0')).join('')}`
}

mkdirSync(out, { recursive: true })
for (const f of readdirSync(out)) if (f.endsWith('.svg')) rmSync(join(out, f))
for (const [slug, kind, colour] of PRODUCTS) {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120">` +
    `<rect width="120" height="120" rx="16" fill="${shade(colour, 0.86)}"/>` +
    `<ellipse cx="60" cy="108" rx="42" ry="5" fill="${shade(colour, -0.5)}" opacity=".15"/>` +
    KINDS[kind](colour, shade(colour, -0.35)) +
    `</svg>\n`
  writeFileSync(join(out, `${slug}.svg`), svg)
}
console.log(`${PRODUCTS.length} product pictures in ${out}`)
