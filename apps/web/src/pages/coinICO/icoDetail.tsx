import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { OfferingDetailScreen } from '../../features/offerings/offering-screens';
import { Page } from '../../shared/ui/page';

/** One ICO (SPEC §2 coinICO/icoDetail): terms, white paper, the reader's subscription, the allotment. */
export default function IcoDetail() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <Page title={t('offerings.icoDetailTitle')}>
      <OfferingDetailScreen kind="ico" id={Number(params.get('id'))} />
    </Page>
  );
}
