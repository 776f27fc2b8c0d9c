import { stockOrderInfo } from '@piazza/contract/calls/trading';
import { formatDateTime } from '@piazza/core/format-date';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { RequireSession } from '../../shared/session/require-session';
import { usePersisted } from '../../shared/storage/persisted';
import { cancelOrder, isResting } from '../../shared/ticket/cancel-order';
import { figure, OrderFigures, shareCount } from '../../shared/ticket/order-figures';
import styles from '../../shared/ticket/ticket.module.css';
import { tradingCalls } from '../../shared/ticket/trading-calls';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Page } from '../../shared/ui/page';

/** One order (`?id=`) with its fills; a resting one may be cancelled. Fills arrive live over the socket. */
export default function Order() {
  return <RequireSession>{() => <OrderPage />}</RequireSession>;
}

function OrderPage() {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? '');
  const valid = Number.isSafeInteger(id) && id > 0;
  const info = useApiQuery(stockOrderInfo, { id }, { enabled: valid, staleTime: 0 });
  useMoneyEvents(tradingCalls);
  const order = info.data;

  return (
    <Page title={t('order.title')}>
      {!valid ? (
        <p className={styles.note}>{t('order.missing')}</p>
      ) : info.isError ? (
        <LoadFailed onRetry={() => void info.refetch()} />
      ) : !order ? (
        <Card>
          <Skeleton.Paragraph lineCount={6} animated />
        </Card>
      ) : (
        <>
          <Card
            title={`${t(order.side === 'buy' ? 'trade.buy' : 'trade.sell')} · ${t(order.type === 'market' ? 'trade.market' : 'trade.limit')} · ${order.name} (${order.symbol})`}
            testId="order-detail"
          >
            <OrderFigures order={order} lang={lang} t={t} />
            <p className={styles.note}>
              {t('order.createdAt')} {formatDateTime(order.createdAt)}
            </p>
            {isResting(order) && (
              <div className={styles.actions}>
                <Button
                  block
                  color="danger"
                  fill="outline"
                  onClick={() => void cancelOrder(order.id, t, queryClient)}
                  data-testid="order-cancel"
                >
                  {t('order.cancel')}
                </Button>
              </div>
            )}
          </Card>
          <Card title={t('order.fills')} testId="order-fills">
            {order.fills.length === 0 ? (
              <p className={styles.note}>{t('order.noFills')}</p>
            ) : (
              <ul className={styles.rows}>
                {order.fills.map((fill) => (
                  <li key={fill.id} className={styles.row} data-testid="order-fill">
                    <span className={styles.label}>{formatDateTime(fill.createdAt)}</span>
                    <span className={styles.value}>
                      {shareCount(fill.quantity, lang)} × {figure(fill.price, lang)} ={' '}
                      {figure(fill.value, lang)} {fill.currency}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
    </Page>
  );
}
