import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/** The public files the shell needs besides the build's own (apps/web/public). */
const publicShell = ['/manifest.webmanifest', '/icon.svg', '/icon-192.png', '/icon-512.png'];

/**
 * Builds sw.ts into dist/sw.js at the end of `vite build` (decision 040): the shell's list is every file of
 * the bundle just made under assets/ (hashed names) and the public icons and manifest, and the cache's version
 * is a hash of that list, so each build that changes the shell replaces the cache. No runtime download: the
 * worker is our own code, bundled by esbuild.
 */
export function serviceWorker(): Plugin {
  return {
    name: 'piazza-service-worker',
    apply: 'build',
    async generateBundle(_options, bundle) {
      // Every script and style of the build, each page's chunk too: any page of the app opens offline.
      const built = Object.keys(bundle)
        .filter((name) => name.startsWith('assets/'))
        .map((name) => `/${name}`);
      const list = [...built.sort(), ...publicShell];
      const version = createHash('sha256').update(list.join('\n')).digest('hex').slice(0, 16);
      const out = await build({
        entryPoints: [fileURLToPath(new URL('./sw.ts', import.meta.url))],
        bundle: true,
        write: false,
        format: 'iife',
        target: 'es2022',
        minify: true,
        define: { __PIAZZA_SHELL__: JSON.stringify(list), __PIAZZA_VERSION__: JSON.stringify(version) },
      });
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: out.outputFiles[0]?.text ?? '' });
    },
  };
}
