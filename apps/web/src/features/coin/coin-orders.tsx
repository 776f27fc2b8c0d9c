import { coinOrderClose, coinOrderList, coinOrderQuery } from '@piazza/contract/calls/coin';
import type { OrderView } from '@piazza/contract/calls/trading-shapes';
import type { Language } from '@piazza/contract/wire';
import { formatDateTime } from '@piazza/core/format-date';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import coin from '../../shared/coin/coin.module.css';
import { usePersisted } from '../../shared/storage/persisted';
import { isResting } from '../../shared/ticket/cancel-order';
import { figure, OrderFigures, shareCount } from '../../shared/ticket/order-figures';
import { orderTypeText } from '../../shared/ticket/order-type';
import styles from '../../shared/ticket/ticket.module.css';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { coinCalls } from './coin-calls';

const views = ['open', 'history'] as const;
type OrdersView = (typeof views)[number];

/** The user's coin orders: the resting ones with a cancel, and the finished ones; the newest 50 of each. */
export function CoinOrders() {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const queryClient = useQueryClient();
  const [view, setView] = useState<OrdersView>('open');
  const [opened, setOpened] = useState<number | null>(null);
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
            <OrderItem
              key={order.id}
              order={order}
              lang={lang}
              open={opened === order.id}
              onToggle={() => setOpened(opened === order.id ? null : order.id)}
              onCancel={() => void cancel(order)}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

interface OrderItemProps {
  order: OrderView;
  lang: Language;
  /** Whether its figures and fills are shown. */
  open: boolean;
  onToggle: () => void;
  onCancel: () => void;
}

/** One order: side, pair, type and state, filled of ordered at its price; a tap shows its figures and fills. */
function OrderItem({ order, lang, open, onToggle, onCancel }: OrderItemProps) {
  const { t } = useTranslation();
  const price = order.limitPrice ?? order.averagePrice;
  return (
    <li className={coin.orderItem} data-testid="coin-order">
      <button type="button" className={coin.orderToggle} onClick={onToggle} aria-expanded={open}>
        <div className={coin.orderHead}>
          <span>
            <span className={order.side === 'buy' ? coin.buy : coin.sell}>
              {t(order.side === 'buy' ? 'trade.buy' : 'trade.sell')}
            </span>{' '}
            {order.symbol} · {orderTypeText(order, t, lang)}
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
      </button>
      {open && <OrderDetail id={order.id} lang={lang} />}
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

/** The order as /coin/order/query answers it: its figures, then each fill. */
function OrderDetail({ id, lang }: { id: number; lang: Language }) {
  const { t } = useTranslation();
  const detail = useApiQuery(coinOrderQuery, { id }, { staleTime: 0 });
  if (detail.isError) return <LoadFailed onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <Skeleton.Paragraph lineCount={4} animated />;
  const order = detail.data;
  return (
    <div data-testid="coin-order-detail">
      <OrderFigures order={order} lang={lang} t={t} />
      {order.fills.length === 0 ? (
        <p className={styles.note}>{t('order.noFills')}</p>
      ) : (
        <ul className={styles.rows}>
          {order.fills.map((fill) => (
            <li key={fill.id} className={styles.row} data-testid="coin-order-fill">
              <span className={styles.label}>{formatDateTime(fill.createdAt)}</span>
              <span className={styles.value}>
                {shareCount(fill.quantity, lang)} × {figure(fill.price, lang)} = {figure(fill.value, lang)}{' '}
                {fill.currency}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
