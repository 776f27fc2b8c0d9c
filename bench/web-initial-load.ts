/*
 * What a phone downloads before the app can paint its first page (issue 18, decision 068), raw, gzip -9 and
 * brotli as the server sends them (the .gz/.br copies the build made), and which heavy libraries are among
 * them, in two steps for the web app:
 *   1. before the first render: the scripts and styles the built index.html names (entry and modulepreloads),
 *      which carry the shell's own few texts; the entry renders the tab bar and the page's stand-in as soon as
 *      they have run. This is the figure held to the goal.
 *   2. before the home shows its content: that and the chunks the entry fetches at start, side by side: the
 *      active language's catalogue (it-IT, the default), the shell's deferred parts (zod, react-query, the
 *      drawer) and the home page, each with the chunks it preloads.
 * The back office is measured by step 1 only. Run after `npm run build`:
 *   npx tsx bench/web-initial-load.ts            (or … web-initial-load.ts <another web dist folder>)
 *   npx tsx bench/web-initial-load.ts --json     (the figures as one JSON object on stdout)
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

const q = '[`\'"]';
/** A dynamic import of the chunk named `name-hash.js`. */
const importOf = (name: string) => new RegExp(`import\\(${q}\\./(${name}-[\\w-]+\\.js)${q}\\)`);
/** The dynamic import of a page file, as `import.meta.glob` wrote it (`"../pages/g/p.tsx": () => import(…)`). */
const pageImport = (file: string) =>
  new RegExp(`${q}\\.\\./pages/${file.replace('.', '\\.')}${q}:[^;]*?import\\(${q}\\./([\\w-]+\\.js)${q}\\)`);

/**
 * The chunk a script of the first download imports dynamically (`call`'s first group is its file name), with
 * the files Vite preloads beside it (its `__vite__mapDeps` list), as paths under `dist`.
 */
function dynamicImport(dist: string, files: string[], call: RegExp): string[] {
  for (const file of files.filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(file, 'utf8');
    const found = call.exec(text);
    if (!found?.[1]) continue;
    const chunk = [path.join(dist, 'assets', found[1])];
    const after = text.slice(found.index + found[0].length, found.index + found[0].length + 8000);
    const deps = /^(?:\.then\([^()]*\))?,__vite__mapDeps\(\[([\d,]*)\]\)/.exec(after)?.[1];
    const table = /m\.f=\[([^\]]*)\]/.exec(text)?.[1];
    if (deps && table) {
      const names = [...table.matchAll(/[`'"]([^`'"]+)[`'"]/g)].map((m) => m[1] ?? '');
      for (const i of deps.split(',').filter(Boolean)) chunk.push(path.join(dist, names[Number(i)] ?? ''));
    }
    return chunk;
  }
  throw new Error(`no dynamic import matching ${call.source} in the first download`);
}

function sizeOf(file: string, ext: string): number | null {
  return existsSync(file + ext) ? statSync(file + ext).size : null;
}

const markers: Record<string, RegExp> = {
  zod: /ZodError|_zod\b/,
  i18next: /i18next/,
  'react-query': /No QueryClient set/,
  'lightweight-charts': /LightweightCharts|lightweight-charts/,
};

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

/** One step's figures, as `--json` prints them. */
interface Download {
  label: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  goalGzipBytes: number | null;
  heavy: string[];
}

const json = process.argv.includes('--json');
const downloads: Download[] = [];

function report(label: string, files: string[], goal = false): void {
  let raw = 0;
  let gz = 0;
  let br = 0;
  const found = new Set<string>();
  for (const file of new Set(files)) {
    const body = readFileSync(file);
    raw += body.length;
    gz += sizeOf(file, '.gz') ?? gzipSync(body, { level: 9 }).length;
    br += sizeOf(file, '.br') ?? body.length;
    const text = body.toString('utf8');
    for (const [name, re] of Object.entries(markers)) if (re.test(text)) found.add(name);
  }
  downloads.push({
    label,
    files: new Set(files).size,
    rawBytes: raw,
    gzipBytes: gz,
    brotliBytes: br,
    goalGzipBytes: goal ? goalGzipBytes : null,
    heavy: [...found],
  });
  if (json) return;
  const ratio = goal ? `; gzip / goal ${kb(goalGzipBytes)} = ${(gz / goalGzipBytes).toFixed(2)}` : '';
  console.log(
    `${label}: ${new Set(files).size} files; raw ${kb(raw)}, gzip ${kb(gz)}, brotli ${kb(br)}${ratio}; ` +
      `heavy libraries: ${[...found].join(', ') || 'none'}`,
  );
}

for (const app of ['web', 'admin']) {
  const otherDist = process.argv.slice(2).find((a) => !a.startsWith('--'));
  const dist = app === 'web' && otherDist ? path.resolve(otherDist) : path.join(root, 'apps', app, 'dist');
  if (!existsSync(path.join(dist, 'index.html'))) {
    if (!json) console.log(`${app}: not built (npm run build)`);
    continue;
  }
  const first = initialFiles(dist);
  if (app === 'admin') {
    report('admin, first download', first, true);
    continue;
  }
  const atStart = [
    ...first,
    ...dynamicImport(dist, first, importOf('it-IT')),
    ...dynamicImport(dist, first, importOf('deferred-shell')),
    ...dynamicImport(dist, first, pageImport('tabbar/home.tsx')),
  ];
  report('web, 1. before the first render (index.html)', first, true);
  report('web, 2. before the home shows (+ it-IT catalogue, deferred shell, home page)', atStart);
}

if (json) console.log(JSON.stringify({ downloads }));
