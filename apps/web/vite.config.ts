import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server the dev server forwards to (`npm run dev:server` listens there). */
const apiTarget = 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  plugins: [react()],
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
