import { adminDashboard } from '@piazza/contract/calls/dashboard-admin';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MessageKey } from '../../i18n/en-US';
import { formatTime } from '../../shared/format';
import { request } from '../../shared/request';
import styles from './dashboard.module.css';

/** Where an operator starts: the queues of their role, how much waits in each and since when (issue 17). */
export default function DashboardScreen() {
  const { t } = useTranslation();
  const dashboard = useQuery({ queryKey: ['dashboard'], queryFn: () => request(adminDashboard, {}) });
  const queues = dashboard.data?.queues;

  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">{t('dashboard.title')}</h1>
      <p className="muted">{t('dashboard.hint')}</p>
      {queues?.length === 0 && <p data-testid="dashboard-none">{t('dashboard.none')}</p>}
      {queues && queues.length > 0 && (
        <ul className={styles.queues}>
          {queues.map((q) => (
            <li
              key={q.name}
              className={q.count > 0 ? `${styles.queue} ${styles.busy}` : styles.queue}
              data-testid={`queue-${q.name}`}
            >
              <span className={styles.name}>{t(`dashboard.queue.${q.name}` as MessageKey)}</span>
              <span className={styles.count}>
                {q.count > 0 ? t('dashboard.waiting', { count: q.count }) : t('dashboard.empty')}
              </span>
              {q.oldestAt !== null && (
                <span className="muted">{t('dashboard.oldest', { time: formatTime(q.oldestAt, '') })}</span>
              )}
              <Link
                to={q.screen}
                aria-label={`${t('dashboard.open')}: ${t(`dashboard.queue.${q.name}` as MessageKey)}`}
              >
                {t('dashboard.open')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
