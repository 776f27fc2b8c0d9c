import type { adminUserControls } from '@piazza/contract/calls/admin-kyc';
import { adminLoanLimit } from '@piazza/contract/calls/admin-kyc';
import type { CallOutput } from '@piazza/contract/define';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n';
import { formatLedgerAmount } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { NumberInput } from '../../shared/number-input';
import { request } from '../../shared/request';

type Controls = CallOutput<typeof adminUserControls>;

/** The loan limit in EUR (0 = no loans), with a reason for the audit log. */
export function LoanLimitForm({
  controls,
  onChanged,
}: {
  controls: Controls;
  onChanged: (next: Controls) => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const set = useMutation({
    mutationFn: () => request(adminLoanLimit, { id: controls.userId, amount: amount.trim(), reason }),
    onSuccess: (next) => {
      setAmount('');
      setReason('');
      showNotice('success', t('loan.done', { amount: formatLedgerAmount(next.loanLimit, lang) }));
      onChanged(next);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    set.mutate();
  };

  return (
    <article className="card" aria-labelledby="loan-title">
      <h2 id="loan-title">{t('loan.title')}</h2>
      <p data-testid="loan-current">
        {t('loan.current', { amount: formatLedgerAmount(controls.loanLimit, lang) })}
      </p>
      <form onSubmit={submit}>
        <label>
          <span>{t('loan.amount')}</span>
          <NumberInput required scale={2} value={amount} onChange={setAmount} testId="loan-input" />
        </label>
        <label>
          <span>{t('common.reason')}</span>
          <textarea
            rows={2}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="loan-reason"
          />
          <small className="muted">{t('common.reasonHint')}</small>
        </label>
        <button type="submit" disabled={set.isPending} data-testid="loan-submit">
          {t('loan.submit')}
        </button>
      </form>
    </article>
  );
}
