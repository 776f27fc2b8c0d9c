import type { Language } from '@piazza/contract/wire';
import { one, type Queryable } from '../../db/db';
import { type PageAt, pagedRows } from '../../kit/paging';
import { imageUrl } from './images';
import { summaryOf } from './rich-text';

/*
 * Articles: the operator's own (both languages) and those imported from feeds (their feed's language). A
 * reader gets their language, else the other one. Published means: publish time reached, not withdrawn.
 */

export interface ArticleRow {
  id: number;
  titleIt: string | null;
  titleEn: string | null;
  bodyIt: string | null;
  bodyEn: string | null;
  coverId: string | null;
  symbols: string;
  publishAt: Date;
  withdrawnAt: Date | null;
  source: string | null;
  link: string | null;
}

const articleColumns = `a.id::int as id, a.title_it as "titleIt", a.title_en as "titleEn", a.body_it as "bodyIt",
  a.body_en as "bodyEn", a.cover_id as "coverId", a.symbols, a.publish_at as "publishAt",
  a.withdrawn_at as "withdrawnAt", s.name as source, a.link`;
const articleFrom = 'news_articles a left join news_sources s on s.id = a.source_id';

export const symbolsOf = (row: { symbols: string }) => (row.symbols ? row.symbols.split(',') : []);

/** `aapl, ENI.MI` → `AAPL,ENI.MI`, each once. */
export const normaliseSymbols = (text: string | undefined) =>
  [
    ...new Set(
      (text ?? '')
        .split(',')
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean),
    ),
  ].join(',');

function inLanguage(row: ArticleRow, lang: Language) {
  const it = { title: row.titleIt, body: row.bodyIt };
  const en = { title: row.titleEn, body: row.bodyEn };
  const [first, second] = lang === 'it-IT' ? [it, en] : [en, it];
  return first.title !== null ? first : second;
}

export function itemView(row: ArticleRow, lang: Language) {
  const text = inLanguage(row, lang);
  return {
    id: row.id,
    title: text.title ?? '',
    summary: summaryOf(text.body ?? ''),
    cover: row.coverId ? imageUrl(row.coverId) : null,
    symbols: symbolsOf(row),
    publishedAt: row.publishAt.getTime(),
    source: row.source,
  };
}

export function detailView(row: ArticleRow, lang: Language) {
  return { ...itemView(row, lang), body: inLanguage(row, lang).body ?? '', link: row.link };
}

export function adminView(row: ArticleRow) {
  return {
    id: row.id,
    titleIt: row.titleIt,
    titleEn: row.titleEn,
    bodyIt: row.bodyIt,
    bodyEn: row.bodyEn,
    coverId: row.coverId,
    cover: row.coverId ? imageUrl(row.coverId) : null,
    symbols: symbolsOf(row),
    publishAt: row.publishAt.getTime(),
    withdrawnAt: row.withdrawnAt?.getTime() ?? null,
    source: row.source,
    link: row.link,
  };
}

const published = 'a.withdrawn_at is null and a.publish_at <= $1';

export async function publishedArticles(q: Queryable, nowMs: number, at: PageAt, symbol?: string) {
  const params: unknown[] = [new Date(nowMs)];
  let where = published;
  if (symbol) {
    params.push(symbol.toUpperCase());
    where += ` and $2 = any(string_to_array(a.symbols, ','))`;
  }
  return pagedRows<ArticleRow>(
    q,
    { columns: articleColumns, from: articleFrom, where, orderBy: 'a.publish_at desc, a.id desc', params },
    at,
  );
}

export async function publishedArticle(q: Queryable, nowMs: number, id: number) {
  return one<ArticleRow>(q, `select ${articleColumns} from ${articleFrom} where a.id = $2 and ${published}`, [
    new Date(nowMs),
    id,
  ]);
}

export async function allArticles(q: Queryable, at: PageAt) {
  return pagedRows<ArticleRow>(
    q,
    { columns: articleColumns, from: articleFrom, orderBy: 'a.publish_at desc, a.id desc' },
    at,
  );
}

export async function findArticle(q: Queryable, id: number, lock = false) {
  return one<ArticleRow>(
    q,
    `select ${articleColumns} from ${articleFrom} where a.id = $1${lock ? ' for update of a' : ''}`,
    [id],
  );
}

export interface ArticleDraft {
  titleIt: string;
  titleEn: string;
  bodyIt: string;
  bodyEn: string;
  coverId: string | null;
  symbols: string;
  publishAt: Date;
}

/** Writes an operator's article (a new one without `id`); answers its id. */
export async function writeArticle(q: Queryable, draft: ArticleDraft, id?: number): Promise<number> {
  const values = [
    draft.titleIt,
    draft.titleEn,
    draft.bodyIt,
    draft.bodyEn,
    draft.coverId,
    draft.symbols,
    draft.publishAt,
  ];
  const row =
    id === undefined
      ? await one<{ id: number }>(
          q,
          `insert into news_articles (title_it, title_en, body_it, body_en, cover_id, symbols, publish_at)
           values ($1, $2, $3, $4, $5, $6, $7) returning id::int as id`,
          values,
        )
      : await one<{ id: number }>(
          q,
          `update news_articles set title_it = $1, title_en = $2, body_it = $3, body_en = $4, cover_id = $5,
             symbols = $6, publish_at = $7, updated_at = default where id = $8 returning id::int as id`,
          [...values, id],
        );
  if (!row) throw new Error('article write returned nothing');
  return row.id;
}
