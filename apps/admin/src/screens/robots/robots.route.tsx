import { adminRobotSave, adminRobots } from '@piazza/contract/calls/robot-admin';
import type { Language } from '@piazza/contract/wire';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { can } from '../../shared/can';
import { formatLedgerAmount } from '../../shared/format';
import { ListScreen, usePagedList } from '../../shared/list-screen';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import { emptyDraft } from './robot-draft';
import { RobotForm } from './robot-form';
import { signedPercent } from './robot-percent';
import styles from './robots.module.css';

/** AI products (issue 13 item 6): every product, paused ones included, by level; a new product. */
export default function RobotsScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const role = useMe().data?.operator.role;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const paged = usePagedList('robots', (p) => request(adminRobots, p));
  return (
    <ListScreen
      name="robots"
      title={t('robotsAdmin.title')}
      hint={t('robotsAdmin.hint')}
      create={{
        allowed: can(role, adminRobotSave),
        label: t('robotsAdmin.new'),
        testId: 'robot-new',
        form: (close) => (
          <RobotForm
            initial={emptyDraft()}
            onSaved={(r) => {
              close();
              void queryClient.invalidateQueries({ queryKey: ['robots'] });
              navigate(`/robots/${r.id}`);
            }}
            onCancel={close}
          />
        ),
      }}
      paged={paged}
      table={{
        testId: 'robots-table',
        head: [
          t('robotsAdmin.name'),
          t('robotsAdmin.strategy'),
          t('robotsAdmin.level'),
          t('robotsAdmin.status'),
          t('robotsAdmin.nav'),
          t('robotsAdmin.bookValue'),
          t('robotsAdmin.subscribers'),
          t('robotsAdmin.liveReturn'),
        ],
        row: (r) => (
          <tr key={r.id} data-testid={`robot-row-${r.id}`}>
            <td>
              <Link to={`/robots/${r.id}`}>{r.name}</Link>
            </td>
            <td>{t(`robotsAdmin.strategy.${r.strategy}`)}</td>
            <td>{r.level}</td>
            <td>
              <span className={r.status === 'active' ? 'badge badge-ok' : 'badge badge-off'}>
                {t(`robotsAdmin.status.${r.status}`)}
              </span>
            </td>
            <td className={styles.figures}>{formatLedgerAmount(r.nav, lang)}</td>
            <td className={styles.figures}>
              {formatLedgerAmount(r.bookValue, lang)} {r.currency}
            </td>
            <td className={styles.figures}>{r.subscribers}</td>
            <td className={styles.figures}>{signedPercent(r.liveReturn, lang, t('common.none'))}</td>
          </tr>
        ),
      }}
    />
  );
}
