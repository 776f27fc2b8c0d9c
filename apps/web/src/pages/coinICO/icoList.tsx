import { useTranslation } from 'react-i18next';
import { OfferingListScreen } from '../../features/offerings/offering-screens';
import { Page } from '../../shared/ui/page';

/** ICOs (SPEC §2 coinICO/icoList): open now, coming, all. */
export default function IcoList() {
  const { t } = useTranslation();
  return (
    <Page title={t('offerings.icoTitle')} flush>
      <OfferingListScreen kind="ico" />
    </Page>
  );
}
