import { adminUser } from '@piazza/contract/calls/admin';
import { adminKycApprove, adminKycDetail, adminKycReject } from '@piazza/contract/calls/admin-kyc';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { MessageKey } from '../../i18n/en-US';
import { currentLanguage } from '../../i18n/i18n';
import { can } from '../../shared/can';
import { countryName, formatDay, formatTime } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import { KycDocument } from './kyc-document';
import styles from './kyc-review.module.css';

const questionnaire = [
  'purpose',
  'fundSource',
  'incomeRange',
  'assetRange',
  'objective',
  'riskPreference',
  'experience',
] as const;

/** One investor's KYC submission: the fields, both sides of the document, the decision and the history. */
export default function KycReviewScreen() {
  const { t } = useTranslation();
  const userId = Number(useParams().userId);
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: ['kyc-detail', userId],
    queryFn: () => request(adminKycDetail, { userId }),
  });
  const [reason, setReason] = useState('');
  const never = t('common.never');
  const lang = currentLanguage();

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['kyc-detail', userId] });
    void queryClient.invalidateQueries({ queryKey: ['kyc-list'] });
    void queryClient.invalidateQueries({ queryKey: ['user', userId] });
    // HNI approval depends on the KYC status the controls show.
    void queryClient.invalidateQueries({ queryKey: ['user-controls', userId] });
    void queryClient.invalidateQueries({ queryKey: ['users'] });
  };
  const approve = useMutation({
    mutationFn: () => request(adminKycApprove, { userId }),
    onSuccess: () => {
      showNotice('success', t('kycReview.approved'));
      refresh();
    },
  });
  const reject = useMutation({
    mutationFn: () => request(adminKycReject, { userId, reason }),
    onSuccess: () => {
      setReason('');
      showNotice('success', t('kycReview.rejected'));
      refresh();
    },
  });
  const submitReject = (e: FormEvent) => {
    e.preventDefault();
    reject.mutate();
  };

  if (!detail.data) {
    return (
      <section>
        <Link to="/kyc">← {t('kycReview.back')}</Link>
        {detail.isPending && <p className="muted">{t('common.loading')}</p>}
      </section>
    );
  }
  const { form, idStatus, failReason, history, displayId } = detail.data;
  const option = (field: string, value: string) => t(`${field}.${value}` as MessageKey);
  const facts: [string, string][] = [
    [t('kycField.certType'), option('certType', form.certType)],
    [t('kycField.realName'), form.realName],
    [t('kycField.certNo'), form.certNo],
    [t('kycField.birthday'), formatDay(form.birthday)],
    [t('kycField.nationality'), countryName(form.nationality, lang)],
    [t('kycField.validUntil'), formatDay(form.validUntil)],
    [t('kycField.address'), form.address],
    ...questionnaire.map((f): [string, string] => [t(`kycField.${f}`), option(f, form[f])]),
    [t('kycQueue.submitted'), formatTime(form.submittedAt, never)],
  ];
  const pending = idStatus === 'pending';
  const busy = approve.isPending || reject.isPending;

  return (
    <section aria-labelledby="kyc-review-title">
      <p>
        <Link to="/kyc">← {t('kycReview.back')}</Link>
        {can(role, adminUser) && (
          <>
            {' · '}
            <Link to={`/users/${userId}`}>{t('kycReview.userLink')}</Link>
          </>
        )}
      </p>
      <h1 id="kyc-review-title">{t('kycReview.title', { displayId })}</h1>
      <p>
        <span className={`badge kyc-${idStatus}`} data-testid="kyc-review-status">
          {t(`kyc.${idStatus}`)}
        </span>{' '}
        {idStatus === 'fail' && failReason && (
          <span className="muted">{t('kycReview.failReason', { reason: failReason })}</span>
        )}
      </p>
      <div className="grid">
        <article className="card" aria-labelledby="kyc-form-title">
          <h2 id="kyc-form-title">{t('kycReview.form')}</h2>
          <dl className="facts" data-testid="kyc-review-facts">
            {facts.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </article>
        <article className="card" aria-labelledby="kyc-docs-title">
          <h2 id="kyc-docs-title">{t('kycReview.documents')}</h2>
          <div className={styles.kycDocuments}>
            <KycDocument
              label={t('kycReview.sideFront')}
              url={form.front.url}
              kind={form.front.kind}
              testId="kyc-front"
            />
            <KycDocument
              label={t('kycReview.sideBack')}
              url={form.back.url}
              kind={form.back.kind}
              testId="kyc-back"
            />
          </div>
        </article>
        {pending && can(role, adminKycApprove) && (
          <article className="card" aria-labelledby="kyc-decision-title">
            <h2 id="kyc-decision-title">{t('kycReview.decision')}</h2>
            <p className="muted">{t('kycReview.approveHint')}</p>
            <button type="button" disabled={busy} onClick={() => approve.mutate()} data-testid="kyc-approve">
              {t('kycReview.approve')}
            </button>
            <form onSubmit={submitReject} className={styles.kycReject}>
              <label>
                <span>{t('kycReview.rejectReason')}</span>
                <textarea
                  rows={3}
                  required
                  minLength={3}
                  maxLength={500}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  data-testid="kyc-reject-reason"
                />
                <small className="muted">{t('kycReview.rejectHint')}</small>
              </label>
              <button type="submit" className="danger" disabled={busy} data-testid="kyc-reject">
                {t('kycReview.reject')}
              </button>
            </form>
          </article>
        )}
        <article className="card" aria-labelledby="kyc-history-title">
          <h2 id="kyc-history-title">{t('kycReview.history')}</h2>
          <table data-testid="kyc-history">
            <thead>
              <tr>
                <th scope="col">{t('users.col.kyc')}</th>
                <th scope="col">{t('kycQueue.submitted')}</th>
                <th scope="col">{t('kycQueue.reviewed')}</th>
                <th scope="col">{t('kycReview.reviewer')}</th>
                <th scope="col">{t('common.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {history.map((h) => (
                <tr key={h.submittedAt}>
                  <td>{t(`kyc.${h.status}`)}</td>
                  <td className="nowrap">{formatTime(h.submittedAt, never)}</td>
                  <td className="nowrap">{formatTime(h.reviewedAt, never)}</td>
                  <td>{h.reviewer ?? t('common.none')}</td>
                  <td>{h.reason ?? t('common.none')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </article>
      </div>
    </section>
  );
}
