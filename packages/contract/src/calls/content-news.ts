import { z } from 'zod';
import { defineCall } from '../define';
import { pageFields, rowIdField } from '../fields';
import { listOf } from '../wire';
import { bannerView, newsDetailView, newsItemView, voteView } from './content-news-shapes';

/*
 * News, banners and votes for the investor app (issue 15 items 2–4, DESIGN.md §11), each in the caller's
 * Accept-Language (the other language when the operator wrote only one). Guests read; voting needs a session.
 */

export const indexNews = defineCall({
  method: 'GET',
  path: '/index/news',
  auth: 'guest',
  tag: 'content',
  summary:
    'Published articles, newest first; `symbol` keeps those related to one instrument (the K-line page).',
  input: {
    ...pageFields,
    symbol: z
      .string({ error: 'news.symbol' })
      .trim()
      .regex(/^[A-Za-z0-9._-]{1,32}$/, { error: 'news.symbol' })
      .optional(),
  },
  output: listOf(newsItemView),
});

export const indexNewsInfo = defineCall({
  method: 'GET',
  path: '/index/news/info',
  auth: 'guest',
  tag: 'content',
  summary: 'One published article with its sanitised body.',
  input: { id: rowIdField },
  output: newsDetailView,
});

export const indexAds = defineCall({
  method: 'GET',
  path: '/index/ads',
  auth: 'guest',
  tag: 'content',
  summary: 'The banners in their window, in the operator’s order; each leads to a page of the app.',
  input: {},
  output: z.object({ list: z.array(bannerView) }),
});

export const indexVoteInfo = defineCall({
  method: 'GET',
  path: '/index/vote/info',
  auth: 'guest',
  tag: 'content',
  summary:
    'A poll (the latest open one when no id is given, else the latest closed): results once the caller voted or the poll closed.',
  input: { id: rowIdField.optional() },
  output: z.object({ vote: voteView.nullable() }),
});

export const castVote = defineCall({
  method: 'POST',
  path: '/vote',
  auth: 'user',
  tag: 'content',
  summary: 'Votes once in an open poll; a second vote is refused. Answers the poll with its results.',
  input: { id: rowIdField, option: rowIdField },
  output: voteView,
});
