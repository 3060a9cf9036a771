import { readFile, readdir, stat, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath, URL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin, type Rollup } from 'vite'

const api = 'http://127.0.0.1:7880'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

/** The entry chunk (and what index.html preloads with it) must stay below this, gzip-compressed. */
const ENTRY_GZIP_BUDGET = 200 * 1024
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|html)$/
/** Below this size a compressed copy saves less than its headers cost. */
const MIN_SIZE = 1024

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
}

/**
 * Writes file.br and file.gz beside every text asset of the build, so the
 * server can send them as they are when the browser accepts the encoding.
 * A copy is kept only when it saves at least a tenth. It then checks the
 * entry chunk against its size budget and fails the build when it is over,
 * and prints what the product and the template kit each weigh.
 */
function precompress(): Plugin {
  let outDir = 'dist'
  let kitShare = new Map<string, number>()
  return {
    name: 'souk-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    generateBundle(_options, bundle) {
      kitShare = templateKitShare(this, bundle)
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f))
      const gzipSizes = new Map<string, number>()
      const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`
      await Promise.all(
        files.map(async (file) => {
          const raw = await readFile(file)
          if (raw.length < MIN_SIZE) return
          const [br, gzipped] = await Promise.all([
            brotli(raw, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: 11,
                [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
              },
            }),
            gz(raw, { level: 9 }),
          ])
          gzipSizes.set(relative(outDir, file), gzipped.length)
          if (br.length <= raw.length * 0.9) await writeFile(`${file}.br`, br)
          if (gzipped.length <= raw.length * 0.9) await writeFile(`${file}.gz`, gzipped)
        }),
      )
      const totals = { product: { raw: 0, gzip: 0, files: 0 }, kit: { raw: 0, gzip: 0, files: 0 } }
      for (const file of await filesUnder(outDir)) {
        if (/\.(?:br|gz)$/.test(file)) continue
        const name = relative(outDir, file)
        const raw = (await stat(file)).size
        const gzipped = gzipSizes.get(name) ?? raw
        const share = kitShare.get(name) ?? 0
        totals.kit.raw += raw * share
        totals.kit.gzip += gzipped * share
        totals.product.raw += raw * (1 - share)
        totals.product.gzip += gzipped * (1 - share)
        if (share >= 0.5) totals.kit.files++
        else totals.product.files++
      }
      const size = (t: { raw: number; gzip: number; files: number }) => `${kB(t.raw)} (${kB(t.gzip)} gzip) in ${t.files} files`
      console.log(`bundle sizes: product ${size(totals.product)}; template kit ${size(totals.kit)}`)
      const html = await readFile(join(outDir, 'index.html'), 'utf8')
      const entry = /<script type="module"[^>]*\ssrc="\/([^"]+)"/.exec(html)?.[1]
      if (!entry) throw new Error('precompress: no entry script in index.html')
      const entryGzip = gzipSizes.get(entry) ?? (await stat(join(outDir, entry))).size
      console.log(`entry chunk ${entry}: ${kB(entryGzip)} gzip (budget ${kB(ENTRY_GZIP_BUDGET)})`)
      if (entryGzip > ENTRY_GZIP_BUDGET) {
        throw new Error(`the entry chunk ${entry} is ${kB(entryGzip)} gzip, over the budget of ${kB(ENTRY_GZIP_BUDGET)}`)
      }
    },
  }
}

const TEMPLATE_KIT = fileURLToPath(new URL('./templates/', import.meta.url))

/**
 * The template kit's share (0 to 1) of each output file. The product is what
 * the entry reaches without passing through a module of the kit; the kit is
 * what its own modules reach beyond that (its pages, translations, pictures
 * and the libraries only they use). A file holding both is split by the modules' rendered
 * lengths; an asset goes with the chunks that import it.
 */
function templateKitShare(ctx: Rollup.PluginContext, bundle: Rollup.OutputBundle): Map<string, number> {
  /** Every module reachable from `roots` through static and dynamic imports, never entering `stop`. */
  const reach = (roots: string[], stop: (id: string) => boolean) => {
    const seen = new Set<string>()
    const queue = [...roots]
    while (queue.length) {
      const id = queue.pop()!
      if (seen.has(id) || stop(id)) continue
      seen.add(id)
      const info = ctx.getModuleInfo(id)
      if (info) queue.push(...info.importedIds, ...info.dynamicallyImportedIds)
    }
    return seen
  }
  const ids = [...ctx.getModuleIds()]
  const product = reach(
    ids.filter((id) => ctx.getModuleInfo(id)?.isEntry),
    (id) => id.startsWith(TEMPLATE_KIT),
  )
  const kit = reach(
    ids.filter((id) => id.startsWith(TEMPLATE_KIT)),
    (id) => product.has(id),
  )
  const share = new Map<string, number>()
  const assetShares = new Map<string, number[]>()
  for (const out of Object.values(bundle)) {
    if (out.type !== 'chunk') continue
    let kitLength = 0
    let all = 0
    for (const [id, m] of Object.entries(out.modules)) {
      all += m.renderedLength
      if (kit.has(id)) kitLength += m.renderedLength
    }
    const s = all === 0 ? (out.facadeModuleId && kit.has(out.facadeModuleId) ? 1 : 0) : kitLength / all
    share.set(out.fileName, s)
    for (const a of [...(out.viteMetadata?.importedAssets ?? []), ...(out.viteMetadata?.importedCss ?? [])]) {
      assetShares.set(a, [...(assetShares.get(a) ?? []), s])
    }
  }
  for (const [asset, shares] of assetShares) share.set(asset, Math.min(...shares))
  return share
}

/**
 * Ships the API reference viewer (Scalar's self-contained browser build)
 * with the app, so /api/docs works offline and needs no CDN. The version
 * in the file name keeps it cacheable for good; the server finds it by
 * the name's prefix (platform/httpapi/docs.go).
 */
function apiReference(): Plugin {
  return {
    name: 'souk-api-reference',
    apply: 'build',
    async generateBundle() {
      const entry = createRequire(import.meta.url).resolve('@scalar/api-reference')
      const dir = resolve(dirname(entry), '..')
      const pkg: unknown = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'))
      const version = typeof pkg === 'object' && pkg !== null && 'version' in pkg ? String(pkg.version) : 'unknown'
      this.emitFile({
        type: 'asset',
        fileName: `assets/scalar-api-reference-${version}.js`,
        source: await readFile(join(dir, 'dist/browser/standalone.js')),
      })
    },
  }
}

export default defineConfig({
  plugins: [react(), apiReference(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/token': { target: api, changeOrigin: false },
      '/media': { target: api, changeOrigin: false },
      '/rtc': { target: api, ws: true, changeOrigin: false },
      '/socket.io': { target: api, ws: true, changeOrigin: false },
    },
  },
  // The server replaces this with each response's CSP nonce (see
  // platform/httpapi/headers.go); the app reads it for its style elements.
  html: { cspNonce: 'SOUK_CSP_NONCE' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The LiveKit chunk is large by nature; it loads only on call screens.
    chunkSizeWarningLimit: 800,
  },
})
