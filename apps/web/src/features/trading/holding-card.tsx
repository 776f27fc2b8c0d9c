import { securityOverview } from '@piazza/contract/calls/security';
import { stockOrderSell } from '@piazza/contract/calls/trading';
import type { HoldView } from '@piazza/contract/calls/trading-shapes';
import { formatDate } from '@piazza/core/format-date';
import { formatNumber } from '@piazza/core/format-number';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { useSubmissionIds } from '../../shared/money/submission-id';
import { useTicker } from '../../shared/realtime/use-topic';
import { usePersisted } from '../../shared/storage/persisted';
import { type Figure, FigureList, FigureRow } from '../../shared/ticket/figure-rows';
import { figure, shareCount } from '../../shared/ticket/order-figures';
import styles from '../../shared/ticket/ticket.module.css';
import { tradingCalls } from '../../shared/ticket/trading-calls';
import { tradingPaths } from '../../shared/ticket/trading-paths';
import { Card } from '../../shared/ui/card';
import { liveValue } from './live-value';
import { TpslDialog } from './tpsl-dialog';

/**
 * One holding valued at the live price, with its one-click sell: a market sell of what is available after
 * a confirm. With a transaction password set, the sell goes through the ticket, which asks for it. Its
 * take profit and stop loss are shown and set in a sheet (tpsl-dialog.tsx).
 */
export function HoldingCard({ hold }: { hold: HoldView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = useSubmissionIds();
  const security = useApiQuery(securityOverview, {});
  const quote = useTicker(hold.symbol);
  const last = quote?.symbol === hold.symbol ? quote.last : hold.lastPrice;
  const live = liveValue(hold.quantity, last, hold.cost) ?? { marketValue: hold.marketValue, pnl: hold.pnl };
  const pnlClass = live.pnl.startsWith('-') ? styles.down : styles.up;
  const canSell = Number(hold.available) > 0;
  const tradeLink = `${tradingPaths.trade}?symbol=${encodeURIComponent(hold.symbol)}`;
  const [levelsOpen, setLevelsOpen] = useState(false);
  // A level keeps every decimal of the price's tick, as it was set: 15,000, not 15,00.
  const level = (text: string) => formatNumber(text, lang, (text.split('.')[1] ?? '').length);

  const sell = async () => {
    if (security.data?.trade.set !== false) {
      navigate(`${tradeLink}&side=sell`);
      return;
    }
    const confirmed = await Dialog.confirm({
      content: t('position.sellConfirm', { 0: shareCount(hold.available, lang), 1: hold.symbol }),
      confirmText: t('trade.sell'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    const fields = { symbol: hold.symbol, type: 'market' as const, quantity: hold.available };
    try {
      await api(stockOrderSell, { ...fields, requestId: ids.idFor(fields) });
      ids.settle();
      Toast.show({ content: t('position.sold') });
    } catch {
      // The wrapper showed the refusal (market closed, nothing available).
    } finally {
      for (const call of tradingCalls) void queryClient.invalidateQueries({ queryKey: [call.path] });
    }
  };

  const rows: Figure[] = [
    [t('position.quantity'), shareCount(hold.quantity, lang), 'hold-quantity'],
    [t('position.available'), shareCount(hold.available, lang), 'hold-available'],
    [t('position.averageCost'), figure(hold.averageCost, lang), 'hold-average'],
    [t('position.last'), figure(last, lang), 'hold-last'],
    [t('position.marketValue'), `${figure(live.marketValue, lang)} ${hold.currency}`, 'hold-value'],
    [t('tpsl.takeProfit'), hold.takeProfit === null ? t('common.notSet') : level(hold.takeProfit), 'hold-tp'],
    [t('tpsl.stopLoss'), hold.stopLoss === null ? t('common.notSet') : level(hold.stopLoss), 'hold-sl'],
  ];
  return (
    <Card title={`${hold.name} · ${hold.symbol}`} testId={`hold-${hold.symbol}`}>
      <FigureList figures={rows}>
        <FigureRow
          label={t('position.pnl')}
          value={`${figure(live.pnl, lang)} ${hold.currency}`}
          testId="hold-pnl"
          tone={pnlClass}
        />
      </FigureList>
      {hold.lockedUntil !== null && Number(hold.locked) > 0 && (
        <p className={styles.note} data-testid="hold-locked">
          {shareCount(hold.locked, lang)} · {t('position.lockedUntil', { 0: formatDate(hold.lockedUntil) })}
        </p>
      )}
      <div className={styles.actions}>
        <Button block onClick={() => navigate(tradeLink)} data-testid="hold-trade">
          {t('position.trade')}
        </Button>
        <Button block onClick={() => setLevelsOpen(true)} data-testid="hold-tpsl">
          {t('tpsl.open')}
        </Button>
        <Button block color="danger" disabled={!canSell} onClick={() => void sell()} data-testid="hold-sell">
          {t('position.sell')}
        </Button>
      </div>
      {levelsOpen && (
        <TpslDialog hold={hold} last={last} visible={levelsOpen} onClose={() => setLevelsOpen(false)} />
      )}
    </Card>
  );
}
