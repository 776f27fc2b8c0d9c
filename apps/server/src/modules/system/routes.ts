import { devOutbox } from '@piazza/contract/calls/system';
import { allCalls } from '@piazza/contract/registry';
import type { FastifyInstance } from 'fastify';
import { migrationsApplied } from '../../db/migrate';
import { apiBase, implement } from '../../http/implement';
import type { Services } from '../../services';
import { accountOf } from '../identity';
import { buildOpenApi, renderDocs } from './openapi';

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

  const doc = buildOpenApi(allCalls);
  const docsHtml = renderDocs(doc);
  app.get(`${apiBase}/openapi.json`, async () => doc);
  app.get(`${apiBase}/docs`, async (_req, reply) => reply.type('text/html; charset=utf-8').send(docsHtml));

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
