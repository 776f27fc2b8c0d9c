import type { adminUserControls } from '@piazza/contract/calls/admin-kyc';
import { adminHniDecide } from '@piazza/contract/calls/admin-kyc';
import type { CallOutput } from '@piazza/contract/define';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { request } from '../../shared/request';

type Controls = CallOutput<typeof adminUserControls>;

/** The HNI application: its state, and for the roles allowed, approve (needs KYC verified) or reject with a reason. */
export function HniForm({
  controls,
  onChanged,
  canDecide,
}: {
  controls: Controls;
  onChanged: (next: Controls) => void;
  canDecide: boolean;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (approve: boolean) =>
      request(adminHniDecide, {
        id: controls.userId,
        approve: approve ? 1 : 0,
        reason: approve ? undefined : reason,
      }),
    onSuccess: (next) => {
      setReason('');
      showNotice('success', t(next.hni.status === 'approved' ? 'hni.doneApproved' : 'hni.doneRejected'));
      onChanged(next);
    },
  });
  const reject = (e: FormEvent) => {
    e.preventDefault();
    decide.mutate(false);
  };
  const { hni } = controls;

  return (
    <article className="card" aria-labelledby="hni-title">
      <h2 id="hni-title">{t('hni.title')}</h2>
      <p>
        <span className="badge" data-testid="hni-status">
          {t(`hni.status.${hni.status}`)}
        </span>{' '}
        {hni.appliedAt !== null && (
          <span className="muted">{t('hni.appliedAt', { time: formatTime(hni.appliedAt, '') })}</span>
        )}
      </p>
      {hni.status === 'rejected' && hni.reason && (
        <p className="muted">{t('hni.reason', { reason: hni.reason })}</p>
      )}
      {canDecide && hni.status === 'pending' && (
        <>
          {controls.idStatus !== 'succ' && <p className="muted">{t('hni.needsKyc')}</p>}
          <button
            type="button"
            disabled={decide.isPending || controls.idStatus !== 'succ'}
            onClick={() => decide.mutate(true)}
            data-testid="hni-approve"
          >
            {t('hni.approve')}
          </button>
          <form onSubmit={reject}>
            <label>
              <span>{t('common.reason')}</span>
              <textarea
                rows={2}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                data-testid="hni-reason"
              />
              <small className="muted">{t('hni.reasonHint')}</small>
            </label>
            <button type="submit" className="danger" disabled={decide.isPending} data-testid="hni-reject">
              {t('hni.reject')}
            </button>
          </form>
        </>
      )}
    </article>
  );
}
