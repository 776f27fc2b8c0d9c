import { createHash, randomBytes } from 'node:crypto';
import { kycUpload } from '@piazza/contract/calls/kyc';
import { translate } from '@piazza/contract/messages/catalogue';
import { FailureCode } from '@piazza/contract/wire';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { one, type Queryable } from '../../db/db';
import { apiBase, implement, userOf } from '../../http/implement';
import { pickLanguage } from '../../http/language';
import { findOperatorSession, findUserSession } from '../../http/sessions';
import type { BlobStore } from '../../platform/blob-store';
import { type DocumentKind, sanitiseDocument } from '../../platform/image-sanitise';
import { Refusal, SessionRequired } from '../../platform/refusal';
import type { Services } from '../../services';

export const uploadMaxMb = 10;
/** Uploads a user may make in a rolling day: far above any honest KYC, low enough that nobody fills the disk. */
export const uploadsPerDay = 30;
const dayMs = 24 * 60 * 60_000;
const uploadMaxBytes = uploadMaxMb * 1024 * 1024;

export const userDocumentPath = '/user/kyc/document';
export const adminDocumentPath = '/admin/kyc/document';

export interface DocumentRow {
  id: string;
  userId: number;
  kind: DocumentKind;
  size: number;
  blobKey: string;
}

const documentColumns = 'id, user_id as "userId", kind, size, blob_key as "blobKey"';

/** A document as the wire shows it, with the path its reader may fetch it from. */
export function documentView(doc: Pick<DocumentRow, 'id' | 'kind' | 'size'>, audience: 'user' | 'admin') {
  const path = audience === 'user' ? userDocumentPath : adminDocumentPath;
  return { id: doc.id, kind: doc.kind, size: doc.size, url: `${apiBase}${path}?id=${doc.id}` };
}

/** The user's own document, or undefined: another user's id answers exactly like an unknown one. */
export async function ownDocument(
  q: Queryable,
  userId: number,
  id: string,
): Promise<DocumentRow | undefined> {
  return one<DocumentRow>(q, `select ${documentColumns} from kyc_documents where id = $1 and user_id = $2`, [
    id,
    userId,
  ]);
}

const contentTypes: Record<DocumentKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};

/**
 * Sends a document so that no browser can run it: the type we detected (never the uploader's), nosniff, a
 * sandboxing CSP, images inline and PDFs as an attachment, and nothing cached on the way.
 */
async function sendDocument(
  reply: FastifyReply,
  blobs: BlobStore,
  doc: DocumentRow,
  lang: 'it-IT' | 'en-US',
) {
  const bytes = await blobs.get(doc.blobKey);
  if (!bytes) return notFound(reply, lang);
  const disposition = doc.kind === 'pdf' ? 'attachment' : 'inline';
  return reply
    .header('content-type', contentTypes[doc.kind])
    .header(
      'content-disposition',
      `${disposition}; filename="document-${doc.id}.${doc.kind === 'jpeg' ? 'jpg' : doc.kind}"`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(bytes);
}

function notFound(reply: FastifyReply, lang: 'it-IT' | 'en-US') {
  return reply
    .status(404)
    .send({ code: FailureCode.notFound, msg: translate(lang, 'upload.notFound'), data: null });
}

function headerToken(req: FastifyRequest): string | undefined {
  const h = req.headers['access-token'];
  return (Array.isArray(h) ? h[0] : h) || undefined;
}

const idOf = (req: FastifyRequest) => {
  const id = (req.query as { id?: unknown }).id;
  return typeof id === 'string' && /^[a-f0-9]{32}$/.test(id) ? id : undefined;
};

/**
 * Upload (a contract call, multipart) and the two byte routes that are not envelopes: the owner's and the
 * operators' (compliance and admin). Must be mounted on a context where @fastify/multipart is registered.
 */
export function mountDocuments(app: FastifyInstance, services: Services, blobs: BlobStore): void {
  const { db } = services;

  implement(app, services, kycUpload, async (ctx) => {
    const user = userOf(ctx);
    const now = services.clock.now();
    const [recent] = await db.query<{ n: bigint }>(
      'select count(*) as n from kyc_documents where user_id = $1 and created_at > $2',
      [user.id, new Date(now - dayMs)],
    );
    if (Number(recent?.n ?? 0) >= uploadsPerDay) throw new Refusal('upload.tooMany', [uploadsPerDay]);
    const bytes = await readUpload(ctx.req);
    const clean = sanitiseDocument(bytes);
    if (!clean) throw new Refusal('upload.type');
    const id = randomBytes(16).toString('hex');
    const blobKey = `kyc/${user.id}/${id}`;
    // Bytes first, row second: a crash between leaves an orphan blob, never a row without its bytes.
    await blobs.put(blobKey, clean.bytes);
    await db.query(
      `insert into kyc_documents (id, user_id, kind, size, sha256, blob_key, created_at)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        id,
        user.id,
        clean.kind,
        clean.bytes.length,
        createHash('sha256').update(clean.bytes).digest('hex'),
        blobKey,
        new Date(now),
      ],
    );
    return documentView({ id, kind: clean.kind, size: clean.bytes.length }, 'user');
  });

  app.get(apiBase + userDocumentPath, async (req, reply) => {
    const lang = pickLanguage(req.headers['accept-language']);
    const user = await findUserSession(db, headerToken(req));
    if (!user) throw new SessionRequired();
    if (user.status === 0) throw new SessionRequired('session.disabled');
    const id = idOf(req);
    const doc = id ? await ownDocument(db, user.id, id) : undefined;
    if (!doc) return notFound(reply, lang);
    return sendDocument(reply, blobs, doc, lang);
  });

  app.get(apiBase + adminDocumentPath, async (req, reply) => {
    const lang = pickLanguage(req.headers['accept-language']);
    const operator = await findOperatorSession(db, headerToken(req));
    if (!operator) throw new SessionRequired('operator.required');
    // Compliance reviews identity documents; finance sees only what a deposit carries (its receipt).
    const mayRead = ['admin', 'compliance', 'finance'].includes(operator.role);
    if (!mayRead) throw new Refusal('operator.forbidden');
    const id = idOf(req);
    const doc = id
      ? await one<DocumentRow>(
          db,
          operator.role === 'finance'
            ? `select ${documentColumns} from kyc_documents d
                where d.id = $1 and exists (select 1 from deposits where receipt_id = d.id)`
            : `select ${documentColumns} from kyc_documents where id = $1`,
          [id],
        )
      : undefined;
    if (!doc) return notFound(reply, lang);
    return sendDocument(reply, blobs, doc, lang);
  });
}

/** The one file of a multipart body, read whole up to the limit; refusals name what was wrong. */
async function readUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new Refusal('upload.missing');
  const file = await req.file({ limits: { fileSize: uploadMaxBytes, files: 1, fields: 5 } });
  if (!file) throw new Refusal('upload.missing');
  try {
    const bytes = await file.toBuffer();
    if (bytes.length === 0) throw new Refusal('upload.missing');
    return bytes;
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new Refusal('upload.size', [uploadMaxMb]);
    throw err;
  }
}
