import { Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CryptoOpenNote } from '../../features/market/crypto-open-note';
import { MarketList } from '../../features/market/market-list';
import { coinPaths } from '../../shared/coin/coin-paths';
import { useCoinRows } from '../../shared/market/market-queries';
import { defaultSortOrder, type SortOrder } from '../../shared/market/sort-rows';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Page } from '../../shared/ui/page';
import styles from './index.module.css';

/** The crypto pairs with live prices, sortable; a tap opens the pair's K-line. */
export default function CoinIndex() {
  const { t } = useTranslation();
  const rows = useCoinRows();
  const [order, setOrder] = useState<SortOrder>(defaultSortOrder);
  return (
    <Page
      title={t('markets.coin.title')}
      flush
      right={
        <Link to={coinPaths.trade} className={styles.trade} data-testid="coin-list-trade">
          {t('coinTrade.open')}
        </Link>
      }
    >
      <CryptoOpenNote />
      {rows.isPending ? (
        <Skeleton.Paragraph className={styles.loading} lineCount={10} animated />
      ) : rows.isError ? (
        <LoadFailed onRetry={() => void rows.refetch()} />
      ) : (
        <MarketList rows={rows.data} sort={{ order, onChange: setOrder, local: true }} testId="coin-list" />
      )}
    </Page>
  );
}
