import { coinAssets } from '@piazza/contract/calls/coin';
import { formatNumber } from '@piazza/core/format-number';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
import coin from '../../shared/coin/coin.module.css';
import { coinTradePath } from '../../shared/coin/coin-paths';
import { moneyText } from '../../shared/money/money-text';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { usePersisted } from '../../shared/storage/persisted';
import styles from '../../shared/ticket/ticket.module.css';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { coinCalls } from './coin-calls';

/**
 * The user's coins (/coin/assets): the total in USDT and about how much in EUR, then each coin by spot,
 * contract and frozen with its USDT value, and a way to trade it.
 */
export function CoinAssetsCard() {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const assets = useApiQuery(coinAssets, {}, { staleTime: 0 });
  useMoneyEvents(coinCalls);
  const data = assets.data;

  if (assets.isError) return <LoadFailed onRetry={() => void assets.refetch()} />;
  if (!data) {
    return (
      <Card>
        <Skeleton.Paragraph lineCount={5} animated />
      </Card>
    );
  }
  return (
    <>
      <Card title={t('coinAssets.total')} testId="coin-assets-total">
        <p className={coin.total} data-testid="coin-total-usdt">
          {moneyText(data.totalUsdt, 'USDT', lang)}
        </p>
        <p className={styles.note} data-testid="coin-total-eur">
          {t('coinAssets.totalEur', { 0: formatNumber(data.totalEur, lang, 2) })}
        </p>
        {data.unvalued.length > 0 && (
          <p className={styles.note}>{t('coinAssets.unvalued', { 0: data.unvalued.join(', ') })}</p>
        )}
      </Card>
      {data.list.map((c) => (
        <Card key={c.coin} testId={`coin-asset-${c.coin}`}>
          <div className={coin.coinHead}>
            <span>
              {c.coin} · {c.name}
            </span>
            <span data-testid="coin-asset-total">{moneyText(c.total, c.coin, lang)}</span>
          </div>
          <ul className={styles.rows}>
            <li className={styles.row}>
              <span className={styles.label}>{t('coinAssets.spot')}</span>
              <span className={styles.value} data-testid="coin-asset-spot">
                {moneyText(c.spot, c.coin, lang)}
              </span>
            </li>
            <li className={styles.row}>
              <span className={styles.label}>{t('coinAssets.contract')}</span>
              <span className={styles.value}>{moneyText(c.contract, c.coin, lang)}</span>
            </li>
            <li className={styles.row}>
              <span className={styles.label}>{t('coinAssets.frozen')}</span>
              <span className={styles.value} data-testid="coin-asset-frozen">
                {moneyText(c.frozen, c.coin, lang)}
              </span>
            </li>
            <li className={styles.row}>
              <span className={styles.label}>{t('coinAssets.value')}</span>
              <span className={styles.value} data-testid="coin-asset-value">
                {c.valueUsdt === null ? '--' : moneyText(c.valueUsdt, 'USDT', lang)}
              </span>
            </li>
          </ul>
          {c.symbol && (
            <div className={coin.links}>
              <Link to={coinTradePath(c.symbol)} data-testid="coin-asset-trade">
                {t('coinAssets.trade')}
              </Link>
            </div>
          )}
        </Card>
      ))}
    </>
  );
}
