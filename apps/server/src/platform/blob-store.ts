import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded documents are kept: never under the web root, never served by the static handler. Keys are
 * chosen by the server (random hex), so a key is never a path a caller wrote.
 */
export interface BlobStore {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when there is no such blob. */
  get(key: string): Promise<Buffer | null>;
}

const keyPattern = /^[a-z0-9][a-z0-9/-]{0,127}$/;

function checkKey(key: string): void {
  if (!keyPattern.test(key) || key.includes('..')) throw new Error(`bad blob key ${key}`);
}

/**
 * A local folder (DATA_DIR/blobs by default). A blob is written to a temporary name and renamed, so a reader
 * never sees half a file.
 * TODO(S3): an S3-compatible adapter behind this port when BLOB_S3_* is configured (not built yet: see issue 4).
 */
export function localBlobStore(dir: string): BlobStore {
  return {
    async put(key, bytes) {
      checkKey(key);
      const file = path.join(dir, key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, bytes, { mode: 0o600 });
      await rename(temp, file);
    },
    async get(key) {
      checkKey(key);
      try {
        return await readFile(path.join(dir, key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
  };
}
