import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newRequestId } from '../../shared/request-id';

interface FundingDecisionProps {
  /** 'deposit' or 'withdrawal': the prefix of every test id ({prefix}-approve, {prefix}-confirm, …). */
  prefix: string;
  approveLabel: string;
  /** Defaults to {prefix}-approve. */
  approveTestId?: string;
  /** What the operator reads before confirming: amount, asset, who, where. */
  confirmText: ReactNode;
  confirmLabel: string;
  approve(requestId: string): Promise<unknown>;
  reject(reason: string, requestId: string): Promise<unknown>;
  /** "Mark as being checked" ({prefix}-process), offered while the record is under review. */
  process?: { label: string; run(): Promise<unknown> } | undefined;
}

type Step = { kind: 'idle' } | { kind: 'approve' | 'reject'; requestId: string };

/**
 * Approve (or pay) and reject, each in two steps. The requestId is drawn when a step opens: confirming again
 * after a lost answer repeats the same request, which the server answers once and never moves money twice.
 */
export function FundingDecision(props: FundingDecisionProps) {
  const { prefix } = props;
  const process = useMutation({ mutationFn: () => props.process?.run() ?? Promise.resolve() });
  return (
    <>
      {props.process && (
        <p>
          <button
            type="button"
            className="secondary"
            disabled={process.isPending}
            onClick={() => process.mutate()}
            data-testid={`${prefix}-process`}
          >
            {props.process.label}
          </button>
        </p>
      )}
      <DecisionSteps {...props} />
    </>
  );
}

function DecisionSteps(props: FundingDecisionProps) {
  const { t } = useTranslation();
  const { prefix } = props;
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [reason, setReason] = useState('');
  const open = (kind: 'approve' | 'reject') => setStep({ kind, requestId: newRequestId() });
  const close = () => {
    setStep({ kind: 'idle' });
    setReason('');
  };
  const approve = useMutation({ mutationFn: props.approve, onSuccess: close });
  const reject = useMutation({
    mutationFn: (requestId: string) => props.reject(reason, requestId),
    onSuccess: close,
  });

  if (step.kind === 'idle') {
    return (
      <div className="row">
        <button
          type="button"
          onClick={() => open('approve')}
          data-testid={props.approveTestId ?? `${prefix}-approve`}
        >
          {props.approveLabel}
        </button>
        <button
          type="button"
          className="danger"
          onClick={() => open('reject')}
          data-testid={`${prefix}-reject`}
        >
          {t('funding.reject')}
        </button>
      </div>
    );
  }
  if (step.kind === 'approve') {
    return (
      <fieldset className="confirm" data-testid={`${prefix}-confirm-box`}>
        <legend>{props.confirmText}</legend>
        <button
          type="button"
          disabled={approve.isPending}
          onClick={() => approve.mutate(step.requestId)}
          data-testid={`${prefix}-confirm`}
        >
          {props.confirmLabel}
        </button>
        <button type="button" className="secondary" onClick={close} data-testid={`${prefix}-cancel`}>
          {t('common.cancel')}
        </button>
      </fieldset>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    reject.mutate(step.requestId);
  };
  return (
    <form className="confirm" onSubmit={submit}>
      <label className="wide">
        <span>{t('funding.rejectReason')}</span>
        <textarea
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          data-testid={`${prefix}-reject-reason`}
        />
        <small className="muted">{t('funding.rejectHint')}</small>
      </label>
      <button
        type="submit"
        className="danger"
        disabled={reject.isPending}
        data-testid={`${prefix}-reject-confirm`}
      >
        {t('funding.rejectConfirm')}
      </button>
      <button type="button" className="secondary" onClick={close} data-testid={`${prefix}-cancel`}>
        {t('common.cancel')}
      </button>
    </form>
  );
}
