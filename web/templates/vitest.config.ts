import { fileURLToPath, URL } from 'node:url'
import { defineConfig } from 'vitest/config'

// The kit's pages build on the app's shared code (`@/` is web/src) and its
// tests on the app's test set-up.
export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('../src', import.meta.url)) },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['../src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Page tests render full MUI trees in jsdom, which is slow on a busy machine.
    testTimeout: 20_000,
  },
})
