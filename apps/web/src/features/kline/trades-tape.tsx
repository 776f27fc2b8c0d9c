import type { coinTrades, stockTrades } from '@piazza/contract/calls/market';
import type { TradeWire } from '@piazza/contract/market';
import { formatTimeOfDay } from '@piazza/core/format-date';
import { formatNumber } from '@piazza/core/format-number';
import { SpinLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query';
import { mergeTrades, tapeLength } from '../../shared/market/trade-list';
import { topics } from '../../shared/realtime/topics';
import { useTopic } from '../../shared/realtime/use-topic';
import { usePersisted } from '../../shared/storage/persisted';
import { LoadFailed } from '../../shared/ui/load-failed';
import styles from './instrument-page.module.css';

interface TradesTapeProps {
  symbol: string;
  call: typeof stockTrades | typeof coinTrades;
  priceDecimals: number;
  quantityDecimals: number;
}

/** The latest trades, newest on top: time in Italy, price in the colour of the aggressor's side, quantity. */
export function TradesTape({ symbol, call, priceDecimals, quantityDecimals }: TradesTapeProps) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const first = useApiQuery(call, { symbol, limit: tapeLength }, { staleTime: 0 });
  const [arrived, setArrived] = useState<TradeWire[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: trades of the previous symbol must not show
  useEffect(() => setArrived([]), [symbol]);
  useTopic(topics.trades(symbol), (update) => {
    if (update.symbol === symbol) setArrived((shown) => mergeTrades(shown, update.list));
  });

  if (!first.data) {
    return first.isError ? (
      <LoadFailed onRetry={() => void first.refetch()} />
    ) : (
      <div className={styles.centred}>
        <SpinLoading />
      </div>
    );
  }
  const tape = mergeTrades(first.data.list, arrived);
  if (tape.length === 0) return <p className={styles.empty}>{t('kline.trades.empty')}</p>;

  return (
    <table className={styles.tape} data-testid="kline-trades">
      <thead>
        <tr>
          <th>{t('kline.trades.time')}</th>
          <th>{t('kline.trades.price')}</th>
          <th>{t('kline.trades.quantity')}</th>
          <th>{t('kline.trades.side')}</th>
        </tr>
      </thead>
      <tbody>
        {tape.map((trade) => {
          const tone = trade.side === 'buy' ? styles.up : styles.down;
          return (
            <tr key={trade.id} data-testid="kline-trade">
              <td>{formatTimeOfDay(trade.time)}</td>
              <td className={tone}>{formatNumber(trade.price, lang, priceDecimals)}</td>
              <td>{formatNumber(trade.quantity, lang, quantityDecimals)}</td>
              <td className={tone}>{t(trade.side === 'buy' ? 'kline.trades.buy' : 'kline.trades.sell')}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
