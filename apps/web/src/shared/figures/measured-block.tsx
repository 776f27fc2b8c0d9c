import type { MeasuredFigures } from '@piazza/contract/calls/robot-shapes';
import { formatDate } from '@piazza/core/format-date';
import { formatNumber } from '@piazza/core/format-number';
import { useTranslation } from 'react-i18next';
import { LineChart } from '../charts/line-chart';
import { moneyText } from '../money/money-text';
import { usePersisted } from '../storage/persisted';
import { type Figure, FigureList } from '../ticket/figure-rows';
import { Card } from '../ui/card';
import listing from '../ui/listing.module.css';
import { fractionPercent, missingReason, type NullableFigure, profitTone, winsOf } from './figure-text';
import styles from './figures.module.css';
import { toneClass } from './tone-class';

type Kind = 'backtest' | 'live';

/**
 * One block of measured figures, the backtest or the live record, never mixed: what it is, the period it
 * covers, its value line and its figures. A figure the server could not measure shows "—" and why. Test ids
 * start with the kind (`live-period`) and the card's with `testPrefix` (`robot-live`, `fund-live`).
 */
export function MeasuredBlock({
  kind,
  figures: f,
  series,
  currency,
  testPrefix,
}: {
  kind: Kind;
  figures: MeasuredFigures;
  series: readonly { t: number; v: string }[];
  currency: string;
  testPrefix: string;
}) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const id = (name: string) => `${kind}-${name}`;
  const fraction = (name: NullableFigure, signed: boolean): [string, string | undefined] => {
    const value = f[name];
    if (value === null) return [`— (${t(missingReason(name, f))})`, undefined];
    return [fractionPercent(value, lang, { signed }), signed ? toneClass(profitTone(value)) : undefined];
  };
  const row = (label: string, name: NullableFigure, signed: boolean): Figure => {
    const [text, tone] = fraction(name, signed);
    return [label, text, id(name), tone];
  };
  const hitRate = row(t('figures.fig.hitRate'), 'hitRate', false);
  const rows: Figure[] = [
    row(t('figures.fig.totalReturn'), 'totalReturn', true),
    row(t('figures.fig.annualisedReturn'), 'annualisedReturn', true),
    row(t('figures.fig.annualisedVolatility'), 'annualisedVolatility', false),
    row(t('figures.fig.maxDrawdown'), 'maxDrawdown', false),
    [
      hitRate[0],
      f.hitRate === null
        ? hitRate[1]
        : t('figures.fig.hitRateOf', { 0: hitRate[1], 1: winsOf(f.hitRate, f.roundTrips), 2: f.roundTrips }),
      hitRate[2],
    ],
    [t('figures.fig.trades'), formatNumber(f.trades, lang, 0), id('trades')],
    kind === 'backtest'
      ? [t('figures.fig.feesBacktest'), fractionPercent(f.fees, lang), id('fees')]
      : [t('figures.fig.feesLive'), moneyText(f.fees, currency, lang), id('fees')],
  ];
  return (
    <Card testId={`${testPrefix}-${kind}`}>
      <div className={styles[kind]}>
        <span className={styles.kind}>
          {t(kind === 'backtest' ? 'figures.backtest.kind' : 'figures.live.kind')}
        </span>
        <h2 className={listing.name}>
          {t(kind === 'backtest' ? 'figures.backtest.title' : 'figures.live.title')}
        </h2>
        <p className={listing.note}>
          {t(kind === 'backtest' ? 'figures.backtest.about' : 'figures.live.about')}
        </p>
        <p className={styles.period} data-testid={id('period')}>
          {f.from === null || f.to === null
            ? t(kind === 'backtest' ? 'figures.backtest.none' : 'figures.live.none')
            : t('figures.period', { 0: formatDate(f.from), 1: formatDate(f.to), 2: f.days })}
        </p>
        {series.length > 0 && (
          <LineChart
            series={series}
            label={t(kind === 'backtest' ? 'figures.backtest.title' : 'figures.live.title')}
            testId={id('chart')}
          />
        )}
        <FigureList figures={rows} />
      </div>
    </Card>
  );
}
