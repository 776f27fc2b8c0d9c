import * as calls from '@piazza/contract/calls/regulatory';
import type { FastifyInstance } from 'fastify';
import { implement, operatorOf } from '../../http/implement';
import { audit } from '../../kit/audit';
import type { Services } from '../../services';
import { adminView, linksOf, publicView, readRegulatory, saveRegulatory } from './regulatory-info';

/* The regulatory page's information (issue 15 item 6): read by anyone, set by compliance, every change audited. */

export async function registerRegulatory(app: FastifyInstance, services: Services): Promise<void> {
  const { clock, db } = services;

  implement(app, services, calls.indexRegulatory, async (ctx) =>
    publicView(await readRegulatory(ctx.db), ctx.lang),
  );

  implement(app, services, calls.adminRegulatory, async (ctx) => adminView(await readRegulatory(ctx.db)));

  implement(app, services, calls.adminRegulatorySave, async (ctx) => {
    const op = operatorOf(ctx);
    const { legalName, registrationNumber, regulatorIt, regulatorEn, authorisationNumber } = ctx.input;
    const links = linksOf(ctx.input);
    return db.tx(async (q) => {
      const before = await readRegulatory(q);
      const row = { legalName, registrationNumber, regulatorIt, regulatorEn, authorisationNumber, links };
      const saved = await saveRegulatory(q, row, new Date(clock.now()), op.id);
      await audit(q, {
        operatorId: op.id,
        action: 'regulatory.save',
        targetType: 'regulatory',
        targetId: 1,
        before: before ? { ...before, updatedAt: before.updatedAt.toISOString() } : null,
        after: row,
      });
      return adminView(saved);
    });
  });

  implement(app, services, calls.adminRegulatoryClear, async (ctx) => {
    const op = operatorOf(ctx);
    return db.tx(async (q) => {
      const before = await readRegulatory(q);
      await q.query('delete from regulatory_info where id = 1');
      if (before) {
        await audit(q, {
          operatorId: op.id,
          action: 'regulatory.clear',
          targetType: 'regulatory',
          targetId: 1,
          before: { ...before, updatedAt: before.updatedAt.toISOString() },
          after: null,
        });
      }
      return adminView(undefined);
    });
  });
}
