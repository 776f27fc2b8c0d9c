// Brotli and gzip copies of a built app's text assets, made once at build time so the server sends them by the
// browser's Accept-Encoding without compressing per request (@fastify/static `preCompressed`, issue 18).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Below this a compressed copy saves less than the extra round of headers costs. */
const smallest = 1024;

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` that is at least 1 kB. */
export function precompress(dir) {
  let files = 0;
  let before = 0;
  let after = 0;
  const visit = (folder) => {
    for (const name of readdirSync(folder)) {
      const file = path.join(folder, name);
      const st = statSync(file);
      if (st.isDirectory()) {
        visit(file);
        continue;
      }
      if (!compressible.test(name) || st.size < smallest) continue;
      const body = readFileSync(file);
      const br = brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      files += 1;
      before += body.length;
      after += br.length;
    }
  };
  visit(dir);
  return { files, before, after };
}
