import { coinOrderClose, coinOrderList } from '@piazza/contract/calls/coin';
import type { OrderView } from '@piazza/contract/calls/trading-shapes';
import type { Language } from '@piazza/contract/wire';
import { formatDateTime } from '@piazza/core/format-date';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { usePersisted } from '../../shared/storage/persisted';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { isResting } from '../trading/cancel-order';
import { figure, shareCount } from '../trading/order-figures';
import styles from '../trading/trading.module.css';
import coin from './coin.module.css';
import { coinCalls } from './coin-calls';

const views = ['open', 'history'] as const;
type OrdersView = (typeof views)[number];

/** The user's coin orders: the resting ones with a cancel, and the finished ones; the newest 50 of each. */
export function CoinOrders() {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const queryClient = useQueryClient();
  const [view, setView] = useState<OrdersView>('open');
  const orders = useApiQuery(coinOrderList, { size: 50 }, { staleTime: 0 });
  const list = (orders.data?.list ?? []).filter((o) => isResting(o) === (view === 'open'));

  const cancel = async (order: OrderView) => {
    const confirmed = await Dialog.confirm({
      content: t('order.cancelConfirm'),
      confirmText: t('order.cancel'),
      cancelText: t('order.keep'),
    });
    if (!confirmed) return;
    try {
      await api(coinOrderClose, { id: order.id });
      Toast.show({ content: t('order.cancelled') });
    } catch {
      // The request wrapper showed the refusal (already filled); the list is read again below.
    } finally {
      for (const call of coinCalls) void queryClient.invalidateQueries({ queryKey: [call.path] });
    }
  };

  return (
    <Card title={t('coinTrade.orders')} testId="coin-orders">
      <div className={styles.segments}>
        {views.map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={view === v}
            className={view === v ? styles.typeOn : styles.segment}
            onClick={() => setView(v)}
            data-testid={`coin-orders-${v}`}
          >
            {t(v === 'open' ? 'coinTrade.ordersOpen' : 'coinTrade.ordersHistory')}
          </button>
        ))}
      </div>
      {orders.isError ? (
        <LoadFailed onRetry={() => void orders.refetch()} />
      ) : orders.isPending ? (
        <Skeleton.Paragraph lineCount={3} animated />
      ) : list.length === 0 ? (
        <p className={styles.note}>{t(view === 'open' ? 'coinTrade.noOpenOrders' : 'coinTrade.noHistory')}</p>
      ) : (
        <ul className={styles.rows}>
          {list.map((order) => (
            <OrderItem key={order.id} order={order} lang={lang} onCancel={() => void cancel(order)} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function OrderItem({ order, lang, onCancel }: { order: OrderView; lang: Language; onCancel: () => void }) {
  const { t } = useTranslation();
  const price = order.limitPrice ?? order.averagePrice;
  return (
    <li className={coin.orderItem} data-testid="coin-order">
      <div className={coin.orderHead}>
        <span>
          <span className={order.side === 'buy' ? coin.buy : coin.sell}>
            {t(order.side === 'buy' ? 'trade.buy' : 'trade.sell')}
          </span>{' '}
          {order.symbol} · {t(order.type === 'market' ? 'trade.market' : 'trade.limit')}
        </span>
        <span data-testid="coin-order-state">{t(`order.state.${order.state}`)}</span>
      </div>
      <div className={coin.orderMeta}>
        <span data-testid="coin-order-line">
          {t('coinTrade.orderLine', {
            0: shareCount(order.filledQuantity, lang),
            1: shareCount(order.quantity, lang),
            2: price === null ? '--' : `${figure(price, lang)} ${order.currency}`,
          })}
        </span>
        <span>{formatDateTime(order.createdAt)}</span>
      </div>
      {isResting(order) && (
        <div className={styles.actions}>
          <Button
            size="small"
            color="danger"
            fill="outline"
            onClick={onCancel}
            data-testid="coin-order-cancel"
          >
            {t('order.cancel')}
          </Button>
        </div>
      )}
    </li>
  );
}
