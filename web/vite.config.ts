import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const api = 'http://127.0.0.1:7880'

export default defineConfig({
  plugins: [react()],
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
