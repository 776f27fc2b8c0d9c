import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { HoldingsScreen } from '../../features/follow/holdings-screen';
import { Page } from '../../shared/ui/page';

/** A fund's book (SPEC §2 follow/stockList?id=): its cash and holdings, its executed trades; guests browse. */
export default function StockList() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <Page title={t('follow.stockListTitle')}>
      <HoldingsScreen key={id} id={id} />
    </Page>
  );
}
