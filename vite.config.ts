import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = process.env.SOUK_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    react(),
    vanillaExtractPlugin(),
    VitePWA({
      // Our own service worker (src/workers/service-worker.ts) with workbox modules; the plugin injects
      // the precache manifest into it.
      strategies: 'injectManifest',
      srcDir: 'src/workers',
      filename: 'service-worker.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,json,woff2}'],
        // The manifest's screenshots are for the browser's install dialog only: not worth precaching.
        globIgnores: ['screenshots/**'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  worker: { format: 'es' },
  build: { outDir: 'dist', sourcemap: 'hidden', target: 'es2022' },
  server: { proxy: { '/api': apiTarget, '/media': apiTarget } },
});
