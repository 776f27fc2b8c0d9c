import { useTranslation } from 'react-i18next';
import { RegulatoryInfo } from '../../features/regulatory/regulatory-info';
import { Page } from '../../shared/ui/page';

/** The operator's regulatory information (SPEC §2 stock/regulatory), shown only as configured. */
export default function Regulatory() {
  const { t } = useTranslation();
  return (
    <Page title={t('regulatory.title')}>
      <RegulatoryInfo />
    </Page>
  );
}
