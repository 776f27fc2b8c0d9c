import { stockAiOrderList } from '@piazza/contract/calls/robot';
import { type RobotOrderState, robotOrderStates } from '@piazza/contract/calls/robot-shapes';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { PagedList, usePagedFilter } from '../../shared/ui/paged-list';
import productStyles from '../../shared/ui/products.module.css';
import { TabRow } from '../../shared/ui/tab-row';
import { OrderCard } from './order-card';
import { robotPaths, robotRefreshCalls } from './robot-calls';

const filters = ['all', ...robotOrderStates] as const;
type Filter = (typeof filters)[number];

/** The investor's subscriptions, newest first, by state. */
export function OrdersScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filter, size, choose, more } = usePagedFilter<Filter>('all');
  const orders = useApiQuery(
    stockAiOrderList,
    { size, ...(filter === 'all' ? {} : { state: filter as RobotOrderState }) },
    { staleTime: 0 },
  );
  useMoneyEvents(robotRefreshCalls);
  return (
    <div className={productStyles.list}>
      <TabRow
        options={filters}
        value={filter}
        onChange={choose}
        label={(f) => t(f === 'all' ? 'robot.filterAll' : `robot.state.${f}`)}
        testId={(f) => `robot-orders-${f}`}
        classes={{ row: productStyles.tabs, tab: productStyles.tab, tabOn: productStyles.tabOn }}
      />
      <PagedList
        query={orders}
        size={size}
        onMore={more}
        moreLabel={t('robot.more')}
        emptyTestId="robot-orders-empty"
        empty={
          <>
            <p>{t(filter === 'all' ? 'robot.noOrders' : 'robot.noOrdersHere')}</p>
            <Button onClick={() => navigate(robotPaths.products)}>{t('robot.toProducts')}</Button>
          </>
        }
        row={(o) => <OrderCard key={o.id} order={o} onOpen={() => navigate(robotPaths.order(o.id))} />}
      />
    </div>
  );
}
