import { ActionSheet, Skeleton } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountryList } from '../../features/market/country-list';
import { useCountries } from '../../shared/market/market-queries';
import { defaultSortOrder, type SortOrder } from '../../shared/market/sort-rows';
import { usePersisted, writePersisted } from '../../shared/storage/persisted';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Page } from '../../shared/ui/page';
import styles from './list.module.css';

/**
 * The shares of one country, sorted by the server and paged. The country is the remembered `stockCountry`
 * (Italy unless the investor chose another), and choosing one here remembers it.
 */
export default function StockList() {
  const { t } = useTranslation();
  const stored = usePersisted('stockCountry');
  const countries = useCountries();
  const [order, setOrder] = useState<SortOrder>(defaultSortOrder);
  const [choosing, setChoosing] = useState(false);

  // A remembered country that no longer lists shares falls back to the first one the server offers.
  const known = countries.data?.some((c) => c.code === stored);
  const country = known || !countries.data ? stored : (countries.data[0]?.code ?? stored);
  const current = countries.data?.find((c) => c.code === country);

  return (
    <Page title={t('markets.list.title')} flush>
      <div className={styles.bar}>
        <span className={styles.label}>{t('markets.list.country')}</span>
        {countries.isPending ? (
          <Skeleton.Title className={styles.skeleton} animated />
        ) : countries.isError ? (
          <LoadFailed onRetry={() => void countries.refetch()} />
        ) : (
          <button
            type="button"
            className={styles.country}
            onClick={() => setChoosing(true)}
            data-testid="list-country"
          >
            {current?.name ?? country}
            <span className={styles.count}>{current && t('markets.list.total', { 0: current.stocks })}</span>
            <DownOutline />
          </button>
        )}
      </div>
      <CountryList country={country} order={order} onOrderChange={setOrder} testId="stock-list" />
      <ActionSheet
        visible={choosing}
        onClose={() => setChoosing(false)}
        extra={t('markets.list.chooseCountry')}
        cancelText={t('common.cancel')}
        actions={(countries.data ?? []).map((c) => ({
          key: c.code,
          text: <span data-testid={`list-country-${c.code}`}>{c.name}</span>,
          bold: c.code === country,
          onClick: () => {
            writePersisted('stockCountry', c.code);
            setChoosing(false);
          },
        }))}
      />
    </Page>
  );
}
