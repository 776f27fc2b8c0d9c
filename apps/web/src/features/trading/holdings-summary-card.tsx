import { stockOrderStatistics } from '@piazza/contract/calls/trading';
import type { HoldView } from '@piazza/contract/calls/trading-shapes';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query';
import { profitTone, signedMoney } from '../../shared/figures/figure-text';
import { moneyText } from '../../shared/money/money-text';
import { useLiveQuotes } from '../../shared/realtime/live-quotes';
import { usePersisted } from '../../shared/storage/persisted';
import { type Figure, FigureList } from '../../shared/ticket/figure-rows';
import styles from '../../shared/ticket/ticket.module.css';
import { Card } from '../../shared/ui/card';
import { summariseHoldings } from './holdings-summary';

/**
 * Where the investor stands in shares, per currency, above the holdings: their value and today's change at
 * the live price, the P&L not yet realised (the sum of the cards below) and the P&L realised by the sells,
 * which the server computes from the fills.
 */
export function HoldingsSummaryCard({ holds }: { holds: readonly HoldView[] }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const live = useLiveQuotes(holds.map((h) => h.symbol));
  const statistics = useApiQuery(stockOrderStatistics, {}, { staleTime: 0 });
  const tone = (amount: string | null) => {
    const sign = amount === null ? null : profitTone(amount);
    return sign === 'up' ? styles.up : sign === 'down' ? styles.down : undefined;
  };

  return (
    <>
      {summariseHoldings(holds, live).map((s) => {
        const realised = statistics.data?.list.find((c) => c.currency === s.currency)?.realisedPnl ?? null;
        const figures: Figure[] = [
          [t('position.summary.value'), moneyText(s.value, s.currency, lang), `summary-${s.currency}-value`],
          [
            t('position.summary.today'),
            s.dayChange === null ? '--' : signedMoney(s.dayChange, s.currency, lang),
            `summary-${s.currency}-today`,
            tone(s.dayChange),
          ],
          [
            t('position.summary.unrealised'),
            signedMoney(s.unrealised, s.currency, lang),
            `summary-${s.currency}-unrealised`,
            tone(s.unrealised),
          ],
          [
            t('position.summary.realised'),
            realised === null ? '--' : signedMoney(realised, s.currency, lang),
            `summary-${s.currency}-realised`,
            tone(realised),
          ],
        ];
        return (
          <Card key={s.currency} testId={`position-summary-${s.currency}`}>
            <h2 className={styles.summaryTitle}>{t('position.summary.title', { 0: s.currency })}</h2>
            <FigureList figures={figures} />
          </Card>
        );
      })}
    </>
  );
}
