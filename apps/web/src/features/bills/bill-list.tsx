import { userAssets } from '@piazza/contract/calls/assets';
import { userTxRecord } from '@piazza/contract/calls/funding';
import { type BillType, billTypes } from '@piazza/contract/enums';
import { InfiniteScroll, Picker, Skeleton } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { LoadFailed } from '../../shared/ui/load-failed';
import { type BillPeriod, billPeriods, periodStartMs } from './bill-periods';
import { type Bill, BillRow } from './bill-row';
import styles from './bills.module.css';
import { useBillPages } from './use-bill-pages';

const allTypes = 'all';

interface BillListProps {
  /** The assets to choose from; the first is chosen at first. Without any, every asset is listed. */
  assets?: readonly string[];
}

/**
 * Funds detail: the user's bills straight from the ledger, by bill type and period (and asset when given),
 * newest first, a page at a time, read again when the server reports a movement. A row opens its detail.
 */
export function BillList({ assets }: BillListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [type, setType] = useState<BillType | typeof allTypes>(allTypes);
  const [period, setPeriod] = useState<BillPeriod>('30d');
  // The window's start is fixed when the period is chosen, so the query key stays the same between renders.
  const [fromMs, setFromMs] = useState(() => periodStartMs('30d', Date.now()));
  const [asset, setAsset] = useState<string | undefined>(assets?.[0]);
  const [pickerOpen, setPickerOpen] = useState(false);
  useMoneyEvents([userTxRecord, userAssets]);

  const bills = useBillPages({
    billTypes: type === allTypes ? undefined : type,
    asset,
    fromMs,
  });
  const rows = bills.data?.pages.flatMap((p) => p.list) ?? [];
  const open = (bill: Bill) => navigate('/pages/wallet/recordDetail', { state: { bill } });

  return (
    <>
      <div className={styles.filters}>
        <button
          type="button"
          className={styles.typeButton}
          onClick={() => setPickerOpen(true)}
          data-testid="bills-type"
        >
          <span>{type === allTypes ? t('bills.allTypes') : t(`bills.type.${type}`)}</span>
          <DownOutline />
        </button>
        <fieldset className={styles.chips} aria-label={t('bills.period')}>
          {billPeriods.map((p) => (
            <button
              key={p}
              type="button"
              className={`${styles.chip} ${p === period ? styles.chipOn : ''}`}
              aria-pressed={p === period}
              onClick={() => {
                setPeriod(p);
                setFromMs(periodStartMs(p, Date.now()));
              }}
              data-testid={`bills-period-${p}`}
            >
              {t(`bills.period.${p}`)}
            </button>
          ))}
        </fieldset>
        {assets && assets.length > 1 && (
          <fieldset className={styles.chips} aria-label={t('bills.asset')}>
            {assets.map((a) => (
              <button
                key={a}
                type="button"
                className={`${styles.chip} ${a === asset ? styles.chipOn : ''}`}
                aria-pressed={a === asset}
                onClick={() => setAsset(a)}
                data-testid={`bills-asset-${a}`}
              >
                {a}
              </button>
            ))}
          </fieldset>
        )}
      </div>
      <Picker
        visible={pickerOpen}
        onClose={() => setPickerOpen(false)}
        value={[type]}
        onConfirm={(v) => {
          const chosen = v[0];
          if (chosen === allTypes || billTypes.includes(chosen as BillType))
            setType(chosen as BillType | typeof allTypes);
        }}
        columns={[
          [
            { label: t('bills.allTypes'), value: allTypes },
            ...billTypes.map((b) => ({ label: t(`bills.type.${b}`), value: b })),
          ],
        ]}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
      />
      {bills.isPending ? (
        <Skeleton.Paragraph lineCount={8} animated />
      ) : bills.isError && rows.length === 0 ? (
        <LoadFailed onRetry={() => void bills.refetch()} />
      ) : rows.length === 0 ? (
        <p className={styles.empty} data-testid="bills-empty">
          {t('bills.empty')}
        </p>
      ) : (
        <>
          <ul className={styles.list} data-testid="bills-list">
            {rows.map((bill) => (
              <li key={bill.id}>
                <BillRow bill={bill} onOpen={open} />
              </li>
            ))}
          </ul>
          <InfiniteScroll
            hasMore={bills.hasNextPage && !bills.isError}
            loadMore={async () => {
              await bills.fetchNextPage();
            }}
          >
            {bills.hasNextPage ? t('common.loading') : t('bills.end')}
          </InfiniteScroll>
        </>
      )}
    </>
  );
}
