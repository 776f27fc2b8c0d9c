/*
 * Lighthouse on the built app, mobile (issue 18, item 5): the web app built as `npm start` builds it
 * (`node scripts/build.mjs`), its server started as `npm start` starts it (the bundle, demo mode) on a
 * temporary DATA_DIR and a free loopback port, and Lighthouse's performance category run against `/` and a
 * share's K-line page (`/pages/stock/stockKline?symbol=ENI.MI`, where a row of the market list leads) in
 * Debian's Chromium, headless. Lighthouse's defaults otherwise: the mobile form factor (a Moto G Power's
 * screen), simulated throttling (150 ms round trips, 1.6 Mbit/s down, the CPU 4× slower), an empty cache
 * for each run. Nothing is fetched from outside the machine: the pages are the app's own, Chromium runs with
 * background networking off.
 *
 * Beside it, what the server sends for the first script (`Content-Encoding` to a browser that accepts
 * br/gzip, `Cache-Control` of a hashed asset and of index.html), the other half of issue 18's "served
 * compressed".
 *
 *   npx tsx bench/lighthouse.ts [runs]          (runs per page, default 1; with more, each figure is the median)
 *   npx tsx bench/lighthouse.ts 3 --json        (the figures as one JSON object on stdout, progress on stderr)
 *   npx tsx bench/lighthouse.ts 1 --save /tmp/lh (each run's full report written there as JSON)
 *
 * CHROME_PATH names another Chromium (default /usr/bin/chromium). Not part of `npm test`.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export interface PageScore {
  page: string;
  path: string;
  runs: number;
  /** 0–1, Lighthouse's performance score. */
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Bytes the page transferred (compressed as sent), from Lighthouse's network records. */
  transferBytes: number;
  /** The largest contentful paint's element, as Lighthouse names it. */
  lcpElement?: string;
  /** Layout shifts' elements, as Lighthouse lists them (the first few). */
  shiftElements: string[];
  /** Requests to anywhere but the app's own server (none expected: nothing is fetched from outside). */
  externalRequests: number;
}

export interface AssetHeaders {
  script: string;
  contentEncoding: string;
  cacheControl: string;
  indexCacheControl: string;
}

export interface LighthouseResult {
  chromium: string;
  lighthouse: string;
  /**
   * Lighthouse's measure of the host's CPU (the median over the runs). Below 1,000 Lighthouse warns that the
   * host is slower than its 4× CPU slowdown assumes: the simulated phone is then slower than the one meant.
   */
  benchmarkIndex: number;
  pages: PageScore[];
  served: AssetHeaders;
}

export const lighthousePages = [
  { page: 'home', path: '/' },
  { page: 'K-line', path: '/pages/stock/stockKline?symbol=ENI.MI' },
];

const log = (json: boolean, line: string) => (json ? console.error(line) : console.log(line));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function untilReady(baseUrl: string, server: ChildProcess): Promise<void> {
  // A guard against a server that never starts: a first start seeds the demo, a minute on a busy machine.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server was not ready after 180 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function assetHeaders(baseUrl: string): Promise<AssetHeaders> {
  const index = await fetch(`${baseUrl}/`, { headers: { accept: 'text/html' } });
  const html = await index.text();
  const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
  const asset = await fetch(baseUrl + script, { headers: { 'accept-encoding': 'br, gzip' } });
  await asset.arrayBuffer();
  return {
    script,
    contentEncoding: asset.headers.get('content-encoding') ?? 'none',
    cacheControl: asset.headers.get('cache-control') ?? 'none',
    indexCacheControl: index.headers.get('cache-control') ?? 'none',
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

interface Lhr {
  lighthouseVersion: string;
  environment: { hostUserAgent: string; benchmarkIndex: number };
  runtimeError?: { code: string; message: string };
  categories: { performance: { score: number | null } };
  audits: Record<
    string,
    {
      numericValue?: number;
      details?: {
        items?: { node?: { nodeLabel?: string; selector?: string }; items?: unknown[]; url?: string }[];
      };
    }
  >;
}

const nodeLabel = (item: unknown): string | undefined => {
  const node = (item as { node?: { nodeLabel?: string; selector?: string } }).node;
  if (!node) return undefined;
  const label = node.nodeLabel?.replace(/\s+/g, ' ');
  if (!label || label === node.selector || node.selector?.endsWith(label)) return node.selector;
  return `${node.selector ?? ''} ("${label.slice(0, 60)}")`;
};

/** Builds what is not built, starts the server, runs Lighthouse `runs` times per page; answers the medians. */
export async function runLighthouse(opts: {
  runs: number;
  json?: boolean;
  /** Where to write each run's full report (lhr JSON), for a closer look. */
  saveDir?: string;
}): Promise<LighthouseResult> {
  const json = opts.json ?? false;
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
    cwd: root,
    stdio: ['ignore', json ? process.stderr : 'inherit', 'inherit'],
  });
  if (built.status !== 0) throw new Error(`scripts/build.mjs failed (${built.status})`);

  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'piazza-lighthouse-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // As `npm start` runs it (scripts/start.mjs), demo mode, its own data.
  const server = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        DEMO_MODE: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', json ? process.stderr : 'inherit', 'inherit'],
    },
  );
  let chrome: Awaited<ReturnType<typeof launch>> | undefined;
  try {
    const startedAt = Date.now();
    await untilReady(baseUrl, server);
    log(
      json,
      `server ready on ${baseUrl} in ${((Date.now() - startedAt) / 1000).toFixed(0)} s (demo seeded)`,
    );
    const served = await assetHeaders(baseUrl);
    chrome = await launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    // One unmeasured load, so the server's first answers (its caches, the candles' first computation) are
    // not what the first measured run waits for.
    await fetch(`${baseUrl}/ipcg-api/stock/info?symbol=ENI.MI`);
    let chromium = '';
    let version = '';
    const benchmarkIndexes: number[] = [];
    const pages: PageScore[] = [];
    for (const { page, path: pagePath } of lighthousePages) {
      const runs: Lhr[] = [];
      for (let i = 0; i < opts.runs; i++) {
        const result = await lighthouse(baseUrl + pagePath, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        const lhr = result?.lhr as unknown as Lhr | undefined;
        if (!lhr) throw new Error(`Lighthouse answered nothing for ${pagePath}`);
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${pagePath}: ${lhr.runtimeError.message}`);
        chromium = lhr.environment.hostUserAgent;
        benchmarkIndexes.push(lhr.environment.benchmarkIndex);
        version = lhr.lighthouseVersion;
        const n = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        log(
          json,
          `  ${page} run ${i + 1}: score ${lhr.categories.performance.score}, LCP ${n('largest-contentful-paint').toFixed(0)} ms, ` +
            `TBT ${n('total-blocking-time').toFixed(0)} ms, CLS ${n('cumulative-layout-shift').toFixed(3)}; ` +
            `host benchmark index ${lhr.environment.benchmarkIndex}`,
        );
        runs.push(lhr);
        if (opts.saveDir) {
          await mkdir(opts.saveDir, { recursive: true });
          const file = path.join(opts.saveDir, `lighthouse-${page.replace(/\W+/g, '')}-${i + 1}.json`);
          await writeFile(file, JSON.stringify(lhr));
        }
      }
      const of = (id: string) => median(runs.map((r) => r.audits[id]?.numericValue ?? Number.NaN));
      const last = runs[runs.length - 1] as Lhr;
      const lcpItems = last.audits['largest-contentful-paint-element']?.details?.items ?? [];
      const lcpElement = lcpItems
        .flatMap((item) => item.items ?? [item])
        .map(nodeLabel)
        .find(Boolean);
      const shiftElements = (last.audits['layout-shifts']?.details?.items ?? [])
        .map(nodeLabel)
        .filter((s): s is string => Boolean(s))
        .slice(0, 5);
      pages.push({
        page,
        path: pagePath,
        runs: runs.length,
        score: median(runs.map((r) => r.categories.performance.score ?? Number.NaN)),
        lcpMs: of('largest-contentful-paint'),
        tbtMs: of('total-blocking-time'),
        cls: of('cumulative-layout-shift'),
        fcpMs: of('first-contentful-paint'),
        transferBytes: of('total-byte-weight'),
        ...(lcpElement ? { lcpElement } : {}),
        shiftElements,
        externalRequests: Math.max(
          ...runs.map(
            (r) =>
              (r.audits['network-requests']?.details?.items ?? []).filter(
                (item) => item.url && !item.url.startsWith(baseUrl) && !item.url.startsWith('data:'),
              ).length,
          ),
        ),
      });
    }
    return { chromium, lighthouse: version, benchmarkIndex: median(benchmarkIndexes), pages, served };
  } finally {
    await chrome?.kill();
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const json = process.argv.includes('--json');
  const runs = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 1);
  const saveAt = process.argv.indexOf('--save');
  const saveDir = saveAt > 0 ? process.argv[saveAt + 1] : undefined;
  const result = await runLighthouse({ runs, json, ...(saveDir ? { saveDir } : {}) });
  if (json) {
    console.log(JSON.stringify(result));
    return;
  }
  console.log(
    `Lighthouse ${result.lighthouse}, mobile (simulated throttling), ${result.chromium}; ` +
      `host benchmark index ${result.benchmarkIndex}`,
  );
  console.log(
    `${'page'.padEnd(8)}${'runs'.padStart(5)}${'score'.padStart(7)}${'FCP ms'.padStart(8)}${'LCP ms'.padStart(8)}` +
      `${'TBT ms'.padStart(8)}${'CLS'.padStart(7)}${'sent kB'.padStart(9)}`,
  );
  for (const p of result.pages) {
    console.log(
      `${p.page.padEnd(8)}${String(p.runs).padStart(5)}${p.score.toFixed(2).padStart(7)}${p.fcpMs.toFixed(0).padStart(8)}` +
        `${p.lcpMs.toFixed(0).padStart(8)}${p.tbtMs.toFixed(0).padStart(8)}${p.cls.toFixed(3).padStart(7)}` +
        `${(p.transferBytes / 1024).toFixed(0).padStart(9)}`,
    );
    if (p.lcpElement) console.log(`  LCP element: ${p.lcpElement}`);
    for (const s of p.shiftElements) console.log(`  layout shift: ${s}`);
    if (p.externalRequests > 0) console.log(`  requests outside the app's server: ${p.externalRequests}`);
  }
  const s = result.served;
  console.log(
    `first script ${s.script}: Content-Encoding ${s.contentEncoding}, Cache-Control ${s.cacheControl}; ` +
      `index.html Cache-Control ${s.indexCacheControl}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
