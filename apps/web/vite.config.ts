import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { shellTexts } from './src/i18n/shell-texts-plugin';
import { serviceWorker } from './src/service-worker/build-plugin';

/** The API server the dev server forwards to (`npm run dev:server` listens there). */
const apiTarget = 'http://127.0.0.1:8080';

/*
 * react-router publishes only its development build under its package exports (its warnings and development
 * checks); a production build takes the production one from dist/production (decision 068).
 */
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  base: '/',
  // The service worker (dist/sw.js) is built with the app from src/service-worker (decision 040).
  // The shell's few texts come with the first download, picked from the catalogues at build (decision 068).
  plugins: [react(), shellTexts(), serviceWorker()],
  // Every import of zod gets it without eval, as the Content-Security-Policy requires (decision 031).
  resolve: {
    alias: [
      ...(command === 'build' ? reactRouterProduction : []),
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
}));
