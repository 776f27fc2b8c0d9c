import {
  adminLoanApprove,
  adminLoanConfirmRepayment,
  adminLoanReject,
} from '@piazza/contract/calls/lending-admin';
import type { Language } from '@piazza/contract/wire';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../shared/can';
import { showNotice } from '../../shared/notices';
import { Refused, request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import { euros, type LoanRow } from './loan-figures';
import styles from './loans.module.css';

type Step = 'idle' | 'approve' | 'reject' | 'confirm';
/** The contract's shortest reason; shorter ones are stopped here, so the investor never reads "ok". */
const reasonMin = 3;

/**
 * The decision a loan's state allows, each in two steps: under review, approve (the confirmation names the
 * amount and the investor, since approving disburses at once) or reject with the reason the investor reads;
 * with a repayment under review, confirm it (the confirmation names the amount set aside). A refusal stays
 * under the decision, with the reason kept, until the next attempt.
 */
export function LoanDecision({ loan: l, onDecided }: { loan: LoanRow; onDecided(next: LoanRow): void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const role = useMe().data?.operator.role;
  const [step, setStep] = useState<Step>('idle');
  const [reason, setReason] = useState('');
  const [short, setShort] = useState(false);
  const close = () => {
    setStep('idle');
    setReason('');
    setShort(false);
  };
  const decide = useMutation({
    mutationFn: (kind: Exclude<Step, 'idle'>) =>
      kind === 'approve'
        ? request(adminLoanApprove, { id: l.id })
        : kind === 'reject'
          ? request(adminLoanReject, { id: l.id, reason: reason.trim() })
          : request(adminLoanConfirmRepayment, { id: l.id }),
    onSuccess: (next, kind) => {
      const named = { amount: euros(next.amount, lang), investor: next.investor, id: next.id };
      const done = {
        approve: t('loansAdmin.approved', named),
        reject: t('loansAdmin.rejected', named),
        confirm: t('loansAdmin.repaymentConfirmed', {
          ...named,
          amount: euros(next.repaidAmount ?? next.amount, lang),
        }),
      }[kind];
      showNotice('success', done);
      close();
      onDecided(next);
    },
  });
  const open = (next: Step) => {
    decide.reset();
    setStep(next);
  };
  const refusal = decide.error instanceof Refused && (
    <p className={styles.refusal} role="alert" data-testid="loan-refusal">
      {decide.error.message}
    </p>
  );

  const reviewing = l.state === 'review' && can(role, adminLoanApprove) && can(role, adminLoanReject);
  const repaying = l.state === 'repaying' && can(role, adminLoanConfirmRepayment);
  if (!reviewing && !repaying) return null;

  if (step === 'idle') {
    return (
      <div className="decision">
        <div className="row">
          {reviewing && (
            <>
              <button type="button" onClick={() => open('approve')} data-testid="loan-approve">
                {t('loansAdmin.approve')}
              </button>
              <button
                type="button"
                className="danger"
                onClick={() => open('reject')}
                data-testid="loan-reject"
              >
                {t('loansAdmin.reject')}
              </button>
            </>
          )}
          {repaying && (
            <button type="button" onClick={() => open('confirm')} data-testid="loan-confirm-repayment">
              {t('loansAdmin.confirmRepayment')}
            </button>
          )}
        </div>
      </div>
    );
  }

  if (step === 'approve' || step === 'confirm') {
    const text =
      step === 'approve'
        ? t('loansAdmin.approveText', { amount: euros(l.amount, lang), investor: l.investor, days: l.days })
        : t('loansAdmin.confirmRepaymentText', {
            amount: euros(l.repaidAmount ?? l.amount, lang),
            investor: l.investor,
            ending: t(`loanEnding.${l.ending ?? 'repayment'}`),
          });
    return (
      <div className="decision">
        <fieldset className="confirm" data-testid="loan-confirm-box">
          <legend data-testid="loan-confirm-text">{text}</legend>
          <button
            type="button"
            disabled={decide.isPending}
            onClick={() => decide.mutate(step)}
            data-testid="loan-confirm"
          >
            {t(step === 'approve' ? 'loansAdmin.approveConfirm' : 'loansAdmin.confirmRepaymentConfirm')}
          </button>
          <button type="button" className="secondary" onClick={close} data-testid="loan-cancel">
            {t('common.cancel')}
          </button>
        </fieldset>
        {refusal}
      </div>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim().length < reasonMin) {
      setShort(true);
      return;
    }
    decide.mutate('reject');
  };
  return (
    <div className="decision">
      <form className="confirm" onSubmit={submit} noValidate>
        <label className="wide">
          <span>{t('loansAdmin.rejectReason')}</span>
          <textarea
            rows={2}
            maxLength={500}
            value={reason}
            aria-invalid={short || undefined}
            aria-describedby="loan-reject-hint"
            onChange={(e) => {
              setReason(e.target.value);
              setShort(false);
            }}
            data-testid="loan-reject-reason"
          />
          <small
            className={short ? styles.refusal : 'muted'}
            id="loan-reject-hint"
            data-testid="loan-reject-hint"
          >
            {t(short ? 'loansAdmin.rejectReasonMissing' : 'loansAdmin.rejectHint')}
          </small>
        </label>
        <button
          type="submit"
          className="danger"
          disabled={decide.isPending}
          data-testid="loan-reject-confirm"
        >
          {t('loansAdmin.rejectConfirm')}
        </button>
        <button type="button" className="secondary" onClick={close} data-testid="loan-cancel">
          {t('common.cancel')}
        </button>
      </form>
      {refusal}
    </div>
  );
}
