import { userLoanApply, userLoanSecci } from '@piazza/contract/calls/lending';
import { securityOverview } from '@piazza/contract/calls/security';
import { useQueryClient } from '@tanstack/react-query';
import { Checkbox, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../../shared/api/api';
import { ApiRefusal } from '../../shared/api/failures';
import { useApiQuery } from '../../shared/api/use-api-query';
import { moneyText } from '../../shared/money/money-text';
import { useSubmissionIds } from '../../shared/money/submission-id';
import { removePersisted, usePersisted } from '../../shared/storage/persisted';
import { ConfirmStep } from '../../shared/ticket/ticket-confirm';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import styles from './lending.module.css';
import { lendingPaths, lendingRefreshCalls } from './lending-calls';
import type { LoanDraft } from './loan-draft';
import { SecciFigures } from './secci-figures';

/**
 * loan/apply: the SECCI summary of the draft from loan/writeInfo with every figure, the box "I have read the
 * SECCI", then the application, with the transaction password when the investor has set one (signing a credit
 * agreement is a money call like any other). A refusal stays under the summary. Test ids: `secci-{figure}` (`secci-taeg`),
 * `secci-accept`, `loan-send`, `loan-back`, `loan-refusal`.
 */
export function ApplyScreen({ draft }: { draft: LoanDraft }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = useSubmissionIds();
  const secci = useApiQuery(userLoanSecci, { amount: draft.amount, days: draft.days }, { staleTime: 0 });
  const security = useApiQuery(securityOverview, {});
  const pinNeeded = security.data?.trade.set === true;
  const [pin, setPin] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (secci.isPending) return <Skeleton.Paragraph lineCount={8} animated />;
  if (secci.isError) {
    // A refused summary (limit, term, identity) is said where the investor looks, with the way back.
    return secci.error instanceof ApiRefusal ? (
      <Card>
        <p className={styles.error} data-testid="secci-refusal">
          {secci.error.msg}
        </p>
        <Link to={lendingPaths.writeInfo} data-testid="loan-edit">
          {t('lending.apply.edit')}
        </Link>
      </Card>
    ) : (
      <LoadFailed onRetry={() => void secci.refetch()} />
    );
  }
  const summary = secci.data;

  const send = async () => {
    const fields = { ...draft, secciAccepted: 1, ...(pinNeeded ? { tradePassword: pin } : {}) };
    setSending(true);
    setRefusal(null);
    try {
      await api(userLoanApply, { ...fields, requestId: ids.idFor(fields) });
      ids.settle();
      removePersisted('loanData');
      Toast.show({ content: t('lending.apply.done') });
      for (const call of lendingRefreshCalls) void queryClient.invalidateQueries({ queryKey: [call.path] });
      navigate(lendingPaths.overview, { replace: true });
    } catch (err) {
      if (err instanceof ApiRefusal) setRefusal(err.msg);
      setPin('');
    } finally {
      setSending(false);
    }
  };

  return (
    <ConfirmStep
      testPrefix="loan"
      title={t('lending.apply.title')}
      summary={t('lending.apply.summary', {
        0: moneyText(summary.amount, summary.currency, lang),
        1: summary.days,
        2: moneyText(summary.totalRepayable, summary.currency, lang),
      })}
      pinNeeded={pinNeeded}
      pin={pin}
      onPin={setPin}
      labels={{ pin: t('lending.pin'), back: t('lending.apply.back'), send: t('lending.apply.send') }}
      sending={sending}
      canSend={accepted}
      onBack={() => navigate(lendingPaths.writeInfo)}
      onSend={() => void send()}
    >
      <SecciFigures secci={summary} testPrefix="secci" />
      <p className={styles.muted}>{t('lending.apply.interestNote')}</p>
      <p className={styles.muted}>{t('lending.apply.withdrawalNote', { 0: summary.withdrawalDays })}</p>
      <p className={styles.muted}>
        {t('lending.apply.review')}{' '}
        <Link to={lendingPaths.terms} data-testid="loan-terms-link">
          {t('lending.terms')}
        </Link>
      </p>
      <div className={styles.section}>
        <Checkbox checked={accepted} onChange={setAccepted} data-testid="secci-accept">
          {t('lending.apply.accept')}
        </Checkbox>
      </div>
      {refusal && (
        <p className={styles.error} role="alert" data-testid="loan-refusal">
          {refusal}
        </p>
      )}
    </ConfirmStep>
  );
}
