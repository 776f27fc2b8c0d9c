import { adminTotpReset } from '@piazza/contract/calls/admin-kyc';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../shared/notices';
import { request } from '../../shared/request';

/**
 * Turns off another operator's two-factor login (a lost phone), with a reason for the audit log; they sign
 * in with the password and enrol again. The server refuses when they have none.
 */
export function TotpReset({ operator }: { operator: { id: number; email: string } }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const reset = useMutation({
    mutationFn: () => request(adminTotpReset, { id: operator.id, reason }),
    onSuccess: () => {
      showNotice('success', t('totpReset.done', { email: operator.email }));
      setOpen(false);
      setReason('');
    },
  });
  const label = t('totpReset.for', { email: operator.email });
  if (!open) {
    return (
      <button
        type="button"
        className="secondary"
        onClick={() => setOpen(true)}
        aria-label={label}
        data-testid={`totp-reset-${operator.id}`}
      >
        {t('totpReset.open')}
      </button>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    reset.mutate();
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label={label}>
      <label>
        <span>{t('common.reason')}</span>
        <input
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          data-testid={`totp-reset-reason-${operator.id}`}
        />
      </label>
      <button
        type="submit"
        className="danger"
        disabled={reset.isPending}
        data-testid={`totp-reset-submit-${operator.id}`}
      >
        {t('totpReset.submit')}
      </button>
      <button type="button" className="secondary" onClick={() => setOpen(false)}>
        {t('common.cancel')}
      </button>
    </form>
  );
}
