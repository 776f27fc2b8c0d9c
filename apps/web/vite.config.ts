import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { serviceWorker } from './src/service-worker/build-plugin';

/** The API server the dev server forwards to (`npm run dev:server` listens there). */
const apiTarget = 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  // The service worker (dist/sw.js) is built with the app from src/service-worker (decision 040).
  plugins: [react(), serviceWorker()],
  // Every import of zod gets it without eval, as the Content-Security-Policy requires (decision 031).
  resolve: {
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(
          new URL('../../packages/contract/src/zod-without-eval.ts', import.meta.url),
        ),
      },
    ],
  },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: {
    proxy: {
      '/ipcg-api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
});
