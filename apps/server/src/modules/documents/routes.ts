import { userDocumentGenerate, userDocuments, userMoneyTimeline } from '@piazza/contract/calls/documents';
import { adminDocumentGenerate, adminDocuments } from '@piazza/contract/calls/documents-admin';
import { adminDocumentFilePath, documentFilePath } from '@piazza/contract/calls/documents-shapes';
import { translate } from '@piazza/contract/messages/catalogue';
import { FailureCode } from '@piazza/contract/wire';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { one } from '../../db/db';
import { apiBase, implement, operatorOf, userOf } from '../../http/implement';
import { pickLanguage } from '../../http/language';
import { findOperatorSession, findUserSession } from '../../http/sessions';
import { audit } from '../../kit/audit';
import { pageAt, pagedRows } from '../../kit/paging';
import type { BlobStore } from '../../platform/blob-store';
import { openBlobStore } from '../../platform/blob-store-open';
import { Refusal, SessionRequired } from '../../platform/refusal';
import type { Services } from '../../services';
import { type DocumentRow, documentColumns, documentViewOf, makeDocument } from './document-store';
import { documentJobs } from './jobs';
import { moneyTimeline } from './money-timeline';

/* The investor's documents (issue 19 item 4) and where their money is (item 5): decisions 050 and 051. */

function headerToken(req: FastifyRequest): string | undefined {
  const h = req.headers['access-token'];
  return (Array.isArray(h) ? h[0] : h) || undefined;
}

function notFound(reply: FastifyReply, lang: 'it-IT' | 'en-US') {
  return reply
    .status(404)
    .send({ code: FailureCode.notFound, msg: translate(lang, 'documents.notFound'), data: null });
}

export async function registerDocuments(
  app: FastifyInstance,
  services: Services,
  blobs?: BlobStore,
): Promise<void> {
  const store = blobs ?? openBlobStore(services.config.dataDir);
  const { db, clock } = services;
  for (const job of documentJobs(services, store)) services.jobs.define(job);

  implement(app, services, userDocuments, async (ctx) => {
    const at = pageAt(ctx.input);
    const params: unknown[] = [userOf(ctx).id];
    let where = 'user_id = $1';
    if (ctx.input.kind) {
      params.push(ctx.input.kind);
      where += ` and kind = $${params.length}`;
    }
    const { rows, total } = await pagedRows<DocumentRow>(
      ctx.db,
      {
        columns: documentColumns,
        from: 'documents',
        where,
        orderBy: 'period desc, created_at desc, id',
        params,
      },
      at,
    );
    return { list: rows.map(documentViewOf), total, ...at };
  });

  implement(app, services, userDocumentGenerate, async (ctx) => {
    const userId = userOf(ctx).id;
    const row = await db.tx((q) =>
      makeDocument(q, store, {
        userId,
        kind: ctx.input.kind,
        periodKey: ctx.input.period,
        language: ctx.lang,
        nowMs: clock.now(),
      }),
    );
    return documentViewOf(row);
  });

  implement(app, services, userMoneyTimeline, async (ctx) =>
    moneyTimeline(ctx.db, userOf(ctx).id, clock.now()),
  );

  // The bytes: the owner's only (another investor's id answers as an unknown one), never cached on the way.
  app.get(apiBase + documentFilePath, async (req, reply) => {
    const lang = pickLanguage(req.headers['accept-language']);
    const user = await findUserSession(db, headerToken(req));
    if (!user) throw new SessionRequired();
    if (user.status === 0) throw new SessionRequired('session.disabled');
    return sendDocument({ db, store }, req, reply, lang, user.id);
  });

  mountAdminCalls(app, services, store);
}

/** Sends a document's PDF or CSV as an attachment that no browser runs; `userId` null is an operator's read. */
async function sendDocument(
  ctx: { db: Services['db']; store: BlobStore },
  req: FastifyRequest,
  reply: FastifyReply,
  lang: 'it-IT' | 'en-US',
  userId: number | null,
) {
  const { id, format } = req.query as { id?: unknown; format?: unknown };
  if (typeof id !== 'string' || !/^[a-f0-9]{32}$/.test(id)) return notFound(reply, lang);
  if (format !== 'pdf' && format !== 'csv') return notFound(reply, lang);
  const doc = await one<DocumentRow>(
    ctx.db,
    `select ${documentColumns} from documents where id = $1 and ($2::int is null or user_id = $2)`,
    [id, userId],
  );
  if (!doc) return notFound(reply, lang);
  const bytes = await ctx.store.get(format === 'pdf' ? doc.pdfKey : doc.csvKey);
  if (!bytes) return notFound(reply, lang);
  return reply
    .header('content-type', format === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="piazza-${doc.kind}-${doc.period}.${format}"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(bytes);
}

const documentReaders = ['admin', 'compliance', 'finance'];

/** The back office: an investor's documents, making one for them (audited), and reading the bytes. */
function mountAdminCalls(app: FastifyInstance, services: Services, store: BlobStore): void {
  const { db, clock } = services;

  implement(app, services, adminDocuments, async (ctx) => {
    const at = pageAt(ctx.input);
    const { rows, total } = await pagedRows<DocumentRow>(
      ctx.db,
      {
        columns: documentColumns,
        from: 'documents',
        where: 'user_id = $1',
        orderBy: 'period desc, created_at desc, id',
        params: [ctx.input.userId],
      },
      at,
    );
    return { list: rows.map(documentViewOf), total, ...at };
  });

  implement(app, services, adminDocumentGenerate, async (ctx) => {
    const op = operatorOf(ctx);
    const { userId, kind, period } = ctx.input;
    return db.tx(async (q) => {
      const user = await one<{ language: string }>(q, 'select language from users where id = $1', [userId]);
      if (!user) throw new Refusal('documents.userUnknown', [userId]);
      const row = await makeDocument(q, store, {
        userId,
        kind,
        periodKey: period,
        language: user.language === 'en-US' ? 'en-US' : 'it-IT',
        nowMs: clock.now(),
      });
      await audit(q, {
        operatorId: op.id,
        action: 'document.make',
        targetType: 'user',
        targetId: userId,
        before: null,
        after: { kind, period: row.period, language: row.language, final: row.final },
      });
      return documentViewOf(row);
    });
  });

  app.get(apiBase + adminDocumentFilePath, async (req, reply) => {
    const lang = pickLanguage(req.headers['accept-language']);
    const operator = await findOperatorSession(db, headerToken(req));
    if (!operator) throw new SessionRequired('operator.required');
    if (!documentReaders.includes(operator.role)) throw new Refusal('operator.forbidden');
    return sendDocument({ db, store }, req, reply, lang, null);
  });
}
