import multipart from '@fastify/multipart';
import * as calls from '@piazza/contract/calls/service';
import type { FastifyInstance } from 'fastify';
import { one } from '../../db/db';
import { implement, operatorOf, userOf } from '../../http/implement';
import { audit } from '../../kit/audit';
import { pageAt } from '../../kit/paging';
import type { BlobStore } from '../../platform/blob-store';
import { openBlobStore } from '../../platform/blob-store-open';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { mountAttachments } from './attachments';
import { cannedReplies, deleteCanned, saveCanned } from './canned';
import {
  conversationPage,
  markRead,
  unreadByOperators,
  unreadByUser,
  writeOperatorMessage,
  writeUserMessage,
} from './conversation';
import { answeringOperators, conversationLine, inboxPage } from './inbox';
import { mountInboxStream } from './inbox-stream';
import { type ServiceNews, serviceNews } from './news';
import { type ScriptSetting, scriptSetting } from './script-setting';

/*
 * Customer service (issue 15 item 5, decision 039): the investor's conversation, the operators' inbox, canned
 * replies and the external chat script. Multipart is registered in this module's own context for the images.
 */
export async function registerService(app: FastifyInstance, services: Services, blobs?: BlobStore) {
  const news = serviceNews(services.bus);
  const setting = await scriptSetting(services, (stop) => app.addHook('onClose', async () => stop()));
  const store = blobs ?? openBlobStore(services.config.dataDir);
  await app.register(async (scope) => {
    await scope.register(multipart);
    mountAttachments(scope, services, store, news);
  });
  await mountInboxStream(app, services);
  mountInvestorCalls(app, services, news, setting);
  mountInboxCalls(app, services, news);
  mountSettingCalls(app, services, setting);
}

function mountInvestorCalls(
  app: FastifyInstance,
  services: Services,
  news: ServiceNews,
  setting: ScriptSetting,
) {
  const { clock, db } = services;

  implement(app, services, calls.commonServiceInfo, async () => ({ scriptUrl: setting.inForce().scriptUrl }));

  implement(app, services, calls.userServiceMessages, async (ctx) => {
    const userId = userOf(ctx).id;
    const page = await conversationPage(ctx.db, userId, pageAt(ctx.input, 30), 'user');
    return { ...page, unread: await unreadByUser(ctx.db, userId) };
  });

  implement(app, services, calls.userServiceSend, async (ctx) => {
    const userId = userOf(ctx).id;
    const message = await db.tx((q) =>
      writeUserMessage(q, userId, { body: ctx.input.text, attachmentId: null }, clock.now()),
    );
    await news.investorWrote(userId);
    return message;
  });

  implement(app, services, calls.userServiceRead, async (ctx) => {
    const userId = userOf(ctx).id;
    await markRead(ctx.db, userId, 'user', clock.now());
    await news.inboxChanged(userId, 'read');
    return { unread: await unreadByUser(ctx.db, userId) };
  });

  implement(app, services, calls.userServiceUnread, async (ctx) => ({
    unread: await unreadByUser(ctx.db, userOf(ctx).id),
  }));
}

function mountInboxCalls(app: FastifyInstance, services: Services, news: ServiceNews) {
  const { clock, db } = services;

  implement(app, services, calls.adminServiceConversations, async (ctx) => {
    const page = await inboxPage(ctx.db, ctx.input.filter ?? 'all', operatorOf(ctx).id, pageAt(ctx.input));
    return { ...page, unread: await unreadByOperators(ctx.db) };
  });

  implement(app, services, calls.adminServiceMessages, async (ctx) => {
    const conversation = await conversationLine(ctx.db, ctx.input.userId);
    const page = await conversationPage(ctx.db, ctx.input.userId, pageAt(ctx.input, 30), 'operator');
    return { ...page, conversation };
  });

  implement(app, services, calls.adminServiceRead, async (ctx) => {
    await conversationLine(ctx.db, ctx.input.userId);
    await markRead(ctx.db, ctx.input.userId, 'operator', clock.now());
    await news.inboxChanged(ctx.input.userId, 'read');
    return { unread: await unreadByOperators(ctx.db, ctx.input.userId) };
  });

  implement(app, services, calls.adminServiceReply, async (ctx) => {
    const op = operatorOf(ctx);
    const { userId, text } = ctx.input;
    const message = await db.tx((q) => writeOperatorMessage(q, userId, op.id, text, clock.now()));
    await news.operatorAnswered(userId, message, await unreadByUser(db, userId));
    return message;
  });

  implement(app, services, calls.adminServiceAssign, async (ctx) => {
    const op = operatorOf(ctx);
    const { userId } = ctx.input;
    const wanted = ctx.input.operatorId === undefined ? op.id : ctx.input.operatorId;
    await db.tx(async (q) => {
      const before = await one<{ assigneeId: number | null }>(
        q,
        'select assignee_id as "assigneeId" from service_conversations where user_id = $1 for update',
        [userId],
      );
      if (!before) throw new Refusal('service.noConversation');
      if (wanted !== 0) {
        const ok = (await answeringOperators(q)).some((o) => o.id === wanted);
        if (!ok) throw new Refusal('service.operator');
      }
      const assigneeId = wanted === 0 ? null : wanted;
      await q.query('update service_conversations set assignee_id = $2 where user_id = $1', [
        userId,
        assigneeId,
      ]);
      await audit(q, {
        operatorId: op.id,
        action: 'serviceConversation.assign',
        targetType: 'user',
        targetId: userId,
        before: { ...before },
        after: { assigneeId },
      });
    });
    await news.inboxChanged(userId, 'assign');
    return conversationLine(db, userId);
  });

  implement(app, services, calls.adminServiceOperators, async (ctx) => ({
    list: await answeringOperators(ctx.db),
  }));

  implement(app, services, calls.adminServiceCanned, async (ctx) => ({ list: await cannedReplies(ctx.db) }));

  implement(app, services, calls.adminServiceCannedSave, async (ctx) =>
    db.tx((q) => saveCanned(q, operatorOf(ctx).id, ctx.input, clock.now())),
  );

  implement(app, services, calls.adminServiceCannedDelete, async (ctx) => {
    await db.tx((q) => deleteCanned(q, operatorOf(ctx).id, ctx.input.id));
    return { id: ctx.input.id };
  });
}

function mountSettingCalls(app: FastifyInstance, services: Services, setting: ScriptSetting) {
  implement(app, services, calls.adminServiceSettings, async () => setting.inForce());

  implement(app, services, calls.adminServiceSettingsSave, async (ctx) => {
    const op = operatorOf(ctx);
    const before = setting.inForce();
    await services.db.tx(async (q) => {
      await setting.save(q, ctx.input.scriptUrl);
      await audit(q, {
        operatorId: op.id,
        action: 'serviceScript.save',
        targetType: 'serviceSettings',
        targetId: 1,
        before: { ...before },
        after: { scriptUrl: ctx.input.scriptUrl },
      });
    });
    await setting.announce();
    return setting.inForce();
  });
}
