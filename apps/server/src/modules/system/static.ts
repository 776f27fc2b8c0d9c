import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { translate } from '@piazza/contract/messages/catalogue';
import { FailureCode } from '@piazza/contract/wire';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { pickLanguage } from '../../http/language';

/** The repository root: the nearest folder above this file that holds apps/web (sources and bundle alike). */
export function repoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'apps', 'web'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

/** Vite names what it builds under assets/ by content hash: such a file never changes, so it is kept a year. */
const immutable = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the service worker, the manifest, icons) is asked again before each use. */
const revalidate = 'no-cache';

function cacheHeaders(reply: FastifyReply, file: string): void {
  const hashed = path.basename(path.dirname(file)) === 'assets';
  reply.header('cache-control', hashed ? immutable : revalidate);
}

/**
 * Serves the built web app at / and the back office at /admin/, with history-mode fallback: a GET that
 * accepts HTML outside the API gets the app's index.html. Anything else unknown is a 404 in the envelope.
 */
export async function registerWebApps(
  app: FastifyInstance,
  opts: { serveApps: boolean; dists?: { web: string; admin: string } },
): Promise<void> {
  const root = repoRoot();
  const webDist = opts.dists?.web ?? path.join(root, 'apps', 'web', 'dist');
  const adminDist = opts.dists?.admin ?? path.join(root, 'apps', 'admin', 'dist');
  const serveWeb = opts.serveApps && existsSync(path.join(webDist, 'index.html'));
  const serveAdmin = opts.serveApps && existsSync(path.join(adminDist, 'index.html'));
  // Brotli/gzip copies made at build time (scripts/precompress.mjs) are sent by Accept-Encoding; caching by
  // whether the file's name carries its content hash (decision 060).
  const common = {
    wildcard: false,
    // A list: with preCompressed, @fastify/static finds the index of '/' only from an array.
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: cacheHeaders,
  };

  if (serveWeb) {
    await app.register(fastifyStatic, { ...common, root: webDist, prefix: '/' });
  }
  if (serveAdmin) {
    await app.register(fastifyStatic, {
      ...common,
      root: adminDist,
      prefix: '/admin/',
      decorateReply: !serveWeb,
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const wantsHtml = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
    if (wantsHtml && !url.startsWith('/ipcg-api')) {
      if (serveAdmin && (url === '/admin' || url.startsWith('/admin/'))) {
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', revalidate)
          .sendFile('index.html', adminDist);
      }
      if (serveWeb) {
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', revalidate)
          .sendFile('index.html', webDist);
      }
    }
    const lang = pickLanguage(req.headers['accept-language']);
    return reply
      .status(404)
      .send({ code: FailureCode.notFound, msg: translate(lang, 'wire.notFound'), data: null });
  });
}
