import type { adminUserControls } from '@piazza/contract/calls/admin-kyc';
import { adminCreditScore } from '@piazza/contract/calls/admin-kyc';
import type { CallOutput } from '@piazza/contract/define';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { NumberInput } from '../../shared/number-input';
import { request } from '../../shared/request';

type Controls = CallOutput<typeof adminUserControls>;

/** The credit score (0–100) with a reason that goes to the change log the investor reads; its recent changes. */
export function CreditScoreForm({
  controls,
  onChanged,
  readOnly = false,
}: {
  controls: Controls;
  onChanged: (next: Controls) => void;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const [score, setScore] = useState('');
  const [reason, setReason] = useState('');
  const set = useMutation({
    mutationFn: () => request(adminCreditScore, { id: controls.userId, score, reason }),
    onSuccess: (next) => {
      setScore('');
      setReason('');
      showNotice('success', t('score.done', { score: next.creditScore }));
      onChanged(next);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    set.mutate();
  };

  return (
    <article className="card" aria-labelledby="score-title">
      <h2 id="score-title">{t('score.title')}</h2>
      <p data-testid="score-current">{t('score.current', { score: controls.creditScore })}</p>
      {!readOnly && (
        <form onSubmit={submit}>
          <label>
            <span>{t('score.new')}</span>
            <NumberInput required scale={0} value={score} onChange={setScore} testId="score-input" />
          </label>
          <label>
            <span>{t('common.reason')}</span>
            <textarea
              rows={2}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              data-testid="score-reason"
            />
            <small className="muted">{t('score.reasonHint')}</small>
          </label>
          <button type="submit" disabled={set.isPending} data-testid="score-submit">
            {t('score.submit')}
          </button>
        </form>
      )}
      <h3>{t('score.history')}</h3>
      {controls.scoreChanges.length === 0 ? (
        <p className="muted">{t('score.noChanges')}</p>
      ) : (
        <table data-testid="score-history">
          <thead>
            <tr>
              <th scope="col">{t('score.change')}</th>
              <th scope="col">{t('common.reason')}</th>
              <th scope="col">{t('score.by')}</th>
              <th scope="col">{t('score.when')}</th>
            </tr>
          </thead>
          <tbody>
            {controls.scoreChanges.map((c) => (
              <tr key={`${c.createdAt}-${c.after}`}>
                <td className="nowrap">
                  {c.before} → {c.after}
                </td>
                <td>{c.reason}</td>
                <td>{c.operator ?? t('common.none')}</td>
                <td className="nowrap">{formatTime(c.createdAt, t('common.never'))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}
