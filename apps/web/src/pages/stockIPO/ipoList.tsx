import { useTranslation } from 'react-i18next';
import { OfferingListScreen } from '../../features/offerings/offering-screens';
import { Page } from '../../shared/ui/page';

/** IPOs (SPEC §2 stockIPO/ipoList): open now, coming, all; offline placements below them. */
export default function IpoList() {
  const { t } = useTranslation();
  return (
    <Page title={t('offerings.ipoTitle')} flush>
      <OfferingListScreen kind="ipo" />
    </Page>
  );
}
