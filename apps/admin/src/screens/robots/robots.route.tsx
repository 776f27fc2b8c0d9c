import { adminRobotSave, adminRobots } from '@piazza/contract/calls/robot-admin';
import type { RobotView } from '@piazza/contract/calls/robot-shapes';
import type { Language } from '@piazza/contract/wire';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { can } from '../../shared/can';
import { formatLedgerAmount } from '../../shared/format';
import { usePageParams } from '../../shared/page-params';
import { Pager } from '../../shared/pager';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import { emptyDraft } from './robot-draft';
import { RobotForm } from './robot-form';
import { signedPercent } from './robot-percent';
import styles from './robots.module.css';

const size = 20;

/** AI products (issue 13 item 6): every product, paused ones included, by level; a new product. */
export default function RobotsScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const role = useMe().data?.operator.role;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { page, update } = usePageParams([] as const);
  const [writing, setWriting] = useState(false);
  const robots = useQuery({
    queryKey: ['robots', page],
    queryFn: () => request(adminRobots, { page, size }),
  });
  const saved = (r: RobotView) => {
    setWriting(false);
    void queryClient.invalidateQueries({ queryKey: ['robots'] });
    navigate(`/robots/${r.id}`);
  };
  return (
    <section aria-labelledby="robots-title">
      <h1 id="robots-title">{t('robotsAdmin.title')}</h1>
      <p className="muted">{t('robotsAdmin.hint')}</p>
      {can(role, adminRobotSave) && !writing && (
        <button type="button" onClick={() => setWriting(true)} data-testid="robot-new">
          {t('robotsAdmin.new')}
        </button>
      )}
      {writing && <RobotForm initial={emptyDraft()} onSaved={saved} onCancel={() => setWriting(false)} />}
      {robots.isPending && <p className="muted">{t('common.loading')}</p>}
      {robots.data && robots.data.list.length === 0 && <p className="muted">{t('common.empty')}</p>}
      {robots.data && robots.data.list.length > 0 && (
        <>
          <div className={styles.scroll}>
            <table data-testid="robots-table">
              <thead>
                <tr>
                  <th scope="col">{t('robotsAdmin.name')}</th>
                  <th scope="col">{t('robotsAdmin.strategy')}</th>
                  <th scope="col">{t('robotsAdmin.level')}</th>
                  <th scope="col">{t('robotsAdmin.status')}</th>
                  <th scope="col">{t('robotsAdmin.nav')}</th>
                  <th scope="col">{t('robotsAdmin.bookValue')}</th>
                  <th scope="col">{t('robotsAdmin.subscribers')}</th>
                  <th scope="col">{t('robotsAdmin.liveReturn')}</th>
                </tr>
              </thead>
              <tbody>
                {robots.data.list.map((r) => (
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
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} size={size} total={robots.data.total} onPage={(p) => update({ page: p })} />
        </>
      )}
    </section>
  );
}
