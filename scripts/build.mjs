// Builds what is missing or older than its sources: the web app, the back office and the server bundle.
// `--force` rebuilds everything. Used by `npm start`, `npm run build` and the browser tests.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');

/** Newest modification time under the given paths (files or folders), ignoring build output. */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p))
        if (name !== 'node_modules' && name !== 'dist') visit(path.join(p, name));
    } else latest = Math.max(latest, st.mtimeMs);
  };
  for (const p of paths) visit(path.join(root, p));
  return latest;
}

function stale(output, sources) {
  const out = path.join(root, output);
  return force || !existsSync(out) || statSync(out).mtimeMs < newest(sources);
}

function run(cmd, args, cwd = root) {
  const res = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: process.env });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const shared = ['packages/core/src', 'packages/contract/src'];

for (const app of ['web', 'admin']) {
  const sources = [
    `apps/${app}/src`,
    `apps/${app}/index.html`,
    `apps/${app}/vite.config.ts`,
    `apps/${app}/public`,
    ...shared,
  ];
  if (stale(`apps/${app}/dist/index.html`, sources)) {
    console.log(`building apps/${app}…`);
    run('npx', ['vite', 'build', '--logLevel', 'warn'], path.join(root, 'apps', app));
    const { files, before, after } = precompress(path.join(root, 'apps', app, 'dist'));
    console.log(`apps/${app}: ${files} files precompressed, ${before} → ${after} bytes (brotli)`);
  }
}

if (stale('apps/server/dist/main.js', ['apps/server/src', ...shared])) {
  console.log('building apps/server…');
  const esbuild = await import('esbuild');
  // Build beside the old bundle and swap only on success: a failed build must not leave no server at all.
  const dist = path.join(root, 'apps/server/dist');
  const next = path.join(root, 'apps/server/dist.next');
  rmSync(next, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile: path.join(next, 'main.js'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    logLevel: 'warning',
    // Our workspace packages are TypeScript sources and must be inlined; every other dependency (PGlite
    // above all, with its WASM files) stays in node_modules.
    plugins: [
      {
        name: 'externals',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@piazza/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
    banner: {
      js: "import { createRequire as __piazzaRequire } from 'node:module'; const require = __piazzaRequire(import.meta.url);",
    },
  });
  cpSync(path.join(root, 'apps/server/src/db/migrations'), path.join(next, 'migrations'), {
    recursive: true,
  });
  rmSync(dist, { recursive: true, force: true });
  renameSync(next, dist);
}
