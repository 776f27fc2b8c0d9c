import { stockHoldList } from '@piazza/contract/calls/trading';
import { type OrderState, type OrderView, orderStates } from '@piazza/contract/calls/trading-shapes';
import { formatDateTime } from '@piazza/core/format-date';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { DrawerButton } from '../../features/drawer/drawer-button';
import { OptionPositions } from '../../features/options/option-positions';
import { PlanUnits } from '../../features/plans/plan-units';
import { ContractPositions } from '../../features/stock-contract/contract-positions';
import { HoldingCard } from '../../features/trading/holding-card';
import { HoldingsSummaryCard } from '../../features/trading/holdings-summary-card';
import { useOrderPages } from '../../features/trading/use-order-pages';
import { useApiQuery } from '../../shared/api/use-api-query';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { RequireSession } from '../../shared/session/require-session';
import { usePersisted } from '../../shared/storage/persisted';
import { cancelOrder, isResting } from '../../shared/ticket/cancel-order';
import { figure, shareCount } from '../../shared/ticket/order-figures';
import { orderTypeText } from '../../shared/ticket/order-type';
import styles from '../../shared/ticket/ticket.module.css';
import { tradingCalls } from '../../shared/ticket/trading-calls';
import { tradingPaths } from '../../shared/ticket/trading-paths';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Page } from '../../shared/ui/page';
import { TabRow } from '../../shared/ui/tab-row';

/** What the page shows: shares (holdings and orders by state), leveraged contracts, or options. */
const products = ['spot', 'contract', 'option'] as const;
type Product = (typeof products)[number];
type StockTab = 'holdings' | OrderState;
const stockTabs: readonly StockTab[] = ['holdings', ...orderStates];

/** `?tab=` names a share tab, `contracts` or `options`; the product follows from it. */
function initialView(tab: string | null): { product: Product; stockTab: StockTab } {
  if (tab === 'contracts') return { product: 'contract', stockTab: 'holdings' };
  if (tab === 'options') return { product: 'option', stockTab: 'holdings' };
  return { product: 'spot', stockTab: stockTabs.find((name) => name === tab) ?? 'holdings' };
}

/**
 * Holdings with live P&L and the orders by state, then contracts and options, each product one tap away at
 * the top (a phone shows all three at once); fills and cancels refresh it over the user socket.
 */
export default function Position() {
  return <RequireSession>{() => <PositionPage />}</RequireSession>;
}

const productTestId: Record<Product, string> = {
  spot: 'position-product-spot',
  contract: 'position-tab-contracts',
  option: 'position-tab-options',
};

function PositionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [initial] = useState(() => initialView(params.get('tab')));
  const [product, setProduct] = useState<Product>(initial.product);
  const [stockTab, setStockTab] = useState<StockTab>(initial.stockTab);
  useMoneyEvents(tradingCalls);

  return (
    <Page title={t('position.title')} left={<DrawerButton />} flush>
      <div className={styles.productBar}>
        <TabRow
          options={products}
          value={product}
          onChange={setProduct}
          label={(p) => t(`product.${p}`)}
          testId={(p) => productTestId[p]}
          classes={{ row: styles.products, tab: styles.product, tabOn: styles.productOn }}
        />
      </div>
      {product === 'spot' && (
        <TabRow
          options={stockTabs}
          value={stockTab}
          onChange={setStockTab}
          label={(name) => (name === 'holdings' ? t('position.holdings') : t(`order.state.${name}`))}
          testId={(name) => `position-tab-${name}`}
          classes={{ row: styles.tabs, tab: styles.tab, tabOn: styles.tabOn }}
        />
      )}
      <div className={styles.list}>
        {product === 'contract' ? (
          <ContractPositions />
        ) : product === 'option' ? (
          <OptionPositions />
        ) : stockTab === 'holdings' ? (
          <Holdings />
        ) : (
          <Orders state={stockTab} />
        )}
      </div>
    </Page>
  );
}

function Holdings() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const holds = useApiQuery(stockHoldList, {}, { staleTime: 0 });
  const incomeLink = (
    <Button block fill="outline" onClick={() => navigate(tradingPaths.income)} data-testid="position-income">
      {t('income.link')}
    </Button>
  );
  if (holds.isError) return <LoadFailed onRetry={() => void holds.refetch()} />;
  if (!holds.data) return <Skeleton.Paragraph lineCount={6} animated />;
  if (holds.data.list.length === 0) {
    return (
      <>
        <p className={styles.note} data-testid="position-empty">
          {t('position.noHoldings')}
        </p>
        <PlanUnits />
        {incomeLink}
      </>
    );
  }
  return (
    <>
      <HoldingsSummaryCard holds={holds.data.list} />
      {incomeLink}
      {holds.data.list.map((hold) => (
        <HoldingCard key={hold.symbol} hold={hold} />
      ))}
      <PlanUnits />
    </>
  );
}

function Orders({ state }: { state: OrderState }) {
  const { t } = useTranslation();
  const orders = useOrderPages(state);
  if (orders.isError) return <LoadFailed onRetry={() => void orders.refetch()} />;
  if (!orders.data) return <Skeleton.Paragraph lineCount={6} animated />;
  // An order placed while paging shifts the pages by one: the same order is not shown twice.
  const list = [...new Map(orders.data.pages.flatMap((p) => p.list).map((o) => [o.id, o])).values()];
  if (list.length === 0) {
    return (
      <p className={styles.note} data-testid="position-empty">
        {t('position.noOrders')}
      </p>
    );
  }
  return (
    <>
      {list.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
      {orders.hasNextPage && (
        <Button
          block
          fill="none"
          loading={orders.isFetchingNextPage}
          onClick={() => void orders.fetchNextPage()}
          data-testid="position-more"
        >
          {t('order.more')}
        </Button>
      )}
    </>
  );
}

function OrderCard({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const price = order.averagePrice ?? order.limitPrice;
  return (
    <Card testId={`order-${order.id}`}>
      <button
        type="button"
        className={styles.orderRow}
        onClick={() => navigate(`${tradingPaths.order}?id=${order.id}`)}
        data-testid={`order-open-${order.id}`}
      >
        <span className={styles.orderHead}>
          <span>
            <span className={order.side === 'buy' ? styles.up : styles.down}>
              {t(order.side === 'buy' ? 'trade.buy' : 'trade.sell')}
            </span>{' '}
            {order.name} <span className={styles.symbol}>{order.symbol}</span>
          </span>
          <span>{t(`order.state.${order.state}`)}</span>
        </span>
        <span className={styles.note}>
          <span data-testid={`order-type-${order.id}`}>{orderTypeText(order, t, lang)}</span> ·{' '}
          {shareCount(order.filledQuantity, lang)}/{shareCount(order.quantity, lang)} · {figure(price, lang)}{' '}
          {order.currency} · {formatDateTime(order.createdAt)}
        </span>
      </button>
      {isResting(order) && (
        <div className={styles.actions}>
          <Button
            size="small"
            color="danger"
            fill="outline"
            onClick={() => void cancelOrder(order.id, t, queryClient)}
            data-testid={`order-cancel-${order.id}`}
          >
            {t('order.cancel')}
          </Button>
        </div>
      )}
    </Card>
  );
}
