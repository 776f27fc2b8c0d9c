import { useTranslation } from 'react-i18next';
import { BondList } from '../../features/bonds/bond-list';
import { Page } from '../../shared/ui/page';

/** BTPs and BOTs on MOT (issue 20), also a tab of the Markets page. */
export default function BondListPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('bonds.list.title')} flush>
      <BondList />
    </Page>
  );
}
