import { adminHniList } from '@piazza/contract/calls/admin-kyc';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatTime } from '../../shared/format';
import { usePageParams } from '../../shared/page-params';
import { Pager } from '../../shared/pager';
import { request } from '../../shared/request';

const size = 20;

/** HNI applications waiting for a decision, oldest first; the decision is taken on the investor's screen. */
export default function HniQueueScreen() {
  const { t } = useTranslation();
  const { page, update } = usePageParams([] as const);
  const params = { page, size };
  const list = useQuery({ queryKey: ['hni-list', params], queryFn: () => request(adminHniList, params) });

  return (
    <section aria-labelledby="hni-queue-title">
      <h1 id="hni-queue-title">{t('hniQueue.title')}</h1>
      <p className="muted">{t('hniQueue.lead')}</p>
      {list.isPending && <p className="muted">{t('common.loading')}</p>}
      {list.data && list.data.list.length === 0 && <p className="muted">{t('hniQueue.empty')}</p>}
      {list.data && list.data.list.length > 0 && (
        <>
          <table data-testid="hni-queue">
            <thead>
              <tr>
                <th scope="col">{t('users.col.id')}</th>
                <th scope="col">{t('users.col.account')}</th>
                <th scope="col">{t('users.col.kyc')}</th>
                <th scope="col">{t('hniQueue.applied')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.list.map((row) => (
                <tr key={row.userId} data-testid={`hni-row-${row.userId}`}>
                  <td>
                    <Link to={`/users/${row.userId}`}>{row.displayId}</Link>
                  </td>
                  <td>{row.account}</td>
                  <td>
                    <span className={`badge kyc-${row.idStatus}`}>{t(`kyc.${row.idStatus}`)}</span>
                  </td>
                  <td className="nowrap">{formatTime(row.appliedAt, t('common.never'))}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} size={size} total={list.data.total} onPage={(p) => update({ page: p })} />
        </>
      )}
    </section>
  );
}
