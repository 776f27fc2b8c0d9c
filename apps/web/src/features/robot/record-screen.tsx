import { stockAiOrderDetails } from '@piazza/contract/calls/robot';
import { formatDate } from '@piazza/core/format-date';
import { formatNumber } from '@piazza/core/format-number';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query';
import { navText, profitTone } from '../../shared/figures/figure-text';
import { toneClass } from '../../shared/figures/tone-class';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { usePersisted } from '../../shared/storage/persisted';
import { Card } from '../../shared/ui/card';
import listing from '../../shared/ui/listing.module.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import { MissingRecord } from '../../shared/ui/missing-record';
import productStyles from '../../shared/ui/products.module.css';
import { robotPaths, robotRefreshCalls } from './robot-calls';

/** A subscription's daily record, newest first: the P&L booked at each close, the NAV and the value. */
export function RecordScreen({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const details = useApiQuery(stockAiOrderDetails, { id }, { enabled: id > 0, staleTime: 0 });
  useMoneyEvents(robotRefreshCalls);
  if (!(id > 0)) return <MissingRecord listPath={robotPaths.orders} />;
  if (details.isError) return <LoadFailed onRetry={() => void details.refetch()} />;
  if (!details.data) return <Skeleton.Paragraph lineCount={10} animated />;
  const { order, record } = details.data;
  const lines = [...record].sort((a, b) => b.at - a.at);
  return (
    <Card title={order.robotName} testId="robot-record">
      {lines.length === 0 ? (
        <p className={listing.empty} data-testid="robot-record-empty">
          {t('robot.record.empty')}
        </p>
      ) : (
        <div className={productStyles.scroll}>
          <table className={productStyles.table}>
            <thead>
              <tr>
                <th scope="col">{t('robot.record.day')}</th>
                <th scope="col">{t('robot.record.amount', { 0: order.currency })}</th>
                <th scope="col">{t('robot.nav')}</th>
                <th scope="col">{t('robot.record.value', { 0: order.currency })}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.day} data-testid={`robot-record-${line.day}`}>
                  <td>{formatDate(line.at)}</td>
                  <td className={toneClass(profitTone(line.amount))}>
                    {profitTone(line.amount) === 'up' ? '+' : ''}
                    {formatNumber(line.amount, lang, 2)}
                  </td>
                  <td>{navText(line.nav, lang)}</td>
                  <td>{formatNumber(line.value, lang, 2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className={listing.note}>{t('robot.record.about')}</p>
    </Card>
  );
}
