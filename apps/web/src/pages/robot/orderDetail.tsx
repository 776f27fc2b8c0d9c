import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { OrderDetailScreen } from '../../features/robot/order-detail-screen';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

/** One AI Multiplier subscription (SPEC §2 robot/orderDetail?id=): figures, addition, early exit. */
export default function OrderDetail() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <Page title={t('robot.orderTitle')}>
      <RequireSession>{() => <OrderDetailScreen key={id} id={id} />}</RequireSession>
    </Page>
  );
}
