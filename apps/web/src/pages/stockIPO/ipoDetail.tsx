import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { stockKindOf } from '../../features/offerings/offering-calls';
import { OfferingDetailScreen } from '../../features/offerings/offering-screens';
import { Page } from '../../shared/ui/page';

/** One IPO or offline placement (SPEC §2 stockIPO/ipoDetail). */
export default function IpoDetail() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <Page title={t('offerings.ipoDetailTitle')}>
      <OfferingDetailScreen kind={stockKindOf(params)} id={Number(params.get('id'))} />
    </Page>
  );
}
