import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { ApplyScreen } from '../../features/lending/apply-screen';
import { lendingPaths } from '../../features/lending/lending-calls';
import { readDraft } from '../../features/lending/loan-draft';
import { RequireSession } from '../../shared/session/require-session';
import { readPersisted } from '../../shared/storage/persisted';
import { Page } from '../../shared/ui/page';

/**
 * The loan application's second step (SPEC §2 `loan/apply`): the SECCI of the draft written on
 * loan/writeInfo, accepted, then sent. Without a draft (opened directly) the first step opens.
 */
export default function Apply() {
  const { t } = useTranslation();
  // Read once: sending clears the stored draft, which must not send this page back to the first step.
  const [draft] = useState(() => readDraft(readPersisted('loanData')));
  return (
    <Page title={t('lending.apply.pageTitle')}>
      <RequireSession>
        {() => (draft ? <ApplyScreen draft={draft} /> : <Navigate to={lendingPaths.writeInfo} replace />)}
      </RequireSession>
    </Page>
  );
}
