import type { MeasuredFigures } from '@piazza/contract/calls/robot-shapes';
import { formatDate } from '@piazza/core/format-date';
import { formatNumber } from '@piazza/core/format-number';
import { useTranslation } from 'react-i18next';
import { moneyText } from '../../shared/money/money-text';
import { usePersisted } from '../../shared/storage/persisted';
import { type Figure, FigureList } from '../../shared/ticket/figure-rows';
import { Card } from '../../shared/ui/card';
import listing from '../../shared/ui/listing.module.css';
import { LineChart } from './line-chart';
import styles from './robot.module.css';
import { fractionPercent, missingReason, type NullableFigure, profitTone, winsOf } from './robot-figures';
import { toneClass } from './tone-class';

type Kind = 'backtest' | 'live';

/**
 * One block of measured figures, the backtest or the live record, never mixed: what it is, the period it
 * covers, its value line and its figures. A figure the server could not measure shows "—" and why.
 */
export function MeasuredBlock({
  kind,
  figures: f,
  series,
  currency,
}: {
  kind: Kind;
  figures: MeasuredFigures;
  series: readonly { t: number; v: string }[];
  currency: string;
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
  const hitRate = row(t('robot.fig.hitRate'), 'hitRate', false);
  const rows: Figure[] = [
    row(t('robot.fig.totalReturn'), 'totalReturn', true),
    row(t('robot.fig.annualisedReturn'), 'annualisedReturn', true),
    row(t('robot.fig.annualisedVolatility'), 'annualisedVolatility', false),
    row(t('robot.fig.maxDrawdown'), 'maxDrawdown', false),
    [
      hitRate[0],
      f.hitRate === null
        ? hitRate[1]
        : t('robot.fig.hitRateOf', { 0: hitRate[1], 1: winsOf(f.hitRate, f.roundTrips), 2: f.roundTrips }),
      hitRate[2],
    ],
    [t('robot.fig.trades'), formatNumber(f.trades, lang, 0), id('trades')],
    kind === 'backtest'
      ? [t('robot.fig.feesBacktest'), fractionPercent(f.fees, lang), id('fees')]
      : [t('robot.fig.feesLive'), moneyText(f.fees, currency, lang), id('fees')],
  ];
  return (
    <Card testId={`robot-${kind}`}>
      <div className={styles[kind]}>
        <span className={styles.kind}>
          {t(kind === 'backtest' ? 'robot.backtest.kind' : 'robot.live.kind')}
        </span>
        <h2 className={listing.name}>
          {t(kind === 'backtest' ? 'robot.backtest.title' : 'robot.live.title')}
        </h2>
        <p className={listing.note}>{t(kind === 'backtest' ? 'robot.backtest.about' : 'robot.live.about')}</p>
        <p className={styles.period} data-testid={id('period')}>
          {f.from === null || f.to === null
            ? t(kind === 'backtest' ? 'robot.backtest.none' : 'robot.live.none')
            : t('robot.period', { 0: formatDate(f.from), 1: formatDate(f.to), 2: f.days })}
        </p>
        {series.length > 0 && (
          <LineChart
            series={series}
            label={t(kind === 'backtest' ? 'robot.backtest.title' : 'robot.live.title')}
            testId={id('chart')}
          />
        )}
        <FigureList figures={rows} />
      </div>
    </Card>
  );
}
