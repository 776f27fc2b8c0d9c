import { randomBytes } from 'node:crypto';
import { isAppPage } from '@piazza/contract/app-pages';
import {
  castVote,
  indexAds,
  indexNews,
  indexNewsInfo,
  indexVoteInfo,
} from '@piazza/contract/calls/content-news';
import {
  adminBannerSave,
  adminBanners,
  adminBannerWithdraw,
  adminNews,
  adminNewsSave,
  adminNewsSourceFetch,
  adminNewsSourceSave,
  adminNewsSources,
  adminNewsWithdraw,
  adminVoteSave,
  adminVotes,
  adminVoteWithdraw,
} from '@piazza/contract/calls/content-news-admin';
import type { FastifyInstance } from 'fastify';
import { one } from '../../db/db';
import { implement, operatorOf, userOf } from '../../http/implement';
import { audit } from '../../kit/audit';
import { pageAt } from '../../kit/paging';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { adminBannerView, allBanners, bannerView, findBanner, liveBanners, writeBanner } from './banners';
import { findSource, importJobName, runImport, type SourceRow, sourceColumns, sourceView } from './feeds';
import { imageExists } from './images';
import {
  adminView,
  allArticles,
  detailView,
  findArticle,
  itemView,
  normaliseSymbols,
  publishedArticle,
  publishedArticles,
  writeArticle,
} from './news';
import { plainText, sanitiseRichText } from './rich-text';
import {
  adminPollView,
  allPolls,
  ballotOf,
  currentPoll,
  findPoll,
  optionsOf,
  pollView,
  stateOf,
  writePoll,
} from './votes';

/** A day as the refusals write it (the catalogue shows 2026-11-29 as 29/11/2026 in Italian), in Rome. */
const dayOf = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(d);

function checkWindow(startsAt: number, endsAt: number | null | undefined) {
  if (endsAt !== null && endsAt !== undefined && endsAt <= startsAt) throw new Refusal('window.order');
}

/** The investor's news, banners and polls, and the back office's editors of them (issue 15 items 2–4). */
export function mountNews(app: FastifyInstance, services: Services): void {
  const { clock } = services;

  // --- investor ---
  implement(app, services, indexNews, async ({ input, q, lang }) => {
    const at = pageAt(input);
    const { rows, total } = await publishedArticles(q, clock.now(), at, input.symbol);
    return { list: rows.map((r) => itemView(r, lang)), total, ...at };
  });

  implement(app, services, indexNewsInfo, async ({ input, q, lang }) => {
    const row = await publishedArticle(q, clock.now(), input.id);
    if (!row) throw new Refusal('news.notFound');
    return detailView(row, lang);
  });

  implement(app, services, indexAds, async ({ q, lang }) => ({
    list: (await liveBanners(q, clock.now())).map((b) => bannerView(b, lang)),
  }));

  implement(app, services, indexVoteInfo, async ({ input, q, lang, user }) => {
    const now = clock.now();
    const poll = input.id === undefined ? await currentPoll(q, now) : await findPoll(q, input.id);
    if (!poll || poll.withdrawnAt) {
      if (input.id !== undefined) throw new Refusal('vote.notFound');
      return { vote: null };
    }
    const mine = user ? await ballotOf(q, poll.id, user.id) : null;
    return { vote: pollView(poll, await optionsOf(q, poll.id), mine, now, lang) };
  });

  implement(app, services, castVote, async (ctx) => {
    const user = userOf(ctx);
    const { id, option } = ctx.input;
    const now = clock.now();
    return ctx.db.tx(async (tx) => {
      const poll = await findPoll(tx, id);
      if (!poll || poll.withdrawnAt) throw new Refusal('vote.notFound');
      const state = stateOf(poll, now);
      if (state === 'upcoming') throw new Refusal('vote.notOpen', [dayOf(poll.opensAt)]);
      if (state === 'closed') throw new Refusal('vote.closed', [dayOf(poll.closesAt)]);
      const options = await optionsOf(tx, id);
      if (!options.some((o) => o.id === option)) throw new Refusal('vote.optionUnknown');
      // The primary key (poll, investor) decides: a second ballot, racing or not, inserts nothing.
      const cast = await tx.query(
        `insert into vote_ballots (poll_id, user_id, option_id, created_at) values ($1, $2, $3, $4)
         on conflict (poll_id, user_id) do nothing returning option_id`,
        [id, user.id, option, new Date(now)],
      );
      if (cast.length === 0) throw new Refusal('vote.already');
      return pollView(poll, await optionsOf(tx, id), option, now, ctx.lang);
    });
  });

  // --- back office: articles ---
  implement(app, services, adminNews, async ({ input, q }) => {
    const at = pageAt(input);
    const { rows, total } = await allArticles(q, at);
    return { list: rows.map(adminView), total, ...at };
  });

  implement(app, services, adminNewsSave, async (ctx) => {
    const op = operatorOf(ctx);
    const { id, titleIt, titleEn, publishAt } = ctx.input;
    const bodies = { it: sanitiseRichText(ctx.input.bodyIt), en: sanitiseRichText(ctx.input.bodyEn) };
    for (const [language, body] of [
      ['it-IT', bodies.it],
      ['en-US', bodies.en],
    ] as const)
      if (plainText(body) === '' && !body.includes('<img')) throw new Refusal('news.bodyEmpty', [language]);
    const coverId = ctx.input.coverId || null;
    return ctx.db.tx(async (tx) => {
      if (coverId && !(await imageExists(tx, coverId))) throw new Refusal('news.coverUnknown');
      const before = id === undefined ? undefined : await findArticle(tx, id, true);
      if (id !== undefined && (!before || before.source !== null)) throw new Refusal('news.notFound');
      const draft = {
        titleIt,
        titleEn,
        bodyIt: bodies.it,
        bodyEn: bodies.en,
        coverId,
        symbols: normaliseSymbols(ctx.input.symbols),
        publishAt: new Date(publishAt),
      };
      const savedId = await writeArticle(tx, draft, id);
      const saved = await findArticle(tx, savedId);
      if (!saved) throw new Error('article vanished');
      await audit(tx, {
        operatorId: op.id,
        action: id === undefined ? 'news.create' : 'news.update',
        targetType: 'news',
        targetId: savedId,
        before: before ? adminView(before) : null,
        after: adminView(saved),
      });
      return adminView(saved);
    });
  });

  implement(app, services, adminNewsWithdraw, async (ctx) => {
    const op = operatorOf(ctx);
    return ctx.db.tx(async (tx) => {
      const before = await findArticle(tx, ctx.input.id, true);
      if (!before) throw new Refusal('news.notFound');
      await tx.query('update news_articles set withdrawn_at = coalesce(withdrawn_at, $2) where id = $1', [
        before.id,
        new Date(clock.now()),
      ]);
      const after = await findArticle(tx, before.id);
      if (!after) throw new Error('article vanished');
      await audit(tx, {
        operatorId: op.id,
        action: 'news.withdraw',
        targetType: 'news',
        targetId: before.id,
        before: { withdrawnAt: before.withdrawnAt },
        after: { withdrawnAt: after.withdrawnAt },
      });
      return adminView(after);
    });
  });

  // --- back office: feed sources ---
  implement(app, services, adminNewsSources, async ({ q }) => ({
    list: (await q.query<SourceRow>(`select ${sourceColumns} from news_sources s order by s.id`)).map(
      sourceView,
    ),
  }));

  implement(app, services, adminNewsSourceSave, async (ctx) => {
    const op = operatorOf(ctx);
    const { id, name, url, language, active } = ctx.input;
    return ctx.db.tx(async (tx) => {
      const before = id === undefined ? undefined : await findSource(tx, id);
      if (id !== undefined && !before) throw new Refusal('news.sourceNotFound');
      const row =
        id === undefined
          ? await one<{ id: number }>(
              tx,
              'insert into news_sources (name, url, language, active) values ($1, $2, $3, $4) returning id',
              [name, url, language, active],
            )
          : await one<{ id: number }>(
              tx,
              'update news_sources set name = $1, url = $2, language = $3, active = $4 where id = $5 returning id',
              [name, url, language, active, id],
            );
      const saved = row ? await findSource(tx, row.id) : undefined;
      if (!saved) throw new Error('feed vanished');
      await audit(tx, {
        operatorId: op.id,
        action: id === undefined ? 'news-source.create' : 'news-source.update',
        targetType: 'news-source',
        targetId: saved.id,
        before: before
          ? { name: before.name, url: before.url, language: before.language, active: before.active }
          : null,
        after: { name, url, language, active },
      });
      return sourceView(saved);
    });
  });

  implement(app, services, adminNewsSourceFetch, async (ctx) => {
    const op = operatorOf(ctx);
    const source = await findSource(ctx.db, ctx.input.id);
    if (!source) throw new Refusal('news.sourceNotFound');
    const now = clock.now();
    // A run of the job like the scheduled ones (listed on the Jobs screen), keyed apart from them.
    const key = `${source.id}@now-${new Date(now).toISOString()}-${randomBytes(3).toString('hex')}`;
    let summary: string;
    try {
      const outcome = await services.jobs.runPeriod(importJobName, key, {
        nowMs: now,
        requestedBy: `operator:${op.id}`,
      });
      summary = outcome.run?.summary ?? (await runImport(services, source.id, now));
    } catch (err) {
      throw new Refusal('news.sourceFailed', [err instanceof Error ? err.message : String(err)]);
    }
    const after = await findSource(ctx.db, source.id);
    if (!after) throw new Refusal('news.sourceNotFound');
    return { summary, source: sourceView(after) };
  });

  // --- back office: banners ---
  implement(app, services, adminBanners, async ({ q }) => ({
    list: (await allBanners(q)).map(adminBannerView),
  }));

  implement(app, services, adminBannerSave, async (ctx) => {
    const op = operatorOf(ctx);
    const { id, titleIt, titleEn, imageId, target, sortOrder, startsAt, endsAt } = ctx.input;
    if (!isAppPage(target)) throw new Refusal('banner.target', [target]);
    checkWindow(startsAt, endsAt);
    return ctx.db.tx(async (tx) => {
      if (!(await imageExists(tx, imageId))) throw new Refusal('banner.imageUnknown');
      const before = id === undefined ? undefined : await findBanner(tx, id);
      if (id !== undefined && !before) throw new Refusal('banner.notFound');
      const saved = await writeBanner(
        tx,
        {
          titleIt,
          titleEn,
          imageId,
          target,
          sortOrder,
          startsAt: new Date(startsAt),
          endsAt: endsAt ? new Date(endsAt) : null,
        },
        id,
      );
      await audit(tx, {
        operatorId: op.id,
        action: id === undefined ? 'banner.create' : 'banner.update',
        targetType: 'banner',
        targetId: saved.id,
        before: before ? adminBannerView(before) : null,
        after: adminBannerView(saved),
      });
      return adminBannerView(saved);
    });
  });

  implement(app, services, adminBannerWithdraw, async (ctx) => {
    const op = operatorOf(ctx);
    return ctx.db.tx(async (tx) => {
      const before = await findBanner(tx, ctx.input.id);
      if (!before) throw new Refusal('banner.notFound');
      await tx.query('update banners set withdrawn_at = coalesce(withdrawn_at, $2) where id = $1', [
        before.id,
        new Date(clock.now()),
      ]);
      const after = await findBanner(tx, before.id);
      if (!after) throw new Error('banner vanished');
      await audit(tx, {
        operatorId: op.id,
        action: 'banner.withdraw',
        targetType: 'banner',
        targetId: before.id,
        before: { withdrawnAt: before.withdrawnAt },
        after: { withdrawnAt: after.withdrawnAt },
      });
      return adminBannerView(after);
    });
  });

  // --- back office: polls ---
  implement(app, services, adminVotes, async ({ input, q }) => {
    const at = pageAt(input);
    const { rows, total } = await allPolls(q, at);
    const list = [];
    for (const p of rows) list.push(adminPollView(p, await optionsOf(q, p.id)));
    return { list, total, ...at };
  });

  implement(app, services, adminVoteSave, async (ctx) => {
    const op = operatorOf(ctx);
    const { id, questionIt, questionEn, optionsIt, optionsEn, opensAt, closesAt } = ctx.input;
    if (optionsIt.length !== optionsEn.length) throw new Refusal('vote.optionsMismatch');
    checkWindow(opensAt, closesAt);
    return ctx.db.tx(async (tx) => {
      const before = id === undefined ? undefined : await findPoll(tx, id, true);
      if (id !== undefined && !before) throw new Refusal('vote.notFound');
      const beforeOptions = before ? await optionsOf(tx, before.id) : [];
      const voted = beforeOptions.some((o) => o.votes > 0);
      if (voted && beforeOptions.length !== optionsIt.length) throw new Refusal('vote.locked');
      const savedId = await writePoll(
        tx,
        {
          questionIt,
          questionEn,
          optionsIt,
          optionsEn,
          opensAt: new Date(opensAt),
          closesAt: new Date(closesAt),
        },
        id,
      );
      const saved = await findPoll(tx, savedId);
      if (!saved) throw new Error('poll vanished');
      const view = adminPollView(saved, await optionsOf(tx, savedId));
      await audit(tx, {
        operatorId: op.id,
        action: id === undefined ? 'vote.create' : 'vote.update',
        targetType: 'vote',
        targetId: savedId,
        before: before ? adminPollView(before, beforeOptions) : null,
        after: view,
      });
      return view;
    });
  });

  implement(app, services, adminVoteWithdraw, async (ctx) => {
    const op = operatorOf(ctx);
    return ctx.db.tx(async (tx) => {
      const before = await findPoll(tx, ctx.input.id, true);
      if (!before) throw new Refusal('vote.notFound');
      await tx.query('update vote_polls set withdrawn_at = coalesce(withdrawn_at, $2) where id = $1', [
        before.id,
        new Date(clock.now()),
      ]);
      const after = await findPoll(tx, before.id);
      if (!after) throw new Error('poll vanished');
      await audit(tx, {
        operatorId: op.id,
        action: 'vote.withdraw',
        targetType: 'vote',
        targetId: before.id,
        before: { withdrawnAt: before.withdrawnAt },
        after: { withdrawnAt: after.withdrawnAt },
      });
      return adminPollView(after, await optionsOf(tx, after.id));
    });
  });
}
