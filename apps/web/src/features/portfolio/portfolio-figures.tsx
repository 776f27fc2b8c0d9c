import { portfolioPerformance } from '@piazza/contract/calls/portfolio';
import { type PerformanceRange, performanceRanges } from '@piazza/contract/calls/portfolio-shapes';
import type { CallOutput } from '@piazza/contract/define';
import type { Language } from '@piazza/contract/wire';
import { formatNumber } from '@piazza/core/format-number';
import { keepPreviousData } from '@tanstack/react-query';
import { Skeleton } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query';
import { LineChart } from '../../shared/charts/line-chart';
import { fractionPercent, profitTone } from '../../shared/figures/figure-text';
import { toneClass } from '../../shared/figures/tone-class';
import { usePersisted } from '../../shared/storage/persisted';
import { LoadFailed } from '../../shared/ui/load-failed';
import { TabRow } from '../../shared/ui/tab-row';
import styles from './portfolio.module.css';

type Answer = CallOutput<typeof portfolioPerformance>;
type Profit = Answer['today'];

/** A profit in euros with its sign before the currency: "+28,00 €", "-3,10 €"; "+€28.00", "-€3.10". */
function profitText(pnl: string, lang: Language, t: TFunction): string {
  const tone = profitTone(pnl);
  const sign = tone === 'up' ? '+' : tone === 'down' ? '-' : '';
  return `${sign}${t('money.EUR', { 0: formatNumber(pnl.replace(/^-/, ''), lang, 2) })}`;
}

function ProfitFigure({ label, profit, testId }: { label: string; profit: Profit; testId: string }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const tone = toneClass(profitTone(profit.pnl));
  return (
    <div className={styles.profit} data-testid={testId}>
      <span className={styles.label}>{label}</span>
      <span className={`${styles.amount} ${tone ?? ''}`} data-testid={`${testId}-amount`}>
        {profitText(profit.pnl, lang, t)}
      </span>
      <span className={`${styles.percent} ${tone ?? ''}`} data-testid={`${testId}-percent`}>
        {profit.fraction === null ? '—' : fractionPercent(profit.fraction, lang, { signed: true })}
      </span>
    </div>
  );
}

/**
 * The home's figures under the total wealth (issue 17 item 11): today's and total profit, the account's
 * time-weighted performance over 1W/1M/1Y/all, and the allocation by asset class — all computed by the server
 * from postings and prices (decision 058).
 */
export function PortfolioFigures() {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const [range, setRange] = useState<PerformanceRange>('1M');
  const perf = useApiQuery(
    portfolioPerformance,
    { range },
    { staleTime: 0, placeholderData: keepPreviousData },
  );

  if (perf.isError && !perf.data) return <LoadFailed onRetry={() => void perf.refetch()} />;
  if (!perf.data) return <Skeleton.Paragraph lineCount={5} animated />;
  const p = perf.data;
  return (
    <div className={styles.figures} data-testid="home-performance">
      <div className={styles.profits}>
        <ProfitFigure label={t('portfolio.today')} profit={p.today} testId="home-pnl-today" />
        <ProfitFigure label={t('portfolio.total')} profit={p.total} testId="home-pnl-total" />
      </div>
      <TabRow
        options={performanceRanges}
        value={range}
        onChange={setRange}
        label={(r) => t(`portfolio.range.${r}`)}
        testId={(r) => `home-range-${r}`}
        classes={{ row: styles.ranges, tab: styles.range, tabOn: styles.rangeOn }}
      />
      <p className={styles.windowLine} data-testid="home-window" data-range={p.range}>
        {t('portfolio.window', {
          0: profitText(p.window.pnl, lang, t),
          1: p.window.fraction === null ? '—' : fractionPercent(p.window.fraction, lang, { signed: true }),
        })}
      </p>
      <LineChart
        series={p.window.points.map((point) => ({ t: point.t, v: point.growth }))}
        label={t('portfolio.chart', { 0: t(`portfolio.range.${p.range}`) })}
        testId="home-chart"
      />
      <Allocation slices={p.allocation} />
      {p.unvalued.length > 0 && (
        <p className={styles.note} data-testid="home-unvalued">
          {t('portfolio.unvalued', { 0: p.unvalued.join(', ') })}
        </p>
      )}
    </div>
  );
}

function Allocation({ slices }: { slices: Answer['allocation'] }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  if (slices.length === 0) return null;
  return (
    <div className={styles.allocation} data-testid="home-allocation">
      <h3 className={styles.heading}>{t('portfolio.allocation')}</h3>
      <div className={styles.bar} aria-hidden="true">
        {slices.map((s) => (
          <span
            key={s.assetClass}
            className={styles[`class_${s.assetClass}`]}
            style={{ flexGrow: Number(s.fraction) }}
          />
        ))}
      </div>
      <ul className={styles.slices}>
        {slices.map((s) => (
          <li key={s.assetClass} className={styles.slice} data-testid={`home-allocation-${s.assetClass}`}>
            <span className={`${styles.dot} ${styles[`class_${s.assetClass}`]}`} />
            <span className={styles.sliceName}>{t(`portfolio.class.${s.assetClass}`)}</span>
            <span className={styles.sliceValue}>{t('money.EUR', { 0: formatNumber(s.value, lang, 2) })}</span>
            <span className={styles.slicePercent}>{fractionPercent(s.fraction, lang)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
