import { useTranslation } from 'react-i18next';
import { SubscriptionsScreen } from '../../features/offerings/offering-screens';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

/** The investor's ICO subscriptions (SPEC §2 coinICO/applyList). */
export default function ApplyList() {
  const { t } = useTranslation();
  return (
    <Page title={t('offerings.mineTitle')} flush>
      <RequireSession>{() => <SubscriptionsScreen kind="ico" />}</RequireSession>
    </Page>
  );
}
