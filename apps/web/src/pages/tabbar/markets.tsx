import { Button, Skeleton, Tabs } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { BondList } from '../../features/bonds/bond-list';
import { EtfList } from '../../features/etf/etf-list';
import { CountryList } from '../../features/market/country-list';
import { CryptoOpenNote } from '../../features/market/crypto-open-note';
import { IndicesStrip } from '../../features/market/indices-strip';
import { MarketList } from '../../features/market/market-list';
import { marketPaths } from '../../features/market/market-paths';
import type { MessageKey } from '../../i18n/it-IT';
import { useCoinRows, useIndexRows, useWatchlistRows } from '../../shared/market/market-queries';
import { defaultSortOrder, type SortOrder } from '../../shared/market/sort-rows';
import { paths } from '../../shared/navigation/paths';
import { useSession } from '../../shared/session/use-session';
import { LoadFailed } from '../../shared/ui/load-failed';
import { NavButton } from '../../shared/ui/nav-button';
import { Page } from '../../shared/ui/page';
import styles from './markets.module.css';

const marketTabs = ['italy', 'us', 'etf', 'bonds', 'crypto', 'watchlist'] as const;
type MarketTab = (typeof marketTabs)[number];

const tabLabels: Record<MarketTab, MessageKey> = {
  italy: 'markets.tab.italy',
  us: 'markets.tab.us',
  crypto: 'markets.tab.crypto',
  watchlist: 'markets.tab.watchlist',
  etf: 'markets.tab.etf',
  bonds: 'markets.tab.bonds',
};

function isMarketTab(value: string | null): value is MarketTab {
  return marketTabs.some((tab) => tab === value);
}

/**
 * The Markets page: the indices, then Italy, US, crypto and the watchlist, each sortable with live prices.
 * The chosen list is in the address (?tab=us), so coming back from a K-line shows the same list.
 */
export default function Markets() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: MarketTab = isMarketTab(tabParam) ? tabParam : 'italy';
  const [order, setOrder] = useState<SortOrder>(defaultSortOrder);
  const indices = useIndexRows();
  const sort = { order, onChange: setOrder, local: true };

  return (
    <Page
      title={t('markets.title')}
      flush
      right={
        <NavButton
          label={t('markets.search')}
          onClick={() => navigate(marketPaths.search)}
          testId="markets-search"
        >
          <SearchOutline />
        </NavButton>
      }
    >
      <div className={styles.indices}>
        <IndicesStrip rows={indices.data} loading={indices.isPending} />
      </div>
      <Tabs
        className={styles.tabs}
        activeKey={tab}
        onChange={(key) => setParams(key === 'italy' ? {} : { tab: key }, { replace: true })}
      >
        {marketTabs.map((key) => (
          <Tabs.Tab key={key} title={<span data-testid={`markets-tab-${key}`}>{t(tabLabels[key])}</span>} />
        ))}
      </Tabs>
      {tab === 'italy' && (
        <CountryList country="IT" order={order} onOrderChange={setOrder} testId="markets-italy" />
      )}
      {tab === 'us' && (
        <CountryList country="US" order={order} onOrderChange={setOrder} testId="markets-us" />
      )}
      {tab === 'crypto' && <CryptoList sort={sort} />}
      {tab === 'watchlist' && <Watchlist sort={sort} />}
      {tab === 'etf' && <EtfList />}
      {tab === 'bonds' && <BondList />}
    </Page>
  );
}

type Sort = { order: SortOrder; onChange: (order: SortOrder) => void; local: boolean };

function CryptoList({ sort }: { sort: Sort }) {
  const rows = useCoinRows();
  if (rows.isPending) return <Skeleton.Paragraph className={styles.loading} lineCount={10} animated />;
  if (rows.isError) return <LoadFailed onRetry={() => void rows.refetch()} />;
  return (
    <>
      <CryptoOpenNote />
      <MarketList rows={rows.data} sort={sort} testId="markets-crypto" />
    </>
  );
}

function Watchlist({ sort }: { sort: Sort }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const rows = useWatchlistRows(signedIn);
  if (!signedIn) {
    return (
      <div className={styles.prompt} data-testid="watchlist-guest">
        <p>{t('markets.watchlist.guest')}</p>
        <Button color="primary" onClick={() => navigate(paths.login)}>
          {t('markets.watchlist.login')}
        </Button>
      </div>
    );
  }
  if (rows.isPending) return <Skeleton.Paragraph className={styles.loading} lineCount={6} animated />;
  if (rows.isError) return <LoadFailed onRetry={() => void rows.refetch()} />;
  return (
    <MarketList
      rows={rows.data}
      sort={sort}
      mixedMarkets
      empty={t('markets.watchlist.empty')}
      testId="markets-watchlist"
    />
  );
}
