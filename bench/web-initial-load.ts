/*
 * What a phone downloads before the app can paint its first page (issue 18): the scripts and styles the built
 * index.html names (entry and modulepreloads), raw, gzip -9 and brotli as the server sends them (the .gz/.br
 * copies the build made), and which heavy libraries are among them. Run after `npm run build`:
 *   npx tsx bench/web-initial-load.ts
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const goalGzipBytes = 150 * 1024;

function initialFiles(dist: string): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/(?:admin\/)?assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1],
  );
  return [...new Set(refs)].map((ref) => path.join(dist, ref.replace(/^\/admin\//, '/').replace(/^\//, '')));
}

function sizeOf(file: string, ext: string): number | null {
  return existsSync(file + ext) ? statSync(file + ext).size : null;
}

const markers: Record<string, RegExp> = {
  zod: /ZodError|_zod\b/,
  i18next: /i18next/,
  'lightweight-charts': /LightweightCharts|lightweight-charts/,
};

for (const app of ['web', 'admin']) {
  const dist = path.join(root, 'apps', app, 'dist');
  if (!existsSync(path.join(dist, 'index.html'))) {
    console.log(`${app}: not built (npm run build)`);
    continue;
  }
  let raw = 0;
  let gz = 0;
  let br = 0;
  const found = new Set<string>();
  const files = initialFiles(dist);
  for (const file of files) {
    const body = readFileSync(file);
    raw += body.length;
    gz += sizeOf(file, '.gz') ?? gzipSync(body, { level: 9 }).length;
    br += sizeOf(file, '.br') ?? body.length;
    const text = body.toString('utf8');
    for (const [name, re] of Object.entries(markers)) if (re.test(text)) found.add(name);
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  console.log(
    `${app}: ${files.length} files before first paint; raw ${kb(raw)}, gzip ${kb(gz)}, brotli ${kb(br)}; ` +
      `gzip / goal ${kb(goalGzipBytes)} = ${(gz / goalGzipBytes).toFixed(2)}; heavy libraries: ${[...found].join(', ') || 'none'}`,
  );
}
