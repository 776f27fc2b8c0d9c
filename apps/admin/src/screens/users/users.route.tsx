import { adminUsers } from '@piazza/contract/calls/admin';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatTime } from '../../shared/format';
import { usePageParams } from '../../shared/page-params';
import { Pager } from '../../shared/pager';
import { request } from '../../shared/request';

const size = 20;

export default function UsersScreen() {
  const { t } = useTranslation();
  const { page, values, update } = usePageParams(['q'] as const);
  const [text, setText] = useState(values.q);
  useEffect(() => setText(values.q), [values.q]);
  const params = { page, size, q: values.q || undefined };
  const users = useQuery({ queryKey: ['users', params], queryFn: () => request(adminUsers, params) });

  const search = (e: FormEvent) => {
    e.preventDefault();
    update({ q: text.trim() });
  };

  return (
    <section aria-labelledby="users-title">
      <h1 id="users-title">{t('users.title')}</h1>
      <search>
        <form className="toolbar" onSubmit={search}>
          <label>
            <span>{t('users.search')}</span>
            <input
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              data-testid="users-search"
            />
          </label>
          <button type="submit" data-testid="users-search-submit">
            {t('common.search')}
          </button>
        </form>
      </search>
      {users.isPending && <p className="muted">{t('common.loading')}</p>}
      {users.data && users.data.list.length === 0 && <p className="muted">{t('common.empty')}</p>}
      {users.data && users.data.list.length > 0 && (
        <>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('users.col.id')}</th>
                <th scope="col">{t('users.col.account')}</th>
                <th scope="col">{t('users.col.status')}</th>
                <th scope="col">{t('users.col.kyc')}</th>
                <th scope="col">{t('users.col.created')}</th>
              </tr>
            </thead>
            <tbody>
              {users.data.list.map((u) => (
                <tr key={u.id} data-testid={`user-row-${u.id}`}>
                  <td>
                    <Link to={`/users/${u.id}`}>{u.displayId}</Link>
                  </td>
                  <td>{u.account}</td>
                  <td>
                    <span className={`badge ${u.status === 1 ? 'badge-ok' : 'badge-off'}`}>
                      {t(u.status === 1 ? 'status.1' : 'status.0')}
                    </span>
                  </td>
                  <td>{t(`kyc.${u.idStatus}`)}</td>
                  <td>{formatTime(u.createdAt, t('common.never'))}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} size={size} total={users.data.total} onPage={(p) => update({ page: p })} />
        </>
      )}
    </section>
  );
}
