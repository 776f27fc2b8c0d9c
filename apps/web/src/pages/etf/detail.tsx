import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EtfDetail } from '../../features/etf/etf-detail';
import { Page } from '../../shared/ui/page';

/** One ETF's facts and KID (issue 20): `?symbol=SWDA.MI`. */
export default function EtfDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const symbol = params.get('symbol') ?? '';
  return (
    <Page title={t('etf.detail.title')}>
      {symbol ? <EtfDetail symbol={symbol} /> : <p role="alert">{t('etf.notFound')}</p>}
    </Page>
  );
}
