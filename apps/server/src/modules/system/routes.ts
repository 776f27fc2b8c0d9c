import { devOutbox } from '@piazza/contract/calls/system';
import { allCalls } from '@piazza/contract/registry';
import type { FastifyInstance } from 'fastify';
import { migrationsApplied } from '../../db/migrate';
import { apiBase, implement } from '../../http/implement';
import type { Services } from '../../services';
import { accountOf } from '../identity';
import { buildOpenApi, renderDocs } from './openapi';

/*
 * The contract's calls are fixed when the process starts, so their OpenAPI document is too: it is made on the
 * first request for it and kept for the process. Converting every call's schemas costs a few hundred
 * milliseconds, which a server start (and each of the server tests' apps) no longer pays.
 */
let apiDocs: { doc: Record<string, unknown>; html: string } | undefined;
function apiDocument(): { doc: Record<string, unknown>; html: string } {
  if (!apiDocs) {
    const doc = buildOpenApi(allCalls);
    apiDocs = { doc, html: renderDocs(doc) };
  }
  return apiDocs;
}

export async function registerSystem(app: FastifyInstance, services: Services): Promise<void> {
  const { db } = services;
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    try {
      if (await migrationsApplied(db)) return { status: 'ready' };
      return reply.status(503).send({ status: 'migrations pending' });
    } catch {
      return reply.status(503).send({ status: 'database unreachable' });
    }
  });

  app.get(`${apiBase}/openapi.json`, async () => apiDocument().doc);
  app.get(`${apiBase}/docs`, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(apiDocument().html),
  );

  // The outbox exists only in demo mode: elsewhere the path is simply not there.
  if (services.config.demoMode) {
    implement(app, services, devOutbox, async ({ input, q }) => {
      const rows = await q.query<{ to: string; scene: string; code: string; createdAt: Date }>(
        `select recipient as "to", scene, code, created_at as "createdAt" from outbox
          where recipient = $1 order by id desc limit 50`,
        // The same normalisation as register and login, so '333 123 4567' finds '+393331234567'.
        [accountOf(input.to, input.areaCode).account],
      );
      return { list: rows.map((r) => ({ ...r, createdAt: r.createdAt.getTime() })) };
    });
  }
}
