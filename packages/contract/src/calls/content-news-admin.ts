import { z } from 'zod';
import { defineCall } from '../define';
import { flagField, intField, pageFields, rowIdField } from '../fields';
import { languages, listOf } from '../wire';
import {
  adminArticleView,
  adminBannerView,
  adminSourceView,
  adminVoteView,
  imageView,
} from './content-news-shapes';

/*
 * News, feed sources, banners and votes in the back office (issue 15 items 2–4): every text in both
 * languages, every change audited. Support writes them and compliance checks marketing communications.
 */

const desks = ['support', 'compliance'] as const;

const text = (key: string, max: number) =>
  z.string({ error: key }).trim().min(1, { error: key }).max(max, { error: key });
const instant = (key: string) => intField(key).pipe(z.number().min(0, { error: key }));
/** An optional instant: empty or 0 means none. */
const optionalInstant = (key: string) =>
  z
    .union([z.literal(''), intField(key)])
    .transform((v) => (v === '' || v === 0 ? null : v))
    .pipe(z.number().min(0, { error: key }).nullable())
    .optional();
/** An uploaded image's id (answered by /admin/content/image). */
const imageId = (key: string) =>
  z
    .string({ error: key })
    .trim()
    .regex(/^[a-f0-9]{32}$/, { error: key });

export const adminContentImage = defineCall({
  method: 'POST',
  path: '/admin/content/image',
  auth: 'operator',
  roles: desks,
  tag: 'admin-content',
  summary:
    'multipart/form-data with one file field: a JPEG or PNG recognised by its content, at most 5 MB, its metadata removed. For covers and banners.',
  input: {},
  output: imageView,
});

export const adminNews = defineCall({
  method: 'GET',
  path: '/admin/news',
  auth: 'operator',
  roles: desks,
  tag: 'admin-content',
  summary: 'Every article, withdrawn and imported ones too, newest first.',
  input: { ...pageFields },
  output: listOf(adminArticleView),
});

export const adminNewsSave = defineCall({
  method: 'POST',
  path: '/admin/news/save',
  auth: 'operator',
  roles: desks,
  tag: 'admin-content',
  summary:
    'Writes an article (no id) or changes one: title and body in both languages (the body is HTML, sanitised before it is stored), a cover, related symbols (comma-separated) and the publish time. Audited.',
  input: {
    id: rowIdField.optional(),
    titleIt: text('news.title', 200),
    titleEn: text('news.title', 200),
    bodyIt: text('news.body', 100_000),
    bodyEn: text('news.body', 100_000),
    coverId: z.union([z.literal(''), imageId('news.cover')]).optional(),
    symbols: z
      .string({ error: 'news.symbols' })
      .trim()
      .regex(/^([A-Za-z0-9._-]{1,32}(\s*,\s*[A-Za-z0-9._-]{1,32}){0,19})?$/, { error: 'news.symbols' })
      .optional(),
    publishAt: instant('news.publishAt'),
  },
  output: adminArticleView,
});

export const adminNewsWithdraw = defineCall({
  method: 'POST',
  path: '/admin/news/withdraw',
  auth: 'operator',
  roles: desks,
  tag: 'admin-content',
  summary: 'Takes an article off the app (it stays in the back office). Audited.',
  input: { id: rowIdField },
  output: adminArticleView,
});

export const adminNewsSources = defineCall({
  method: 'GET',
  path: '/admin/news/sources',
  auth: 'operator',
  roles: desks,
  tag: 'admin-content',
  summary: 'The RSS/Atom feeds imported as news, with their last fetch.',
  input: {},
  output: z.object({ list: z.array(adminSourceView) }),
});

export const adminNewsSourceSave = defineCall({
  method: 'POST',
  path: '/admin/news/sources/save',
  auth: 'operator',
  roles: desks,
  tag: 'admin-content',
  summary:
    'Adds a feed (no id) or changes one: its name, http(s) address, language, and whether it is imported. Audited.',
  input: {
    id: rowIdField.optional(),
    name: text('news.sourceName', 100),
    url: z
      .string({ error: 'news.sourceUrl' })
      .trim()
      .max(500, { error: 'news.sourceUrl' })
      .regex(/^https?:\/\/[^\s]+$/, { error: 'news.sourceUrl' }),
    language: z.enum(languages, { error: 'admin.content.language' }),
    active: flagField(),
  },
  output: adminSourceView,
});

export const adminNewsSourceFetch = defineCall({
  method: 'POST',
  path: '/admin/news/sources/fetch',
  auth: 'operator',
  roles: desks,
  tag: 'admin-content',
  summary: 'Imports a feed now, as a run of the news-import job; answers how many new articles it added.',
  input: { id: rowIdField },
  output: z.object({ summary: z.string(), source: adminSourceView }),
});

export const adminBanners = defineCall({
  method: 'GET',
  path: '/admin/banners',
  auth: 'operator',
  roles: desks,
  tag: 'admin-content',
  summary: 'Every banner, withdrawn ones too, in display order.',
  input: {},
  output: z.object({ list: z.array(adminBannerView) }),
});

export const adminBannerSave = defineCall({
  method: 'POST',
  path: '/admin/banners/save',
  auth: 'operator',
  roles: desks,
  tag: 'admin-content',
  summary:
    'Writes a banner (no id) or changes one: its text in both languages (the image’s alternative text), image, target page of the app, order and window. Audited.',
  input: {
    id: rowIdField.optional(),
    titleIt: text('banner.title', 120),
    titleEn: text('banner.title', 120),
    imageId: imageId('banner.image'),
    target: z
      .string({ error: 'banner.targetMissing' })
      .trim()
      .min(1, { error: 'banner.targetMissing' })
      .max(300),
    sortOrder: intField('banner.order').pipe(
      z.number().min(0, { error: 'banner.order' }).max(999, { error: 'banner.order' }),
    ),
    startsAt: instant('window.startsAt'),
    endsAt: optionalInstant('window.endsAt'),
  },
  output: adminBannerView,
});

export const adminBannerWithdraw = defineCall({
  method: 'POST',
  path: '/admin/banners/withdraw',
  auth: 'operator',
  roles: desks,
  tag: 'admin-content',
  summary: 'Takes a banner off the app. Audited.',
  input: { id: rowIdField },
  output: adminBannerView,
});

export const adminVotes = defineCall({
  method: 'GET',
  path: '/admin/votes',
  auth: 'operator',
  roles: desks,
  tag: 'admin-content',
  summary: 'Every poll with its counts, newest first.',
  input: { ...pageFields },
  output: listOf(adminVoteView),
});

/** Options are one a line; both languages have the same number of lines. */
const optionLines = z
  .string({ error: 'vote.options' })
  .transform((v) =>
    v
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.string().max(120, { error: 'vote.optionLength' }))
      .min(2, { error: 'vote.options' })
      .max(10, { error: 'vote.options' }),
  );

export const adminVoteSave = defineCall({
  method: 'POST',
  path: '/admin/votes/save',
  auth: 'operator',
  roles: desks,
  tag: 'admin-content',
  summary:
    'Writes a poll (no id) or changes one: the question and its options (one a line) in both languages, and its window. Options cannot change once someone voted. Audited.',
  input: {
    id: rowIdField.optional(),
    questionIt: text('vote.question', 300),
    questionEn: text('vote.question', 300),
    optionsIt: optionLines,
    optionsEn: optionLines,
    opensAt: instant('window.startsAt'),
    closesAt: instant('window.endsAt'),
  },
  output: adminVoteView,
});

export const adminVoteWithdraw = defineCall({
  method: 'POST',
  path: '/admin/votes/withdraw',
  auth: 'operator',
  roles: desks,
  tag: 'admin-content',
  summary: 'Takes a poll off the app; its ballots stay. Audited.',
  input: { id: rowIdField },
  output: adminVoteView,
});
