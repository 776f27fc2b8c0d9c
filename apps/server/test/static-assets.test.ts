import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApps } from '../src/modules/system';

/*
 * The built apps as a browser gets them (issue 18): a hashed bundle compressed by what the browser accepts and
 * kept a year; index.html and the service worker asked again before each use, on a direct hit and on a deep link.
 */
let dir: string;
let app: FastifyInstance;
const bundle = `console.log(${JSON.stringify('piazza '.repeat(400))});`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'piazza-static-'));
  for (const name of ['web', 'admin']) {
    const dist = path.join(dir, name);
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    const html = `<!doctype html><title>${name}</title><!-- ${'shell '.repeat(300)} -->`;
    await writeFile(path.join(dist, 'index.html'), html);
    await writeFile(path.join(dist, 'index.html.br'), brotliCompressSync(html));
    await writeFile(path.join(dist, 'index.html.gz'), gzipSync(html));
    await writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    const file = path.join(dist, 'assets', 'index-Bx12cd34.js');
    await writeFile(file, bundle);
    await writeFile(`${file}.br`, brotliCompressSync(bundle));
    await writeFile(`${file}.gz`, gzipSync(bundle));
  }
  app = Fastify();
  await registerWebApps(app, {
    serveApps: true,
    dists: { web: path.join(dir, 'web'), admin: path.join(dir, 'admin') },
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the built apps', () => {
  it('sends a hashed bundle as brotli to a browser that accepts it, kept for a year', async () => {
    const res = await app.inject({
      url: '/assets/index-Bx12cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(bundle);
    expect(res.rawPayload.length).toBeLessThan(bundle.length / 10);
  });

  it('falls back to gzip, then to the plain file, by what the browser accepts', async () => {
    const gz = await app.inject({ url: '/assets/index-Bx12cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({
      url: '/assets/index-Bx12cd34.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundle);
  });

  it('asks again for index.html and the service worker, directly and on a deep link', async () => {
    const index = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(index.headers['cache-control']).toBe('no-cache');
    const sw = await app.inject({ url: '/sw.js' });
    expect(sw.headers['cache-control']).toBe('no-cache');
    const deep = await app.inject({ url: '/pages/user/assets', headers: { accept: 'text/html' } });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<title>web</title>');
    expect(deep.headers['cache-control']).toBe('no-cache');
    const admin = await app.inject({ url: '/admin/users', headers: { accept: 'text/html' } });
    expect(admin.body).toContain('<title>admin</title>');
    expect(admin.headers['cache-control']).toBe('no-cache');
  });

  it('answers / with the compressed shell to the service worker, which asks with no text/html', async () => {
    // The worker caches '/' with cache.add: Accept */*, and the browser's Accept-Encoding.
    const res = await app.inject({
      url: '/',
      headers: { accept: '*/*', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<title>web</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
    const admin = await app.inject({ url: '/admin/', headers: { accept: '*/*', 'accept-encoding': 'gzip' } });
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['content-encoding']).toBe('gzip');
  });

  it('serves the back office bundle the same way', async () => {
    const res = await app.inject({
      url: '/admin/assets/index-Bx12cd34.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
