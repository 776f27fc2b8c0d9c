import { indexAds } from '@piazza/contract/calls/content-news';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
import styles from './news.module.css';

const turnEveryMs = 6_000;

/**
 * The operator's banners on the home: one at a time, turning every few seconds unless the reader prefers
 * reduced motion; the dots choose one. Each image's text is its alternative text and is shown over it.
 * Nothing when there are none. While they load, their place is kept (a banner and its dots), so the markets
 * below do not jump when they arrive: operators who publish banners usually publish several.
 */
export function HomeBanners() {
  const { t } = useTranslation();
  const ads = useApiQuery(indexAds, {});
  const list = ads.data?.list ?? [];
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (list.length < 2 || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => setShown((i) => (i + 1) % list.length), turnEveryMs);
    return () => clearInterval(timer);
  }, [list.length]);
  const banner = list[shown % Math.max(list.length, 1)];
  if (ads.isPending)
    return <div className={styles.bannerPlace} aria-hidden="true" data-testid="home-banners-loading" />;
  if (!banner) return null;
  return (
    <section aria-label={t('news.banners')} data-testid="home-banners">
      <Link className={styles.banner} to={banner.target} data-testid={`banner-${banner.id}`}>
        {/* The home's largest element: fetched first (the entry has usually preloaded it already). */}
        <img className={styles.bannerImage} src={banner.image} alt="" fetchPriority="high" />
        <p className={styles.bannerTitle}>{banner.title}</p>
      </Link>
      {list.length > 1 && (
        <div className={styles.dots}>
          {list.map((b, i) => (
            <button
              key={b.id}
              type="button"
              className={i === shown ? `${styles.dot} ${styles.dotOn}` : styles.dot}
              aria-label={t('news.bannerN', { 0: i + 1, 1: list.length })}
              aria-current={i === shown}
              onClick={() => setShown(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
