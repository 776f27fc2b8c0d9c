import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { stockKindOf } from '../../features/offerings/offering-calls';
import { OfferingOrderScreen } from '../../features/offerings/offering-screens';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

/** Applying to an IPO or an offline placement (SPEC §2 stockIPO/ipoOrder). */
export default function IpoOrder() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <Page title={t('offerings.orderTitle')}>
      <RequireSession>
        {() => <OfferingOrderScreen kind={stockKindOf(params)} id={Number(params.get('id'))} />}
      </RequireSession>
    </Page>
  );
}
