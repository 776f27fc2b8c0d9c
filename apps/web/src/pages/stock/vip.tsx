import { useTranslation } from 'react-i18next';
import { VipScreen } from '../../features/vip/vip-screen';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

/** VIP membership (SPEC §2 `stock/vip`): state, the free trial, the plans, and the notes for members. */
export default function Vip() {
  const { t } = useTranslation();
  return (
    <Page title={t('vipPage.title')}>
      <RequireSession>{() => <VipScreen />}</RequireSession>
    </Page>
  );
}
