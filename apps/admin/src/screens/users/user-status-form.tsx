import { adminUserStatus } from '@piazza/contract/calls/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../shared/notices';
import { request } from '../../shared/request';

/** Turns an investor off (signing them out everywhere at once) or on again, with a reason for the audit log. */
export function UserStatusForm({ userId, status }: { userId: number; status: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const next = status === 1 ? 0 : 1;
  const change = useMutation({
    mutationFn: () => request(adminUserStatus, { id: userId, status: next, reason }),
    onSuccess: (data) => {
      setReason('');
      showNotice('success', t(data.status === 1 ? 'statusForm.doneOn' : 'statusForm.doneOff'));
      void queryClient.invalidateQueries({ queryKey: ['user', userId] });
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate();
  };

  return (
    <form className="card" onSubmit={submit} aria-labelledby="status-title">
      <h2 id="status-title">{t('statusForm.title')}</h2>
      <p data-testid="status-current">{t(status === 1 ? 'statusForm.isOn' : 'statusForm.isOff')}</p>
      <p className="muted">{t(next === 0 ? 'statusForm.disableHint' : 'statusForm.enableHint')}</p>
      <label>
        <span>{t('common.reason')}</span>
        <textarea
          rows={2}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          data-testid="status-reason"
        />
        <small className="muted">{t('common.reasonHint')}</small>
      </label>
      <button
        type="submit"
        className={next === 0 ? 'danger' : undefined}
        disabled={change.isPending}
        data-testid="status-submit"
      >
        {t(next === 0 ? 'statusForm.disable' : 'statusForm.enable')}
      </button>
    </form>
  );
}
