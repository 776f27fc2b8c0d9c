import { useTranslation } from 'react-i18next';
import { DocumentsPanel } from '../../features/documents/documents-panel';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

/** The investor's documents: statements, tax certificates and costs reports (issue 19, decision 050). */
export default function Documents() {
  const { t } = useTranslation();
  return (
    <Page title={t('docs.title')}>
      <RequireSession>{() => <DocumentsPanel />}</RequireSession>
    </Page>
  );
}
