import { z } from 'zod';

/* What the news, banner and vote calls answer (calls/content-news.ts, calls/content-news-admin.ts). */

/** An article in a list, in the reader's language: the body's first words as plain text. */
export const newsItemView = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  /** The cover's address (an image the server checked by content), or null. */
  cover: z.string().nullable(),
  symbols: z.array(z.string()),
  publishedAt: z.number(),
  /** The feed an imported article came from, or null for the operator's own. */
  source: z.string().nullable(),
});
export type NewsItemView = z.output<typeof newsItemView>;

/** An article to read: its body is HTML the server sanitised (safe to render as it is). */
export const newsDetailView = newsItemView.extend({
  body: z.string(),
  /** The original's address, for an imported article. */
  link: z.string().nullable(),
});

export const bannerView = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  /** A page of the app (`/pages/news/list`). */
  target: z.string(),
});

export const voteStates = ['upcoming', 'open', 'closed'] as const;

export const voteView = z.object({
  id: z.number().int(),
  question: z.string(),
  opensAt: z.number(),
  closesAt: z.number(),
  state: z.enum(voteStates),
  /** The option the caller chose, or null (not voted, or not signed in). */
  myOption: z.number().int().nullable(),
  /** Counts are shown after the caller voted or after the close; null until then. */
  results: z
    .object({
      total: z.number().int(),
      counts: z.array(z.object({ option: z.number().int(), votes: z.number().int() })),
    })
    .nullable(),
  options: z.array(z.object({ id: z.number().int(), label: z.string() })),
});
export type VoteView = z.output<typeof voteView>;

export const adminArticleView = z.object({
  id: z.number().int(),
  titleIt: z.string().nullable(),
  titleEn: z.string().nullable(),
  bodyIt: z.string().nullable(),
  bodyEn: z.string().nullable(),
  coverId: z.string().nullable(),
  cover: z.string().nullable(),
  symbols: z.array(z.string()),
  publishAt: z.number(),
  withdrawnAt: z.number().nullable(),
  source: z.string().nullable(),
  link: z.string().nullable(),
});

export const adminSourceView = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  language: z.enum(['it-IT', 'en-US']),
  active: z.boolean(),
  lastFetchedAt: z.number().nullable(),
  lastError: z.string().nullable(),
  articles: z.number().int(),
});

export const adminBannerView = z.object({
  id: z.number().int(),
  titleIt: z.string(),
  titleEn: z.string(),
  imageId: z.string(),
  image: z.string(),
  target: z.string(),
  sortOrder: z.number().int(),
  startsAt: z.number(),
  endsAt: z.number().nullable(),
  withdrawnAt: z.number().nullable(),
});

export const adminVoteView = z.object({
  id: z.number().int(),
  questionIt: z.string(),
  questionEn: z.string(),
  options: z.array(
    z.object({ id: z.number().int(), labelIt: z.string(), labelEn: z.string(), votes: z.number().int() }),
  ),
  opensAt: z.number(),
  closesAt: z.number(),
  withdrawnAt: z.number().nullable(),
  total: z.number().int(),
});

/** An uploaded image: JPEG or PNG recognised by its content, its metadata removed. */
export const imageView = z.object({ id: z.string(), url: z.string(), kind: z.enum(['jpeg', 'png']) });
