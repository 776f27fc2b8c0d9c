import { useTranslation } from 'react-i18next';
import { EtfList } from '../../features/etf/etf-list';
import { Page } from '../../shared/ui/page';

/** The ETFs on ETFplus with their filters (issue 20), also a tab of the Markets page. */
export default function EtfListPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('etf.list.title')} flush>
      <EtfList />
    </Page>
  );
}
