import { stockAiStocks } from '@piazza/contract/calls/robot';
import { formatNumber } from '@piazza/core/format-number';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query';
import { fractionPercent } from '../../shared/figures/figure-text';
import { moneyText } from '../../shared/money/money-text';
import { usePersisted } from '../../shared/storage/persisted';
import { shareCount } from '../../shared/ticket/order-figures';
import { Card } from '../../shared/ui/card';
import listing from '../../shared/ui/listing.module.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import productStyles from '../../shared/ui/products.module.css';

/** The basket: each share the strategy trades, the weight it wants after the last close, what the book holds. */
export function BasketSection({ id, currency }: { id: number; currency: string }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const basket = useApiQuery(stockAiStocks, { id }, { staleTime: 0 });
  return (
    <Card title={t('robot.basket.title')} testId="robot-basket">
      {basket.isError ? (
        <LoadFailed onRetry={() => void basket.refetch()} />
      ) : !basket.data ? (
        <Skeleton.Paragraph lineCount={4} animated />
      ) : (
        <>
          <div className={productStyles.scroll}>
            <table className={productStyles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('robot.basket.symbol')}</th>
                  <th scope="col">{t('robot.basket.weight')}</th>
                  <th scope="col">{t('robot.basket.quantity')}</th>
                  <th scope="col">{t('robot.basket.value')}</th>
                </tr>
              </thead>
              <tbody>
                {basket.data.list.map((line) => (
                  <tr key={line.symbol} data-testid={`robot-basket-${line.symbol}`}>
                    <td>
                      {line.symbol}
                      <span className={productStyles.instrument}>{line.name}</span>
                    </td>
                    <td>{fractionPercent(line.targetWeight, lang)}</td>
                    <td>{shareCount(line.quantity, lang)}</td>
                    <td>{formatNumber(line.value, lang, 2)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className={listing.note} data-testid="robot-basket-cash">
            {t('robot.basket.cash', { 0: moneyText(basket.data.cash, currency, lang), 1: currency })}
          </p>
          <p className={listing.note}>{t('robot.basket.about')}</p>
        </>
      )}
    </Card>
  );
}
