import { useTranslation } from 'react-i18next';
import { OrdersScreen } from '../../features/robot/orders-screen';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

/** The investor's AI Multiplier subscriptions (SPEC §2 robot/list), by state. */
export default function OrderList() {
  const { t } = useTranslation();
  return (
    <Page title={t('robot.mineTitle')} flush>
      <RequireSession>{() => <OrdersScreen />}</RequireSession>
    </Page>
  );
}
