import { stockAiOrderList } from '@piazza/contract/calls/robot';
import { type RobotOrderState, robotOrderStates } from '@piazza/contract/calls/robot-shapes';
import { pageSizeMax } from '@piazza/contract/wire';
import { Button, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import listing from '../../shared/ui/listing.module.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import { TabRow } from '../../shared/ui/tab-row';
import { OrderCard } from './order-card';
import styles from './robot.module.css';
import { robotPaths, robotRefreshCalls } from './robot-calls';

const filters = ['all', ...robotOrderStates] as const;
type Filter = (typeof filters)[number];

/** The investor's subscriptions, newest first, by state. */
export function OrdersScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<Filter>('all');
  const [size, setSize] = useState(20);
  const orders = useApiQuery(
    stockAiOrderList,
    { size, ...(filter === 'all' ? {} : { state: filter as RobotOrderState }) },
    { staleTime: 0 },
  );
  useMoneyEvents(robotRefreshCalls);
  return (
    <div className={styles.list}>
      <TabRow
        options={filters}
        value={filter}
        onChange={(f) => {
          setFilter(f);
          setSize(20);
        }}
        label={(f) => t(f === 'all' ? 'robot.filterAll' : `robot.state.${f}`)}
        testId={(f) => `robot-orders-${f}`}
        classes={{ row: styles.tabs, tab: styles.tab, tabOn: styles.tabOn }}
      />
      {orders.isError ? (
        <LoadFailed onRetry={() => void orders.refetch()} />
      ) : !orders.data ? (
        <Skeleton.Paragraph lineCount={8} animated />
      ) : orders.data.list.length === 0 ? (
        <div className={listing.empty} data-testid="robot-orders-empty">
          <p>{t(filter === 'all' ? 'robot.noOrders' : 'robot.noOrdersHere')}</p>
          <Button onClick={() => navigate(robotPaths.products)}>{t('robot.toProducts')}</Button>
        </div>
      ) : (
        <>
          {orders.data.list.map((o) => (
            <OrderCard key={o.id} order={o} onOpen={() => navigate(robotPaths.order(o.id))} />
          ))}
          {orders.data.total > orders.data.list.length && size < pageSizeMax && (
            <Button block onClick={() => setSize((n) => Math.min(n + 20, pageSizeMax))}>
              {t('robot.more')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
