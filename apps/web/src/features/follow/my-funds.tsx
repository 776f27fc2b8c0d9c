import { fundOrderList, fundOrderProfitList } from '@piazza/contract/calls/fund';
import { type FundOrderState, fundOrderStates } from '@piazza/contract/calls/fund-shapes';
import { pageSizeMax } from '@piazza/contract/wire';
import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
import { profitTone, signedMoney } from '../../shared/figures/figure-text';
import { toneClass } from '../../shared/figures/tone-class';
import { moneyText } from '../../shared/money/money-text';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { usePersisted } from '../../shared/storage/persisted';
import { type Figure, FigureList } from '../../shared/ticket/figure-rows';
import { Card } from '../../shared/ui/card';
import listing from '../../shared/ui/listing.module.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import { PagedList, usePagedFilter } from '../../shared/ui/paged-list';
import productStyles from '../../shared/ui/products.module.css';
import { TabRow } from '../../shared/ui/tab-row';
import { followPaths, followRefreshCalls } from './follow-calls';
import { FollowingCard } from './following-card';
import { profitTotals } from './fund-figures';
import { RedeemAction } from './redeem-action';

const filters = ['all', ...fundOrderStates] as const;
type Filter = (typeof filters)[number];

/**
 * The investor's funds: their profit added up per currency (unrealised on what they hold, realised on what
 * was paid back), then their followings newest first, by state, each with its own profit.
 */
export function MyFunds({ onBrowse }: { onBrowse: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filter, size, choose, more } = usePagedFilter<Filter>('all');
  const orders = useApiQuery(
    fundOrderList,
    { size, ...(filter === 'all' ? {} : { state: filter as FundOrderState }) },
    { staleTime: 0 },
  );
  const profits = useApiQuery(fundOrderProfitList, { size: pageSizeMax }, { staleTime: 0 });
  useMoneyEvents(followRefreshCalls);
  return (
    <>
      <ProfitSummary />
      <TabRow
        options={filters}
        value={filter}
        onChange={choose}
        label={(f) => t(f === 'all' ? 'follow.filterAll' : `follow.state.${f}`)}
        testId={(f) => `follow-orders-${f}`}
        classes={{ row: productStyles.tabs, tab: productStyles.tab, tabOn: productStyles.tabOn }}
      />
      <PagedList
        query={orders}
        size={size}
        onMore={more}
        moreLabel={t('follow.more')}
        emptyTestId="follow-orders-empty"
        empty={
          <>
            <p>{t(filter === 'all' ? 'follow.noOrders' : 'follow.noOrdersHere')}</p>
            <Button onClick={onBrowse}>{t('follow.toFunds')}</Button>
          </>
        }
        row={(o) => (
          <FollowingCard
            key={o.id}
            order={o}
            profit={profits.data?.list.find((p) => p.orderId === o.id)}
            onOpen={() => navigate(followPaths.detail(o.fundId))}
          >
            {o.state === 'active' && (
              <div className={productStyles.actions}>
                <RedeemAction order={o} />
              </div>
            )}
          </FollowingCard>
        )}
      />
    </>
  );
}

/** The profit of every following added up per currency, from the server's profit list. */
function ProfitSummary() {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  // The same read as the followings' profit lines: one request for both.
  const profits = useApiQuery(fundOrderProfitList, { size: pageSizeMax }, { staleTime: 0 });
  if (profits.isError) return <LoadFailed onRetry={() => void profits.refetch()} />;
  if (!profits.data) return <Skeleton.Paragraph lineCount={3} animated />;
  const totals = profitTotals(profits.data.list);
  if (totals.length === 0) return null;
  return (
    <Card title={t('follow.profitTitle')} testId="follow-profit">
      {totals.map((total) => {
        const rows: Figure[] = [
          [t('follow.value'), moneyText(total.value, total.currency, lang), `profit-value-${total.currency}`],
          [
            t('follow.unrealised'),
            signedMoney(total.unrealised, total.currency, lang),
            `profit-unrealised-${total.currency}`,
            toneClass(profitTone(total.unrealised)),
          ],
          [
            t('follow.realised'),
            signedMoney(total.realised, total.currency, lang),
            `profit-realised-${total.currency}`,
            toneClass(profitTone(total.realised)),
          ],
        ];
        return <FigureList key={total.currency} figures={rows} />;
      })}
      <p className={listing.note}>
        {profits.data.total > profits.data.list.length
          ? t('follow.profitLatest', { 0: profits.data.list.length })
          : t('follow.profitAbout')}
      </p>
    </Card>
  );
}
