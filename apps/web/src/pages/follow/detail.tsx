import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DetailScreen } from '../../features/follow/detail-screen';
import { Page } from '../../shared/ui/page';

/** One fund (SPEC §2 follow/detail?id=): manager, terms, risk, live record, following, adding, redeeming. */
export default function Detail() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <Page title={t('follow.detailTitle')}>
      <DetailScreen key={id} id={id} />
    </Page>
  );
}
