import type { Language } from '@piazza/contract/wire';
import { one, type Queryable } from '../../db/db';
import { imageUrl } from './images';

/* Banners of the home (`/index/ads`): an image, its text in both languages, a page of the app, order and window. */

export interface BannerRow {
  id: number;
  titleIt: string;
  titleEn: string;
  imageId: string;
  target: string;
  sortOrder: number;
  startsAt: Date;
  endsAt: Date | null;
  withdrawnAt: Date | null;
}

const columns = `id, title_it as "titleIt", title_en as "titleEn", image_id as "imageId", target,
  sort_order as "sortOrder", starts_at as "startsAt", ends_at as "endsAt", withdrawn_at as "withdrawnAt"`;

export const bannerView = (b: BannerRow, lang: Language) => ({
  id: b.id,
  title: lang === 'it-IT' ? b.titleIt : b.titleEn,
  image: imageUrl(b.imageId),
  target: b.target,
});

export const adminBannerView = (b: BannerRow) => ({
  ...b,
  image: imageUrl(b.imageId),
  startsAt: b.startsAt.getTime(),
  endsAt: b.endsAt?.getTime() ?? null,
  withdrawnAt: b.withdrawnAt?.getTime() ?? null,
});

export async function liveBanners(q: Queryable, nowMs: number) {
  return q.query<BannerRow>(
    `select ${columns} from banners
      where withdrawn_at is null and starts_at <= $1 and (ends_at is null or ends_at > $1)
      order by sort_order, id limit 10`,
    [new Date(nowMs)],
  );
}

export const allBanners = (q: Queryable) =>
  q.query<BannerRow>(`select ${columns} from banners order by withdrawn_at is not null, sort_order, id`);

export const findBanner = (q: Queryable, id: number) =>
  one<BannerRow>(q, `select ${columns} from banners where id = $1`, [id]);

export interface BannerDraft {
  titleIt: string;
  titleEn: string;
  imageId: string;
  target: string;
  sortOrder: number;
  startsAt: Date;
  endsAt: Date | null;
}

export async function writeBanner(q: Queryable, d: BannerDraft, id?: number): Promise<BannerRow> {
  const values = [d.titleIt, d.titleEn, d.imageId, d.target, d.sortOrder, d.startsAt, d.endsAt];
  const row =
    id === undefined
      ? await one<BannerRow>(
          q,
          `insert into banners (title_it, title_en, image_id, target, sort_order, starts_at, ends_at)
           values ($1, $2, $3, $4, $5, $6, $7) returning ${columns}`,
          values,
        )
      : await one<BannerRow>(
          q,
          `update banners set title_it = $1, title_en = $2, image_id = $3, target = $4, sort_order = $5,
             starts_at = $6, ends_at = $7, updated_at = default where id = $8 returning ${columns}`,
          [...values, id],
        );
  if (!row) throw new Error('banner write returned nothing');
  return row;
}
