import type { Language } from '@piazza/contract/wire';
import Parser from 'rss-parser';
import { one, type Queryable } from '../../db/db';
import type { JobDefinition } from '../../platform/jobs/job-runner';
import type { Services } from '../../services';
import { plainText, sanitiseRichText } from './rich-text';

/*
 * The optional news importer (issue 15 item 2): each feed the operator configured (RSS or Atom, parsed by
 * rss-parser) is fetched by the `news-import` job every half hour. An item is one article, de-duplicated by
 * its guid (Atom: id), else its link, within its feed; its title is kept as plain text and its body is
 * sanitised like the operator's own. A feed's items carry only the feed's language.
 */

export const importJobName = 'news-import';
const periodMs = 30 * 60_000;
const fetchTimeoutMs = 15_000;
const feedMaxBytes = 2 * 1024 * 1024;
/** A feed sends its latest items; more than this in one document is not news. */
const itemsMax = 50;

export interface SourceRow {
  id: number;
  name: string;
  url: string;
  language: Language;
  active: boolean;
  lastFetchedAt: Date | null;
  lastError: string | null;
  articles: number;
}

export const sourceColumns = `s.id, s.name, s.url, s.language, s.active, s.last_fetched_at as "lastFetchedAt",
  s.last_error as "lastError", (select count(*)::int from news_articles a where a.source_id = s.id) as articles`;

export const sourceView = (s: SourceRow) => ({
  ...s,
  lastFetchedAt: s.lastFetchedAt?.getTime() ?? null,
});

export async function findSource(q: Queryable, id: number) {
  return one<SourceRow>(q, `select ${sourceColumns} from news_sources s where s.id = $1`, [id]);
}

const httpAddress = (link: string | undefined) =>
  link && /^https?:\/\/\S+$/.test(link.trim()) ? link.trim() : null;

/** Parses a feed document and stores its new items; answers how many items were new. */
export async function importFeed(
  q: Queryable,
  source: Pick<SourceRow, 'id' | 'language'>,
  xml: string,
  nowMs: number,
): Promise<{ added: number; items: number }> {
  const feed = await new Parser({ timeout: fetchTimeoutMs }).parseString(xml);
  const items = feed.items.slice(0, itemsMax);
  let added = 0;
  for (const item of items) {
    const link = httpAddress(item.link);
    const key = (item.guid ?? (item as { id?: string }).id ?? link ?? '').trim();
    const title = plainText(item.title ?? '').slice(0, 200);
    if (!key || !title) continue;
    const encoded = (item as { 'content:encoded'?: string })['content:encoded'];
    const body = sanitiseRichText(encoded ?? item.content ?? item.summary ?? item.contentSnippet ?? '');
    const dated = item.isoDate ? Date.parse(item.isoDate) : Number.NaN;
    // An item dated in the future (or not dated) is published as of its import.
    const publishAt = new Date(Number.isFinite(dated) ? Math.min(dated, nowMs) : nowMs);
    const [titleCol, bodyCol] =
      source.language === 'it-IT' ? ['title_it', 'body_it'] : ['title_en', 'body_en'];
    const rows = await q.query(
      `insert into news_articles (${titleCol}, ${bodyCol}, publish_at, source_id, feed_key, link)
       values ($1, $2, $3, $4, $5, $6) on conflict (source_id, feed_key) do nothing returning id`,
      [title, body, publishAt, source.id, key.slice(0, 500), link],
    );
    added += rows.length;
  }
  return { added, items: items.length };
}

/** Fetches a feed's document (at most 2 MB, 15 s). */
async function fetchFeed(url: string): Promise<string> {
  const res = await fetch(url, {
    signal: AbortSignal.timeout(fetchTimeoutMs),
    headers: { accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml' },
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const text = await res.text();
  if (text.length > feedMaxBytes) throw new Error('the feed is larger than 2 MB');
  return text;
}

/** Fetches and imports one feed now, recording the outcome on the feed's row; throws when it failed. */
export async function runImport(services: Services, sourceId: number, nowMs: number): Promise<string> {
  const { db } = services;
  const source = await findSource(db, sourceId);
  if (!source) return `feed ${sourceId} no longer exists`;
  try {
    const xml = await fetchFeed(source.url);
    const { added, items } = await db.tx((tx) => importFeed(tx, source, xml, nowMs));
    await db.query('update news_sources set last_fetched_at = $2, last_error = null where id = $1', [
      sourceId,
      new Date(nowMs),
    ]);
    return `${source.name}: ${added} new of ${items} items`;
  } catch (err) {
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, 300);
    await db.query('update news_sources set last_fetched_at = $2, last_error = $3 where id = $1', [
      sourceId,
      new Date(nowMs),
      reason,
    ]);
    throw new Error(reason);
  }
}

/** Each active feed, every half hour: period key `{sourceId}@{start of the half hour}`. */
export function newsImportJob(services: Services): JobDefinition {
  return {
    name: importJobName,
    async due(nowMs) {
      const period = new Date(Math.floor(nowMs / periodMs) * periodMs).toISOString();
      const rows = await services.db.query<{ id: number }>(
        'select id from news_sources where active order by id',
      );
      return rows.map((r) => `${r.id}@${period}`);
    },
    async run(key, nowMs) {
      const id = Number(key.split('@')[0]);
      if (!Number.isSafeInteger(id) || id < 1) throw new Error(`not a feed period: ${key}`);
      return runImport(services, id, nowMs);
    },
    retry: { limit: 2, delayMs: 60_000 },
  };
}
