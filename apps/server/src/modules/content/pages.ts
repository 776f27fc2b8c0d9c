import type { ContentKey } from '@piazza/contract/content-keys';
import type { Language } from '@piazza/contract/wire';
import { one, type Queryable } from '../../db/db';

export interface ContentText {
  key: string;
  title: string;
  body: string;
}

export interface ContentPage extends ContentText {
  key: ContentKey;
  language: Language;
  updatedAt: Date;
}

const pageColumns = 'slug as "key", language, title, body, updated_at as "updatedAt"';

/**
 * The text of `key` in `lang`; when the operator has removed that language's row, the other language rather
 * than nothing. Undefined only for a key that has no text at all.
 */
export async function readText(
  q: Queryable,
  key: ContentKey,
  lang: Language,
): Promise<ContentText | undefined> {
  return one<ContentText>(
    q,
    `select slug as "key", title, body from content_pages where slug = $1
      order by (language = $2) desc, language desc limit 1`,
    [key, lang],
  );
}

export async function listPages(q: Queryable): Promise<ContentPage[]> {
  return q.query<ContentPage>(`select ${pageColumns} from content_pages order by slug, language`);
}

export async function findPage(
  q: Queryable,
  key: ContentKey,
  lang: Language,
): Promise<ContentPage | undefined> {
  return one<ContentPage>(q, `select ${pageColumns} from content_pages where slug = $1 and language = $2`, [
    key,
    lang,
  ]);
}

/** Replaces (or first writes) one text in one language. */
export async function savePage(
  q: Queryable,
  page: { key: ContentKey; language: Language; title: string; body: string },
): Promise<ContentPage> {
  const row = await one<ContentPage>(
    q,
    `insert into content_pages (slug, language, title, body) values ($1, $2, $3, $4)
     on conflict (slug, language) do update set title = excluded.title, body = excluded.body, updated_at = piazza_now()
     returning ${pageColumns}`,
    [page.key, page.language, page.title, page.body],
  );
  if (!row) throw new Error('content page upsert returned nothing');
  return row;
}
