import { stockAiInfo, stockAiOrderDetails } from '@piazza/contract/calls/robot';
import { formatDate, formatDateTime } from '@piazza/core/format-date';
import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { usePersisted } from '../../shared/storage/persisted';
import { type Figure, FigureList } from '../../shared/ticket/figure-rows';
import { shareCount } from '../../shared/ticket/order-figures';
import { Card } from '../../shared/ui/card';
import listing from '../../shared/ui/listing.module.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import { MissingRecord } from '../../shared/ui/missing-record';
import productStyles from '../../shared/ui/products.module.css';
import { AddTicket } from './add-ticket';
import { ExitAction } from './exit-action';
import { OrderState, orderFigures } from './order-card';
import { robotPaths, robotRefreshCalls } from './robot-calls';

/**
 * One subscription: what went in, the units and what they are worth, its dates and state; adding to it while
 * active, the early exit when allowed, and the way to its daily record and to the product.
 */
export function OrderDetailScreen({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const details = useApiQuery(stockAiOrderDetails, { id }, { enabled: id > 0, staleTime: 0 });
  const robotId = details.data?.order.robotId ?? 0;
  // The product's maximum and early-exit term, for the addition's room and the exit's reason.
  const info = useApiQuery(stockAiInfo, { id: robotId }, { enabled: robotId > 0 });
  useMoneyEvents(robotRefreshCalls);
  if (!(id > 0)) return <MissingRecord listPath={robotPaths.orders} />;
  if (details.isError) return <LoadFailed onRetry={() => void details.refetch()} />;
  if (!details.data) return <Skeleton.Paragraph lineCount={10} animated />;
  const o = details.data.order;
  const robot = info.data?.robot;
  const figures: Figure[] = [
    ...orderFigures(o, t, lang),
    [t('robot.units'), shareCount(o.units, lang), 'robot-order-units'],
    [t('robot.createdAt'), formatDateTime(o.createdAt), 'robot-order-created'],
    [t('robot.lockedUntil'), formatDate(o.lockedUntil), 'robot-order-locked'],
    [t('robot.endsAt'), formatDate(o.endsAt), 'robot-order-ends'],
  ];
  if (o.returnedAt !== null) {
    figures.push([t('robot.returnedAt'), formatDateTime(o.returnedAt), 'robot-order-returned-at']);
  }
  return (
    <>
      <Card testId="robot-order">
        <button
          type="button"
          className={productStyles.titleButton}
          onClick={() => navigate(robotPaths.detail(o.robotId))}
          data-testid="robot-order-product"
        >
          <span className={listing.name}>{o.robotName}</span>
          <span className={listing.symbol}>{t('robot.toProduct')}</span>
        </button>
        <div className={listing.badges}>
          <OrderState order={o} />
        </div>
        <FigureList figures={figures} />
        <p className={listing.note}>{t(`robot.next.${o.state}`)}</p>
        <div className={productStyles.actions}>
          <Button block onClick={() => navigate(robotPaths.record(o.id))} data-testid="robot-order-record">
            {t('robot.recordLink', { 0: details.data.record.length })}
          </Button>
        </div>
      </Card>
      {o.state === 'active' && (
        <div className={productStyles.actions}>
          <AddTicket order={o} robot={robot} />
          <ExitAction order={o} robot={robot} />
        </div>
      )}
    </>
  );
}
