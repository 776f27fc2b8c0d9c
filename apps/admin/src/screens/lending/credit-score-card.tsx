import { adminCreditAdjust, adminCreditScoreView } from '@piazza/contract/calls/lending-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../shared/can';
import { formatTime } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { RefusalLine } from '../../shared/refusal-line';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import styles from './credit.module.css';
import { readAdjustment, signedPoints } from './loan-figures';

/**
 * An investor's computed credit score (decision 035): each factor's points out of its limit, the operator's
 * adjustment on top, shown apart, with its history; and the form that sets the adjustment (−50…+50, a reason
 * the investor reads). The adjustment replaces the previous one, it does not add to it.
 */
export function CreditScoreCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  const key = ['credit', userId];
  const score = useQuery({ queryKey: key, queryFn: () => request(adminCreditScoreView, { id: userId }) });
  const [typed, setTyped] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const adjust = useMutation({
    mutationFn: (adjustment: string) =>
      request(adminCreditAdjust, { id: userId, adjustment, reason: reason.trim() }),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      setTyped(null);
      setReason('');
      showNotice(
        'success',
        next.score === null
          ? t('credit.adjustedUnrated', { adjustment: signedPoints(next.adjustment) })
          : t('credit.adjusted', { adjustment: signedPoints(next.adjustment), score: next.score }),
      );
    },
  });

  if (!score.data) {
    return (
      <article className="card" aria-labelledby="credit-title">
        <h2 id="credit-title">{t('credit.title')}</h2>
        {score.isPending && <p className="muted">{t('common.loading')}</p>}
      </article>
    );
  }
  const s = score.data;
  const adjustment = typed ?? String(s.adjustment);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    adjust.mutate(readAdjustment(adjustment));
  };

  return (
    <article className="card" aria-labelledby="credit-title" data-testid="credit-card">
      <h2 id="credit-title">{t('credit.title')}</h2>
      <p className={styles.score} data-testid="credit-score">
        {s.score === null ? (
          t('credit.unrated')
        ) : (
          <>
            {t('credit.scoreOf', { score: s.score })}{' '}
            {s.band && <span className="badge">{t(`creditBand.${s.band}`)}</span>}
          </>
        )}
      </p>
      {s.score === null && <p className="muted">{t('credit.unratedHint')}</p>}
      <table data-testid="credit-factors">
        <thead>
          <tr>
            <th scope="col">{t('credit.factor')}</th>
            <th scope="col" className="num">
              {t('credit.points')}
            </th>
            <th scope="col" className="num">
              {t('credit.limit')}
            </th>
          </tr>
        </thead>
        <tbody>
          {s.factors.map((f) => (
            <tr key={f.key}>
              <td>{t(`creditFactor.${f.key}`)}</td>
              <td className="num">{signedPoints(f.points)}</td>
              <td className="num">{signedPoints(f.limit)}</td>
            </tr>
          ))}
          <tr className={styles.adjustmentRow}>
            <td>{t('credit.adjustment')}</td>
            <td className="num" data-testid="credit-adjustment">
              {signedPoints(s.adjustment)}
            </td>
            <td className="num">±50</td>
          </tr>
        </tbody>
      </table>
      {can(role, adminCreditAdjust) && (
        <form className={styles.form} onSubmit={submit} data-testid="credit-form">
          <label>
            <span>{t('credit.newAdjustment')}</span>
            <input
              inputMode="text"
              value={adjustment}
              onChange={(e) => setTyped(e.target.value)}
              aria-describedby="credit-adjustment-hint"
              data-testid="credit-adjustment-input"
            />
            <small className="muted" id="credit-adjustment-hint">
              {t('credit.adjustmentHint')}
            </small>
          </label>
          <label className={styles.wide}>
            <span>{t('common.reason')}</span>
            <textarea
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-describedby="credit-reason-hint"
              data-testid="credit-reason"
            />
            <small className="muted" id="credit-reason-hint">
              {t('credit.reasonHint')}
            </small>
          </label>
          <div className={styles.actions}>
            <button type="submit" disabled={adjust.isPending} data-testid="credit-submit">
              {t('credit.submit')}
            </button>
          </div>
          <RefusalLine error={adjust.error} testId="credit-refusal" alert />
        </form>
      )}
      <h3>{t('credit.history')}</h3>
      {s.adjustments.length === 0 ? (
        <p className="muted">{t('credit.noHistory')}</p>
      ) : (
        <table data-testid="credit-history">
          <thead>
            <tr>
              <th scope="col" className="num">
                {t('credit.adjustment')}
              </th>
              <th scope="col">{t('common.reason')}</th>
              <th scope="col">{t('credit.when')}</th>
            </tr>
          </thead>
          <tbody>
            {s.adjustments.map((a) => (
              <tr key={`${a.createdAt}-${a.adjustment}`}>
                <td className="num">{signedPoints(a.adjustment)}</td>
                <td>{a.reason}</td>
                <td className="nowrap">{formatTime(a.createdAt, t('common.never'))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}
