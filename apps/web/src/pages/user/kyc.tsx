import { kycStatus } from '@piazza/contract/calls/kyc';
import { DotLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { draftFrom, emptyDraft } from '../../features/kyc/kyc-draft';
import { KycForm } from '../../features/kyc/kyc-form';
import { KycStatusView } from '../../features/kyc/kyc-status-view';
import { useApiQuery } from '../../shared/api/use-api-query';
import { topics } from '../../shared/realtime/topics';
import { useTopic } from '../../shared/realtime/use-topic';
import { RequireSession } from '../../shared/session/require-session';
import { refreshLoginInfo } from '../../shared/session/session';
import type { StoredUser } from '../../shared/session/stored-user';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Page } from '../../shared/ui/page';

/**
 * The operator's decision arrives on the user socket ('kyc' event); while a review is pending the page also
 * looks again now and then, in case the socket is down.
 */
const pendingRefreshMs = 15_000;

/** Identity verification (KYC): the status, the five-step form, the appropriateness profile and HNI. */
export default function Kyc() {
  const { t } = useTranslation();
  return (
    <Page title={t('kycPage.title')}>
      <RequireSession>{(user) => <KycFlow user={user} />}</RequireSession>
    </Page>
  );
}

function KycFlow({ user }: { user: StoredUser }) {
  const [filling, setFilling] = useState(false);
  const status = useApiQuery(
    kycStatus,
    {},
    { refetchInterval: (q) => (q.state.data?.idStatus === 'pending' ? pendingRefreshMs : false) },
  );
  const idStatus = status.data?.idStatus;
  useTopic(topics.user, (event) => {
    if (event.kind === 'kyc') void status.refetch();
  });

  // The drawer and the account page read the stored user: keep its KYC label in step with this page.
  useEffect(() => {
    if (idStatus && idStatus !== user.idStatus) refreshLoginInfo({ silent: true }).catch(() => undefined);
  }, [idStatus, user.idStatus]);
  // A new status (submitted, reviewed) closes the form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on purpose when the status changes
  useEffect(() => setFilling(false), [idStatus]);

  if (status.isPending) return <DotLoading />;
  if (!status.data) return <LoadFailed onRetry={() => void status.refetch()} />;
  const data = status.data;
  const open = filling && (data.idStatus === 'none' || data.idStatus === 'fail');
  if (open) {
    const initial = data.idStatus === 'fail' && data.form ? draftFrom(data.form) : emptyDraft;
    return <KycForm userId={user.id} initial={initial} />;
  }
  return <KycStatusView status={data} onStart={() => setFilling(true)} />;
}
