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

/*
 * Fewer, larger chunks (decision 068, amendment): left to itself the bundler made a chunk of every module two
 * pages share, so the home needed about 120 scripts and styles, about 50 of them under 1.5 kB (an icon, a hook
 * of 45 bytes), and a phone on HTTP/1.1 fetches six at a time, a round trip each wave. Groups instead:
 * everything the entry imports statically is one script beside it; the libraries the pages use (antd-mobile's
 * components and icons, react-query, zod, the animation library) are one chunk, fetched once and cached for
 * good; the app's own shared code (the contract's calls, the shared hooks and widgets) is one chunk. The chart
 * library stays a chunk of its own, fetched by the K-line panel after the page has painted, and pages stay
 * chunks of their own.
 */
const chartLibrary = /[\\/]node_modules[\\/](lightweight-charts|fancy-canvas)[\\/]/;
/** Libraries one page uses, left to that page: the chart (K-line pages) and the QR code (the download pages). */
const ownChunk =
  /[\\/]node_modules[\\/](lightweight-charts|fancy-canvas|qrcode|pngjs|dijkstrajs|encode-utf8)[\\/]/;
const entryModule = /[\\/]src[\\/]main\.tsx$/;
const nodeModules = /[\\/]node_modules[\\/]/;
const sharedAppCode = /[\\/](packages[\\/](contract|core)[\\/]src|apps[\\/]web[\\/]src[\\/]shared)[\\/]/;
const codeSplitting = {
  groups: [
    // The entry module itself stays the entry chunk: captured here, it would leave an empty entry file behind
    // that index.html no longer names but the service worker's list would (and fail to install on its 404).
    {
      name: 'shell',
      tags: ['$initial' as const],
      test: (id: string) => !entryModule.test(id),
      priority: 4,
      includeDependenciesRecursively: false,
    },
    { name: 'kline-chart', test: chartLibrary, priority: 3 },
    { name: 'libs', test: (id: string) => nodeModules.test(id) && !ownChunk.test(id), priority: 2 },
    { name: 'common', test: sharedAppCode, minShareCount: 2, priority: 1 },
  ],
};

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
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: { output: { codeSplitting } },
  },
  server: {
    proxy: {
      '/ipcg-api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
}));
