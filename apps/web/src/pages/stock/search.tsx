import { Button, Dialog, SearchBar, Skeleton } from 'antd-mobile';
import { DeleteOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarketList } from '../../features/market/market-list';
import { rememberSearch } from '../../features/market/search-history';
import { useCoinRows, useSearchRows } from '../../shared/market/market-queries';
import type { MarketRow } from '../../shared/market/market-row';
import { usePersisted, writePersisted } from '../../shared/storage/persisted';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Page } from '../../shared/ui/page';
import styles from './search.module.css';

/** Typing pauses this long before a search is sent. */
const typingPauseMs = 300;

/** Crypto pairs matching `q` by symbol, coin or name: /stock/search answers for shares and indices only. */
function matchingCoins(coins: readonly MarketRow[] | undefined, q: string): MarketRow[] {
  const needle = q.trim().toLowerCase();
  if (!needle || !coins) return [];
  return coins.filter(
    (coin) => coin.symbol.toLowerCase().includes(needle) || coin.name.toLowerCase().includes(needle),
  );
}

/** Search shares, indices and crypto; past searches are kept in `searchHistoryData` until cleared. */
export default function Search() {
  const { t } = useTranslation();
  const history = usePersisted('searchHistoryData');
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(text.trim()), typingPauseMs);
    return () => window.clearTimeout(timer);
  }, [text]);

  const results = useSearchRows(q);
  const coins = useCoinRows();
  const remember = (term: string) => writePersisted('searchHistoryData', rememberSearch(history, term));

  const clearHistory = async () => {
    const confirmed = await Dialog.confirm({
      content: t('markets.search.clearConfirm'),
      confirmText: t('markets.search.clear'),
      cancelText: t('common.cancel'),
    });
    if (confirmed) writePersisted('searchHistoryData', []);
  };

  return (
    <Page title={t('markets.search.title')} flush>
      <div className={styles.box}>
        <SearchBar
          value={text}
          onChange={setText}
          onSearch={(value) => {
            setQ(value.trim());
            remember(value);
          }}
          placeholder={t('markets.search.placeholder')}
          autoFocus
          data-testid="search-box"
        />
      </div>
      {q === '' ? (
        <section className={styles.history}>
          {history.length === 0 ? (
            <p className={styles.hint}>{t('markets.search.hint')}</p>
          ) : (
            <>
              <div className={styles.historyHead}>
                <h2>{t('markets.search.history')}</h2>
                <Button
                  size="mini"
                  fill="none"
                  onClick={() => void clearHistory()}
                  data-testid="search-history-clear"
                >
                  <DeleteOutline /> {t('markets.search.clear')}
                </Button>
              </div>
              <ul className={styles.terms}>
                {history.map((term) => (
                  <li key={term}>
                    <button
                      type="button"
                      className={styles.term}
                      onClick={() => {
                        setText(term);
                        setQ(term);
                        remember(term);
                      }}
                      data-testid="search-history-item"
                    >
                      {term}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      ) : results.isPending ? (
        <Skeleton.Paragraph className={styles.loading} lineCount={5} animated />
      ) : results.isError ? (
        <LoadFailed onRetry={() => void results.refetch()} />
      ) : (
        // Remembered when the reader opens a result: the words that found what they wanted.
        <div onClickCapture={() => remember(q)}>
          <MarketList
            rows={[...results.data, ...matchingCoins(coins.data, q)]}
            mixedMarkets
            empty={t('markets.search.noResults', { 0: q })}
            testId="search-results"
          />
        </div>
      )}
    </Page>
  );
}
