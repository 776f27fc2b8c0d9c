import { adminJobRunNow, adminJobRuns, adminJobs } from '@piazza/contract/calls/jobs-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/en-US';
import { can } from '../../shared/can';
import { formatTime } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { usePageParams } from '../../shared/page-params';
import { Pager } from '../../shared/pager';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import styles from './jobs.module.css';

const size = 20;
const knownJobs = new Set([
  'settlement',
  'option-expiry',
  'offering-auto-apply',
  'offering-allot',
  'offering-lapse',
  'offering-list',
  'block-deliver',
  'robot-trade',
  'robot-close',
  'loan-interest',
  'vip-expiry',
  'news-import',
  'push-notices',
  'ledger-verify',
  'tax-ftt',
  'tax-bollo-accrual',
  'tax-bollo',
  'documents-month',
  'documents-year',
  'bond-coupons',
  'bond-redemptions',
  'plan-execute',
]);

/** The jobs the server runs, their failures, and "run now" for an admin (issue 11). */
export default function JobsScreen() {
  const { t } = useTranslation();
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  const { page, values, update } = usePageParams(['job', 'failedOnly'] as const);
  const jobs = useQuery({ queryKey: ['jobs'], queryFn: () => request(adminJobs, {}) });
  const params = {
    page,
    size,
    job: values.job || undefined,
    failedOnly: values.failedOnly === 'true' ? 'true' : undefined,
  } as const;
  const runs = useQuery({ queryKey: ['jobs', 'runs', params], queryFn: () => request(adminJobRuns, params) });
  const jobLabel = (name: string) => (knownJobs.has(name) ? t(`job.${name}` as MessageKey) : name);
  const runNow = useMutation({
    mutationFn: (job: string) => request(adminJobRunNow, { job }),
    onSuccess: (done, job) => {
      showNotice(
        'success',
        done.runs.length === 0
          ? t('jobs.nothingDue', { job: jobLabel(job) })
          : t('jobs.ran', { job: jobLabel(job), count: done.runs.length }),
      );
      void queryClient.invalidateQueries({ queryKey: ['jobs'] });
    },
  });

  return (
    <section aria-labelledby="jobs-title">
      <h1 id="jobs-title">{t('jobs.title')}</h1>
      <p className="muted">{t('jobs.hint')}</p>
      {jobs.data && (
        <>
          <p className="muted" data-testid="jobs-queue">
            {t('jobs.queue', { queue: t(`jobs.queue.${jobs.data.queue}`) })}
          </p>
          <ul className={styles.jobs} data-testid="jobs-list">
            {jobs.data.jobs.map((job) => (
              <li key={job.name} className={styles.job} data-testid={`job-${job.name}`}>
                <span className={styles.jobName}>{jobLabel(job.name)}</span>
                <span>
                  {t('jobs.failedCount')}:{' '}
                  <span className={job.failed > 0 ? styles.failed : undefined}>{job.failed}</span>
                </span>
                <span className="muted">
                  {t('jobs.lastRun')}: {formatTime(job.lastRunAt, t('common.never'))}
                </span>
                {can(role, adminJobRunNow) && (
                  <button
                    type="button"
                    onClick={() => runNow.mutate(job.name)}
                    disabled={runNow.isPending}
                    aria-label={t('jobs.runNowFor', { job: jobLabel(job.name) })}
                    data-testid={`job-run-${job.name}`}
                  >
                    {t('jobs.runNow')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <h2>{t('jobs.runs')}</h2>
      <search>
        <form className="toolbar" onSubmit={(e) => e.preventDefault()}>
          <label>
            <span>{t('jobs.name')}</span>
            <select
              value={values.job}
              onChange={(e) => update({ job: e.target.value })}
              data-testid="jobs-filter"
            >
              <option value="">{t('jobs.all')}</option>
              {jobs.data?.jobs.map((job) => (
                <option key={job.name} value={job.name}>
                  {jobLabel(job.name)}
                </option>
              ))}
            </select>
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={values.failedOnly === 'true'}
              onChange={(e) => update({ failedOnly: e.target.checked ? 'true' : '' })}
            />
            <span>{t('jobs.failedOnly')}</span>
          </label>
        </form>
      </search>
      {runs.isPending && <p className="muted">{t('common.loading')}</p>}
      {runs.data && runs.data.list.length === 0 && <p className="muted">{t('common.empty')}</p>}
      {runs.data && runs.data.list.length > 0 && (
        <>
          <div className={styles.scroll}>
            <table data-testid="job-runs">
              <thead>
                <tr>
                  <th scope="col">{t('jobs.name')}</th>
                  <th scope="col">{t('jobs.period')}</th>
                  <th scope="col">{t('jobs.state')}</th>
                  <th scope="col">{t('jobs.attempts')}</th>
                  <th scope="col">{t('jobs.started')}</th>
                  <th scope="col">{t('jobs.finished')}</th>
                  <th scope="col">{t('jobs.outcome')}</th>
                  <th scope="col">{t('jobs.by')}</th>
                </tr>
              </thead>
              <tbody>
                {runs.data.list.map((r) => (
                  <tr key={r.id}>
                    <td>{jobLabel(r.job)}</td>
                    <td className="nowrap">{r.key}</td>
                    <td className={r.state === 'failed' ? styles.failed : undefined}>
                      {t(`jobs.state.${r.state}`)}
                    </td>
                    <td>{r.attempts}</td>
                    <td className="nowrap">{formatTime(r.startedAt, t('common.never'))}</td>
                    <td className="nowrap">{formatTime(r.finishedAt, t('common.never'))}</td>
                    <td className={r.error ? styles.error : undefined}>{r.error ?? r.summary ?? ''}</td>
                    <td>{r.requestedBy ?? t('jobs.byScheduler')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} size={size} total={runs.data.total} onPage={(p) => update({ page: p })} />
        </>
      )}
    </section>
  );
}
