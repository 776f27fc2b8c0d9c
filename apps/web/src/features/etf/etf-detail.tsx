import { etfInfo } from '@piazza/contract/calls/bonds';
import { formatNumber, formatPercent } from '@piazza/core/format-number';
import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiRefusal } from '../../shared/api/failures';
import { useApiQuery } from '../../shared/api/use-api-query';
import { klinePath } from '../../shared/market/market-row';
import { usePersisted } from '../../shared/storage/persisted';
import { type Figure, FigureList } from '../../shared/ticket/figure-rows';
import { Card } from '../../shared/ui/card';
import styles from '../../shared/ui/instrument-rows.module.css';
import { LoadFailed } from '../../shared/ui/load-failed';

/**
 * One ETF's facts (issue 20): ISIN, issuer, index, TER, replication, distribution, the fund's currency, the
 * market, and the issuer's PRIIPs KID; it trades as a share does, on its K-line page. Test ids: `etf-{fact}`
 * (`etf-isin`, `etf-ter`), `etf-kid`, `etf-trade`.
 */
export function EtfDetail({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const info = useApiQuery(etfInfo, { symbol });
  if (info.isPending) return <Skeleton.Paragraph lineCount={10} animated />;
  if (info.isError) {
    return info.error instanceof ApiRefusal ? (
      <Card>
        <p role="alert">{info.error.msg}</p>
      </Card>
    ) : (
      <LoadFailed onRetry={() => void info.refetch()} />
    );
  }
  const e = info.data;
  const figures: Figure[] = [
    [t('etf.fact.isin'), e.isin, 'etf-isin'],
    [t('etf.fact.issuer'), e.issuer, 'etf-issuer'],
    [t('etf.fact.benchmark'), e.benchmark, 'etf-benchmark'],
    [t('etf.fact.assetClass'), t(`etf.assetClass.${e.assetClass}`), 'etf-asset-class'],
    [t('etf.fact.ter'), `${formatNumber(e.ter, lang, 2)}%`, 'etf-ter'],
    [t('etf.fact.replication'), t(`etf.replication.${e.replication}`), 'etf-replication'],
    [t('etf.fact.distribution'), t(`etf.distribution.${e.distribution}`), 'etf-distribution'],
    [t('etf.fact.fundCurrency'), e.fundCurrency, 'etf-fund-currency'],
    [t('etf.fact.market'), t('etf.fact.marketValue'), 'etf-market'],
  ];
  if (e.quote) {
    const tone = Number(e.quote.changePercent) < 0 ? styles.down : styles.up;
    figures.unshift([
      t('etf.fact.last'),
      `${formatNumber(e.quote.last, lang, 3)} EUR (${formatPercent(e.quote.changePercent, lang)})`,
      'etf-last',
      tone,
    ]);
  }
  return (
    <>
      <Card>
        <h2 className={styles.heading} data-testid="etf-name">
          {e.name}
        </h2>
        <p className={styles.note}>
          {e.ticker} · {t(`etf.structure.${e.structure}`)}
        </p>
        <FigureList figures={figures} />
        <div className={styles.actions}>
          <Button
            block
            color="primary"
            onClick={() => navigate(klinePath({ symbol: e.symbol, kind: 'stock' }))}
            data-testid="etf-trade"
          >
            {t('etf.trade')}
          </Button>
        </div>
      </Card>
      <Card>
        <a
          className={styles.link}
          href={e.kidUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="etf-kid"
        >
          {t('etf.kid')}
        </a>
        <p className={styles.note}>{t('etf.kidNote')}</p>
      </Card>
    </>
  );
}
