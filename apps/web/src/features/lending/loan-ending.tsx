import { userLoanRepay, userLoanWithdraw } from '@piazza/contract/calls/lending';
import type { LoanView } from '@piazza/contract/calls/lending-shapes';
import { securityOverview } from '@piazza/contract/calls/security';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { ApiRefusal } from '../../shared/api/failures';
import { useApiQuery } from '../../shared/api/use-api-query';
import { moneyText } from '../../shared/money/money-text';
import { useSubmissionIds } from '../../shared/money/submission-id';
import { usePersisted } from '../../shared/storage/persisted';
import { PinField } from '../../shared/ticket/ticket-confirm';
import styles from './lending.module.css';
import { lendingRefreshCalls } from './lending-calls';
import { calendarDateText, canWithdraw } from './loan-figures';

type Ending = 'repay' | 'withdraw';

/**
 * Repaying a loan in progress, or withdrawing from it within 14 days: a confirmation naming what is owed
 * today (principal plus interest for the days used) and asking the transaction password when one is set, then
 * the money call. A refusal stays under the confirmation. Test ids: `loan-repay-{id}`, `loan-withdraw-{id}`, `repay-send`, `withdraw-send`,
 * `repay-cancel`, `repay-refusal`.
 */
export function LoanEnding({ loan }: { loan: LoanView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const queryClient = useQueryClient();
  const ids = useSubmissionIds();
  const security = useApiQuery(securityOverview, {});
  const pinNeeded = security.data?.trade.set === true;
  const [pin, setPin] = useState('');
  const [asked, setAsked] = useState<Ending | null>(null);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const owed = moneyText(loan.owedToday, loan.currency, lang);
  const withdrawable = canWithdraw(loan);

  const ask = (ending: Ending | null) => {
    setRefusal(null);
    setAsked(ending);
  };

  const send = async () => {
    if (!asked) return;
    setSending(true);
    setRefusal(null);
    try {
      const password = pinNeeded ? { tradePassword: pin } : {};
      if (asked === 'repay') {
        const fields = { id: loan.id, amount: loan.owedToday };
        await api(userLoanRepay, { ...fields, ...password, requestId: ids.idFor({ ...fields, asked }) });
      } else {
        const fields = { id: loan.id };
        await api(userLoanWithdraw, { ...fields, ...password, requestId: ids.idFor({ ...fields, asked }) });
      }
      ids.settle();
      Toast.show({ content: t(asked === 'repay' ? 'lending.repay.done' : 'lending.withdraw.done') });
      setAsked(null);
    } catch (err) {
      // The wrapper has shown it as a toast too; here it stays under the confirmation.
      if (err instanceof ApiRefusal) setRefusal(err.msg);
    } finally {
      setPin('');
      setSending(false);
      // What is owed moves with the day: read it again either way.
      for (const call of lendingRefreshCalls) void queryClient.invalidateQueries({ queryKey: [call.path] });
    }
  };

  if (asked) {
    return (
      <div className={styles.confirm} data-testid={`${asked}-confirm`}>
        <p data-testid={`${asked}-summary`}>
          {asked === 'repay'
            ? t('lending.repay.summary', { 0: owed, 1: loan.daysBorrowed })
            : t('lending.withdraw.summary', { 0: owed, 1: loan.daysBorrowed })}
        </p>
        <p className={styles.muted}>{t('lending.repay.review')}</p>
        {pinNeeded && (
          <PinField label={t('lending.pin')} value={pin} onChange={setPin} testId={`${asked}-pin`} />
        )}
        {refusal && (
          <p className={styles.error} role="alert" data-testid={`${asked}-refusal`}>
            {refusal}
          </p>
        )}
        <div className={styles.actions}>
          <Button block onClick={() => ask(null)} disabled={sending} data-testid={`${asked}-cancel`}>
            {t('common.cancel')}
          </Button>
          <Button
            block
            color="primary"
            loading={sending}
            onClick={() => void send()}
            data-testid={`${asked}-send`}
          >
            {t(asked === 'repay' ? 'lending.repay.send' : 'lending.withdraw.send', { 0: owed })}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <>
      <div className={styles.actions}>
        <Button block color="primary" onClick={() => ask('repay')} data-testid={`loan-repay-${loan.id}`}>
          {t('lending.repay.button')}
        </Button>
        {withdrawable && (
          <Button block onClick={() => ask('withdraw')} data-testid={`loan-withdraw-${loan.id}`}>
            {t('lending.withdraw.button')}
          </Button>
        )}
      </div>
      {withdrawable && (
        <p className={styles.muted}>
          {t('lending.withdraw.until', { 0: calendarDateText(loan.withdrawalUntil) })}
        </p>
      )}
    </>
  );
}
