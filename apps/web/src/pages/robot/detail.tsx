import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DetailScreen } from '../../features/robot/detail-screen';
import { Page } from '../../shared/ui/page';

/** One AI Multiplier product (SPEC §2 robot/detail?id=): terms, risk, figures, simulation, subscription. */
export default function Detail() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <Page title={t('robot.detailTitle')}>
      <DetailScreen key={id} id={id} />
    </Page>
  );
}
