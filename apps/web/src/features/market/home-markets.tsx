import { Skeleton } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useHotRows, useIndexRows } from '../../shared/market/market-queries';
import { LoadFailed } from '../../shared/ui/load-failed';
import styles from './home-markets.module.css';
import { IndicesStrip } from './indices-strip';
import { MarketList } from './market-list';
import { marketPaths } from './market-paths';

/** The indices strip and the day's hot list, live, with the way to every market. */
export default function HomeMarkets() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const indices = useIndexRows();
  const hot = useHotRows();
  return (
    <section className={styles.markets} aria-label={t('home.markets')}>
      <IndicesStrip rows={indices.data} loading={indices.isPending} />
      <div className={styles.hot}>
        <div className={styles.hotHead}>
          <h2>{t('home.hot')}</h2>
          <button
            type="button"
            className={styles.more}
            onClick={() => navigate(marketPaths.markets)}
            data-testid="home-all-markets"
          >
            {t('home.allMarkets')} <RightOutline />
          </button>
        </div>
        {hot.isPending ? (
          <div className={styles.hotLoading}>
            <Skeleton.Paragraph lineCount={5} animated />
          </div>
        ) : hot.isError ? (
          <LoadFailed onRetry={() => void hot.refetch()} />
        ) : (
          <MarketList rows={hot.data} mixedMarkets testId="home-hot" />
        )}
      </div>
    </section>
  );
}
