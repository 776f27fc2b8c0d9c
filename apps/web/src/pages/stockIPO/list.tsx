import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { stockKindOf } from '../../features/offerings/offering-calls';
import { SubscriptionsScreen } from '../../features/offerings/offering-screens';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

/** The investor's IPO (or offline placement) subscriptions (SPEC §2 stockIPO/list). */
export default function SubscriptionList() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const kind = stockKindOf(params);
  return (
    <Page title={t(kind === 'offline' ? 'offerings.offlineMineTitle' : 'offerings.mineTitle')} flush>
      <RequireSession>{() => <SubscriptionsScreen key={kind} kind={kind} />}</RequireSession>
    </Page>
  );
}
