import { createHash, randomBytes } from 'node:crypto';
import { userServiceUpload } from '@piazza/contract/calls/service';
import { translate } from '@piazza/contract/messages/catalogue';
import { FailureCode } from '@piazza/contract/wire';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { one } from '../../db/db';
import { apiBase, implement, userOf } from '../../http/implement';
import { pickLanguage } from '../../http/language';
import { findOperatorSession, findUserSession } from '../../http/sessions';
import type { BlobStore } from '../../platform/blob-store';
import { sanitiseDocument } from '../../platform/image-sanitise';
import { Refusal, SessionRequired } from '../../platform/refusal';
import type { Services } from '../../services';
import { adminAttachmentPath, userAttachmentPath, writeUserMessage } from './conversation';
import type { ServiceNews } from './news';

/*
 * Images in the chat, as KYC documents are kept (decision 009): recognised by their first bytes, JPEG and PNG
 * only, metadata stripped, stored in the blob store under a key the server chose, and sent back with a type we
 * detected, nosniff and a sandboxing policy, to the investor who sent it and to support operators.
 */

export const imageMaxMb = 5;
const imageMaxBytes = imageMaxMb * 1024 * 1024;
/** Images an investor may send in a rolling day. */
export const imagesPerDay = 40;
const dayMs = 24 * 60 * 60_000;

interface AttachmentRow {
  id: string;
  kind: 'jpeg' | 'png';
  blobKey: string;
}

const tokenOf = (req: FastifyRequest) => {
  const h = req.headers['access-token'];
  return (Array.isArray(h) ? h[0] : h) || undefined;
};
const idOf = (req: FastifyRequest) => {
  const id = (req.query as { id?: unknown }).id;
  return typeof id === 'string' && /^[a-f0-9]{32}$/.test(id) ? id : undefined;
};

async function send(
  reply: FastifyReply,
  blobs: BlobStore,
  row: AttachmentRow | undefined,
  lang: 'it-IT' | 'en-US',
) {
  const bytes = row ? await blobs.get(row.blobKey) : null;
  if (!row || !bytes)
    return reply
      .status(404)
      .send({ code: FailureCode.notFound, msg: translate(lang, 'service.attachmentNotFound'), data: null });
  return reply
    .header('content-type', row.kind === 'png' ? 'image/png' : 'image/jpeg')
    .header('content-disposition', `inline; filename="image-${row.id}.${row.kind === 'png' ? 'png' : 'jpg'}"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(bytes);
}

/** Must be mounted on a context where @fastify/multipart is registered. */
export function mountAttachments(
  app: FastifyInstance,
  services: Services,
  blobs: BlobStore,
  news: ServiceNews,
) {
  const { db, clock } = services;

  implement(app, services, userServiceUpload, async (ctx) => {
    const user = userOf(ctx);
    const nowMs = clock.now();
    const recent = await one<{ n: bigint | number | string }>(
      db,
      'select count(*) as n from service_attachments where user_id = $1 and created_at > $2',
      [user.id, new Date(nowMs - dayMs)],
    );
    if (Number(recent?.n ?? 0) >= imagesPerDay) throw new Refusal('service.imagesPerDay', [imagesPerDay]);
    const bytes = await readImage(ctx.req);
    const clean = sanitiseDocument(bytes);
    if (!clean || clean.kind === 'pdf') throw new Refusal('service.imageType');
    const id = randomBytes(16).toString('hex');
    const blobKey = `service/${user.id}/${id}`;
    // Bytes first, rows second: a crash between leaves an orphan blob, never a message without its image.
    await blobs.put(blobKey, clean.bytes);
    const message = await db.tx(async (q) => {
      await q.query(
        `insert into service_attachments (id, user_id, kind, size, sha256, blob_key, created_at)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          id,
          user.id,
          clean.kind,
          clean.bytes.length,
          createHash('sha256').update(clean.bytes).digest('hex'),
          blobKey,
          new Date(nowMs),
        ],
      );
      return writeUserMessage(q, user.id, { body: '', attachmentId: id }, nowMs);
    });
    await news.investorWrote(user.id);
    return message;
  });

  app.get(apiBase + userAttachmentPath, async (req, reply) => {
    const lang = pickLanguage(req.headers['accept-language']);
    const user = await findUserSession(db, tokenOf(req));
    if (!user) throw new SessionRequired();
    if (user.status === 0) throw new SessionRequired('session.disabled');
    const id = idOf(req);
    const row = id
      ? await one<AttachmentRow>(
          db,
          'select id, kind, blob_key as "blobKey" from service_attachments where id = $1 and user_id = $2',
          [id, user.id],
        )
      : undefined;
    return send(reply, blobs, row, lang);
  });

  app.get(apiBase + adminAttachmentPath, async (req, reply) => {
    const lang = pickLanguage(req.headers['accept-language']);
    const operator = await findOperatorSession(db, tokenOf(req));
    if (!operator) throw new SessionRequired('operator.required');
    if (operator.role !== 'admin' && operator.role !== 'support') throw new Refusal('operator.forbidden');
    const id = idOf(req);
    const row = id
      ? await one<AttachmentRow>(
          db,
          'select id, kind, blob_key as "blobKey" from service_attachments where id = $1',
          [id],
        )
      : undefined;
    return send(reply, blobs, row, lang);
  });
}

/** The one file of a multipart body, read whole up to the limit. */
async function readImage(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new Refusal('upload.missing');
  const file = await req.file({ limits: { fileSize: imageMaxBytes, files: 1, fields: 2 } });
  if (!file) throw new Refusal('upload.missing');
  try {
    const bytes = await file.toBuffer();
    if (bytes.length === 0) throw new Refusal('upload.missing');
    return bytes;
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new Refusal('service.imageSize', [imageMaxMb]);
    throw err;
  }
}
