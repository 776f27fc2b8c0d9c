import { adminFundManagerSave, adminFundManagers } from '@piazza/contract/calls/fund-admin';
import type { ManagerView } from '@piazza/contract/calls/fund-shapes';
import type { Language } from '@piazza/contract/wire';
import { formatPercent } from '@piazza/core/format-number';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../shared/can';
import { Pager } from '../../shared/pager';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import styles from './funds.module.css';
import { ManagerForm } from './manager-form';

const size = 20;

/**
 * The funds' managers: their public profiles, newest first, with what the platform measured of them (funds,
 * likes, the track record of their oldest fund); a new profile, or a change to one.
 */
export function FundManagers() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  // The page of managers is the section's own: the address keeps the funds' page.
  const [page, setPage] = useState(1);
  const [writing, setWriting] = useState<ManagerView | 'new' | null>(null);
  const managers = useQuery({
    queryKey: ['fund-managers', page],
    queryFn: () => request(adminFundManagers, { page, size }),
  });
  const saved = () => {
    setWriting(null);
    void queryClient.invalidateQueries({ queryKey: ['fund-managers'] });
    // A fund's row names its manager.
    void queryClient.invalidateQueries({ queryKey: ['funds'] });
  };
  const mayWrite = can(role, adminFundManagerSave);
  const none = t('common.none');
  return (
    <section className={styles.section} aria-labelledby="managers-title">
      <h2 id="managers-title">{t('fundsAdmin.managers')}</h2>
      <p className="muted">{t('fundsAdmin.managersHint')}</p>
      {mayWrite && writing === null && (
        <button type="button" onClick={() => setWriting('new')} data-testid="manager-new">
          {t('fundsAdmin.newManager')}
        </button>
      )}
      {writing !== null && (
        <ManagerForm
          key={writing === 'new' ? 'new' : writing.id}
          {...(writing === 'new' ? {} : { manager: writing })}
          onSaved={saved}
          onCancel={() => setWriting(null)}
        />
      )}
      {managers.isPending && <p className="muted">{t('common.loading')}</p>}
      {managers.data && managers.data.list.length === 0 && <p className="muted">{t('common.empty')}</p>}
      {managers.data && managers.data.list.length > 0 && (
        <>
          <div className={styles.scroll}>
            <table data-testid="managers-table">
              <thead>
                <tr>
                  <th scope="col">{t('fundsAdmin.managerName')}</th>
                  <th scope="col">{t('fundsAdmin.bio')}</th>
                  <th scope="col">{t('fundsAdmin.photo')}</th>
                  <th scope="col">{t('fundsAdmin.funds')}</th>
                  <th scope="col">{t('fundsAdmin.likes')}</th>
                  <th scope="col">{t('fundsAdmin.trackReturn')}</th>
                  {mayWrite && (
                    <th scope="col">
                      <span className="visually-hidden">{t('fundsAdmin.edit')}</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {managers.data.list.map((m) => (
                  <tr key={m.id} data-testid={`manager-row-${m.id}`}>
                    <td>{m.name}</td>
                    <td>
                      <span className={styles.bio}>{m.bio}</span>
                    </td>
                    <td>
                      {m.photoUrl === null ? (
                        <span className="muted">{t('fundsAdmin.noPhoto')}</span>
                      ) : (
                        <a href={m.photoUrl} target="_blank" rel="noreferrer noopener">
                          {t('fundsAdmin.photo')}
                        </a>
                      )}
                    </td>
                    <td className={styles.figures}>{m.funds}</td>
                    <td className={styles.figures}>{m.likes}</td>
                    <td className={styles.figures}>
                      {m.trackReturn === null ? none : formatPercent(`${m.trackReturn}e2`, lang)}
                    </td>
                    {mayWrite && (
                      <td className="actions">
                        <button
                          type="button"
                          className="secondary"
                          onClick={() => setWriting(m)}
                          aria-label={t('fundsAdmin.editManager', { name: m.name })}
                          data-testid={`manager-edit-${m.id}`}
                        >
                          {t('fundsAdmin.edit')}
                        </button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} size={size} total={managers.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
