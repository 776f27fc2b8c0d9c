import { adminContent, adminContentSave } from '@piazza/contract/calls/admin';
import type { FastifyInstance } from 'fastify';
import { implement, operatorOf } from '../../http/implement';
import { audit } from '../../kit/audit';
import type { Services } from '../../services';
import { type ContentPage, findPage, listPages, savePage } from './pages';

const present = (p: ContentPage) => ({ ...p, updatedAt: p.updatedAt.getTime() });

/** The content texts' editor: admins replace a text in one language; the old and new text go to the audit log. */
export function mountContentEditor(app: FastifyInstance, services: Services): void {
  implement(app, services, adminContent, async ({ q }) => ({ list: (await listPages(q)).map(present) }));

  implement(app, services, adminContentSave, async (ctx) => {
    const op = operatorOf(ctx);
    const { key, language, title, body } = ctx.input;
    return ctx.db.tx(async (tx) => {
      const before = await findPage(tx, key, language);
      const page = await savePage(tx, { key, language, title, body });
      await audit(tx, {
        operatorId: op.id,
        action: 'content.save',
        targetType: 'content',
        targetId: `${key}:${language}`,
        before: before ? { title: before.title, body: before.body } : null,
        after: { title, body },
      });
      return { page: present(page) };
    });
  });
}
