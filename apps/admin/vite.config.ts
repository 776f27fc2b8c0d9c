import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server the dev server forwards to (`npm run dev:server` listens there). */
const apiTarget = 'http://127.0.0.1:8080';

/*
 * react-router publishes only its development build under its package exports; a production build takes the
 * production one from dist/production, as the web app's does (decision 068).
 */
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
];

// The server serves this build at /admin/, so every asset URL carries that base.
export default defineConfig(({ command }) => ({
  base: '/admin/',
  plugins: [react()],
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
    port: 5174,
    proxy: { '/ipcg-api': { target: apiTarget, changeOrigin: true } },
  },
}));
