import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { OfferingOrderScreen } from '../../features/offerings/offering-screens';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

/** Applying to an ICO (SPEC §2 coinICO/icoOrder). */
export default function IcoOrder() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <Page title={t('offerings.orderTitle')}>
      <RequireSession>
        {() => <OfferingOrderScreen kind="ico" id={Number(params.get('id'))} />}
      </RequireSession>
    </Page>
  );
}
