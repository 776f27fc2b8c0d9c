import { createHash, randomBytes } from 'node:crypto';
import { adminContentImage } from '@piazza/contract/calls/content-news-admin';
import { translate } from '@piazza/contract/messages/catalogue';
import { FailureCode } from '@piazza/contract/wire';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { one, type Queryable } from '../../db/db';
import { apiBase, implement, operatorOf } from '../../http/implement';
import { pickLanguage } from '../../http/language';
import type { BlobStore } from '../../platform/blob-store';
import { sanitiseDocument } from '../../platform/image-sanitise';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';

/*
 * Covers and banner images: uploaded by operators, recognised by their first bytes (JPEG or PNG only, as KYC
 * uploads are, never by name or declared type), stripped of their metadata, kept in the blob store, and served
 * to anyone (they are public content) with the type we detected and no way for a browser to run them.
 */

const imageMaxMb = 5;
const imageMaxBytes = imageMaxMb * 1024 * 1024;
export const imagePath = '/content/image';

export type ImageKind = 'jpeg' | 'png';

/** Where the app fetches an image. */
export const imageUrl = (id: string) => `${apiBase}${imagePath}?id=${id}`;

/** Stores an image's cleaned bytes and its row; answers its id, or null when the bytes are not a JPEG or PNG. */
export async function storeImage(
  q: Queryable,
  blobs: BlobStore,
  bytes: Buffer,
  operatorId: number | null,
  nowMs: number,
): Promise<{ id: string; kind: ImageKind } | null> {
  const clean = sanitiseDocument(bytes);
  if (!clean || clean.kind === 'pdf') return null;
  const id = randomBytes(16).toString('hex');
  const blobKey = `content/${id}`;
  // Bytes first, row second: a crash between leaves an orphan blob, never a row without its bytes.
  await blobs.put(blobKey, clean.bytes);
  await q.query(
    `insert into content_images (id, kind, size, sha256, blob_key, operator_id, created_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      id,
      clean.kind,
      clean.bytes.length,
      createHash('sha256').update(clean.bytes).digest('hex'),
      blobKey,
      operatorId,
      new Date(nowMs),
    ],
  );
  return { id, kind: clean.kind };
}

export async function imageExists(q: Queryable, id: string): Promise<boolean> {
  return (await one(q, 'select 1 from content_images where id = $1', [id])) !== undefined;
}

const contentTypes: Record<ImageKind, string> = { jpeg: 'image/jpeg', png: 'image/png' };

/** The upload call (needs @fastify/multipart on `app`) and the public route that sends an image. */
export function mountImages(app: FastifyInstance, services: Services, blobs: BlobStore): void {
  implement(app, services, adminContentImage, async (ctx) => {
    const op = operatorOf(ctx);
    const bytes = await readImage(ctx.req);
    const stored = await storeImage(ctx.db, blobs, bytes, op.id, services.clock.now());
    if (!stored) throw new Refusal('upload.imageType');
    return { id: stored.id, kind: stored.kind, url: imageUrl(stored.id) };
  });

  app.get(apiBase + imagePath, async (req, reply) => {
    const lang = pickLanguage(req.headers['accept-language']);
    const id = (req.query as { id?: unknown }).id;
    const row =
      typeof id === 'string' && /^[a-f0-9]{32}$/.test(id)
        ? await one<{ kind: ImageKind; blobKey: string }>(
            services.db,
            'select kind, blob_key as "blobKey" from content_images where id = $1',
            [id],
          )
        : undefined;
    const bytes = row ? await blobs.get(row.blobKey) : null;
    if (!row || !bytes)
      return reply
        .status(404)
        .send({ code: FailureCode.notFound, msg: translate(lang, 'upload.notFound'), data: null });
    // An id names one upload's bytes for good (a new upload gets a new id; none is rewritten or reused): cached
    // for a year, like the app's hashed assets (decision 068, amendment).
    return reply
      .header('content-type', contentTypes[row.kind])
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'same-origin')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(bytes);
  });
}

/** The one file of a multipart body, read whole up to the limit; refusals name what was wrong. */
async function readImage(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new Refusal('upload.missing');
  const file = await req.file({ limits: { fileSize: imageMaxBytes, files: 1, fields: 5 } });
  if (!file) throw new Refusal('upload.missing');
  try {
    const bytes = await file.toBuffer();
    if (bytes.length === 0) throw new Refusal('upload.missing');
    return bytes;
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new Refusal('upload.size', [imageMaxMb]);
    throw err;
  }
}
