import path from 'node:path';
import { type BlobStore, localBlobStore } from './blob-store';
import { s3BlobStore } from './blob-store-s3';

/**
 * The blob store a deployment configured: S3-compatible when BLOB_S3_BUCKET is set (then the endpoint and
 * both keys are required, and a half-configured store stops the start), else the local folder DATA_DIR/blobs.
 */
export function openBlobStore(dataDir: string, env: NodeJS.ProcessEnv = process.env): BlobStore {
  const bucket = env.BLOB_S3_BUCKET ?? '';
  if (bucket === '') return localBlobStore(path.join(dataDir, 'blobs'));
  const endpoint = env.BLOB_S3_ENDPOINT ?? '';
  const accessKeyId = env.BLOB_S3_ACCESS_KEY_ID ?? '';
  const secretAccessKey = env.BLOB_S3_SECRET_ACCESS_KEY ?? '';
  const missing = Object.entries({
    BLOB_S3_ENDPOINT: endpoint,
    BLOB_S3_ACCESS_KEY_ID: accessKeyId,
    BLOB_S3_SECRET_ACCESS_KEY: secretAccessKey,
  })
    .filter(([, v]) => v === '')
    .map(([k]) => k);
  if (missing.length > 0) throw new Error(`BLOB_S3_BUCKET is set but ${missing.join(', ')} is not`);
  if (!/^https?:\/\//.test(endpoint)) throw new Error('BLOB_S3_ENDPOINT must be an http:// or https:// URL');
  return s3BlobStore({
    endpoint,
    region: env.BLOB_S3_REGION || 'us-east-1',
    bucket,
    accessKeyId,
    secretAccessKey,
  });
}
