import { etfList } from '@piazza/contract/calls/bonds';
import { type EtfView, etfAssetClasses } from '@piazza/contract/calls/bonds-shapes';
import { formatNumber, formatPercent } from '@piazza/core/format-number';
import { Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
import { usePersisted } from '../../shared/storage/persisted';
import styles from '../../shared/ui/instrument-rows.module.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import { etfDetailPath } from './etf-paths';

type AssetClass = (typeof etfAssetClasses)[number];
const terChoices = ['0.10', '0.20'] as const;
const currencies = ['EUR', 'USD'] as const;

/** One row of filter chips: "All" then each choice; the pressed one is the filter. */
function Chips<T extends string>({
  label,
  options,
  value,
  onChange,
  text,
  testId,
}: {
  label: string;
  options: readonly T[];
  value: T | null;
  onChange: (v: T | null) => void;
  text: (v: T) => string;
  testId: string;
}) {
  const { t } = useTranslation();
  const chip = (key: string, on: boolean, caption: string, pick: () => void) => (
    <button
      key={key}
      type="button"
      className={on ? styles.chipOn : styles.chip}
      aria-pressed={on}
      onClick={pick}
      data-testid={`${testId}-${key}`}
    >
      {caption}
    </button>
  );
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
      <legend className={styles.filterLabel}>{label}</legend>
      <div className={styles.chips}>
        {chip('all', value === null, t('etf.filter.all'), () => onChange(null))}
        {options.map((o) => chip(o, value === o, text(o), () => onChange(o)))}
      </div>
    </fieldset>
  );
}

/**
 * The ETFs on ETFplus, cheapest TER first, filtered by asset class, highest TER and fund currency; a row opens
 * the ETF's facts. Test ids: `etf-filter-{class|ter|currency}-{choice}`, `etf-row-{symbol}`.
 */
export function EtfList() {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const [assetClass, setAssetClass] = useState<AssetClass | null>(null);
  const [maxTer, setMaxTer] = useState<(typeof terChoices)[number] | null>(null);
  const [currency, setCurrency] = useState<(typeof currencies)[number] | null>(null);
  const rows = useApiQuery(etfList, {
    ...(assetClass ? { assetClass } : {}),
    ...(maxTer ? { maxTer } : {}),
    ...(currency ? { currency } : {}),
  });
  const ter = (v: string) => `${formatNumber(v, lang, 2)}%`;

  return (
    <div data-testid="etf-list">
      <div className={styles.filters}>
        <Chips
          label={t('etf.filter.assetClass')}
          options={etfAssetClasses}
          value={assetClass}
          onChange={setAssetClass}
          text={(c) => t(`etf.assetClass.${c}`)}
          testId="etf-filter-class"
        />
        <Chips
          label={t('etf.filter.ter')}
          options={terChoices}
          value={maxTer}
          onChange={setMaxTer}
          text={(v) => t('etf.filter.terMax', { 0: ter(v) })}
          testId="etf-filter-ter"
        />
        <Chips
          label={t('etf.filter.currency')}
          options={currencies}
          value={currency}
          onChange={setCurrency}
          text={(c) => c}
          testId="etf-filter-currency"
        />
      </div>
      {rows.isPending ? (
        <Skeleton.Paragraph lineCount={8} animated />
      ) : rows.isError ? (
        <LoadFailed onRetry={() => void rows.refetch()} />
      ) : rows.data.list.length === 0 ? (
        <p className={styles.empty}>{t('etf.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {rows.data.list.map((e: EtfView) => (
            <li key={e.symbol}>
              <button
                type="button"
                className={styles.row}
                onClick={() => navigate(etfDetailPath(e.symbol))}
                data-testid={`etf-row-${e.symbol}`}
              >
                <span className={styles.names}>
                  <span className={styles.name}>{e.name}</span>
                  <span className={styles.sub}>
                    {e.ticker} · {e.isin}
                  </span>
                  <span className={styles.sub}>
                    {t(`etf.assetClass.${e.assetClass}`)} · {t('etf.ter', { 0: ter(e.ter) })}
                  </span>
                </span>
                {e.quote && (
                  <span className={styles.figures}>
                    <span className={styles.last}>{formatNumber(e.quote.last, lang, 3)}</span>
                    <span className={Number(e.quote.changePercent) < 0 ? styles.down : styles.up}>
                      {formatPercent(e.quote.changePercent, lang)}
                    </span>
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
