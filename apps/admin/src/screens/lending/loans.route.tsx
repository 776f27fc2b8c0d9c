import { adminLoanRates, adminLoans } from '@piazza/contract/calls/lending-admin';
import { type LoanState, loanStates } from '@piazza/contract/calls/lending-shapes';
import type { Language } from '@piazza/contract/wire';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { can } from '../../shared/can';
import { formatTime } from '../../shared/format';
import { usePageParams } from '../../shared/page-params';
import { Pager } from '../../shared/pager';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import { LoanDetail } from './loan-detail';
import { euros, type LoanRow, loanBadge, percentOf, stage } from './loan-figures';
import styles from './loans.module.css';

const size = 20;
/** Several operators work the queue: what another one decided leaves the list soon. */
const refreshMs = 15_000;
/** The queue opens on what waits for a decision; "all" lists every loan, newest first. */
const defaultState: LoanState = 'review';

/**
 * The loans queue (issue 14): loans by state, oldest waiting first, the open one beside the list with what the
 * investor declared, the SECCI figures, the credit score, and the decision its state allows.
 */
export default function LoansScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const role = useMe().data?.operator.role;
  const { page, values, update } = usePageParams(['state', 'userId'] as const);
  const [userId, setUserId] = useState(values.userId);
  useEffect(() => setUserId(values.userId), [values.userId]);
  const [selected, setSelected] = useState<LoanRow | null>(null);
  const state =
    values.state === 'all' ? undefined : (loanStates.find((s) => s === values.state) ?? defaultState);
  const params = {
    page,
    size,
    state,
    userId: Number(values.userId) > 0 ? Number(values.userId) : undefined,
  };
  const loans = useQuery({
    queryKey: ['loans', params],
    queryFn: () => request(adminLoans, params),
    refetchInterval: refreshMs,
  });
  // The open loan follows the list while it is in it, so another desk's change shows; a list fetched before our
  // own decision does not undo the server's answer to it (a loan only moves forward), and a decided loan that
  // left the filtered list stays open.
  const fresh = loans.data?.list.find((l) => l.id === selected?.id);
  const current = fresh && (!selected || stage[fresh.state] >= stage[selected.state]) ? fresh : selected;
  const filter = (e: FormEvent) => {
    e.preventDefault();
    update({ userId: userId.trim() });
  };

  return (
    <section aria-labelledby="loans-title">
      <h1 id="loans-title">{t('loansAdmin.title')}</h1>
      <p className="muted">{t('loansAdmin.hint')}</p>
      {can(role, adminLoanRates) && (
        <p>
          <Link to="/loans/rates" data-testid="loans-rates-link">
            {t('loansAdmin.ratesLink')}
          </Link>
        </p>
      )}
      <search>
        <form className="toolbar" onSubmit={filter}>
          <label>
            <span>{t('loansAdmin.state')}</span>
            <select
              value={state ?? 'all'}
              onChange={(e) => update({ state: e.target.value === defaultState ? '' : e.target.value })}
              data-testid="loans-state"
            >
              {loanStates.map((s) => (
                <option key={s} value={s}>
                  {t(`loanState.${s}`)}
                </option>
              ))}
              <option value="all">{t('loansAdmin.allStates')}</option>
            </select>
          </label>
          <label>
            <span>{t('loansAdmin.userId')}</span>
            <input
              inputMode="numeric"
              value={userId}
              onChange={(e) => setUserId(e.target.value)}
              data-testid="loans-user"
            />
          </label>
          <button type="submit" data-testid="loans-filter">
            {t('common.search')}
          </button>
        </form>
      </search>
      <div className={`queue ${styles.queue}`}>
        <div>
          {loans.isPending && <p className="muted">{t('common.loading')}</p>}
          {loans.data && loans.data.list.length === 0 && (
            <p className="muted" data-testid="loans-empty">
              {t('common.empty')}
            </p>
          )}
          {loans.data && loans.data.list.length > 0 && (
            <>
              <div className={styles.scroll}>
                <table data-testid="loans-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('loansAdmin.loan')}</th>
                      <th scope="col">{t('loansAdmin.investor')}</th>
                      <th scope="col" className="num">
                        {t('loansAdmin.amount')}
                      </th>
                      <th scope="col" className="num">
                        {t('loansAdmin.days')}
                      </th>
                      <th scope="col" className="num">
                        {t('loansAdmin.tanTaeg')}
                      </th>
                      <th scope="col">{t('loansAdmin.state')}</th>
                      <th scope="col">{t('loansAdmin.created')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {loans.data.list.map((l) => (
                      <tr
                        key={l.id}
                        className={`pick${l.id === current?.id ? ' picked' : ''}`}
                        aria-current={l.id === current?.id ? 'true' : undefined}
                        onClick={() => setSelected(l)}
                        data-testid={`loan-row-${l.id}`}
                      >
                        <td>
                          {/* The row opens on a click anywhere; this button is its keyboard way in. */}
                          <button
                            type="button"
                            className="link"
                            onClick={(e) => {
                              e.stopPropagation();
                              setSelected(l);
                            }}
                            data-testid={`loan-open-${l.id}`}
                          >
                            #{l.id}
                          </button>
                        </td>
                        <td>{l.investor}</td>
                        <td className="num nowrap">{euros(l.amount, lang)}</td>
                        <td className="num">{l.days}</td>
                        <td className="num nowrap">
                          {percentOf(l.tan, lang)} / {percentOf(l.taeg, lang)}
                        </td>
                        <td>
                          <span className={loanBadge[l.state]}>{t(`loanState.${l.state}`)}</span>
                        </td>
                        <td className="nowrap">{formatTime(l.createdAt, t('common.never'))}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager page={page} size={size} total={loans.data.total} onPage={(p) => update({ page: p })} />
            </>
          )}
        </div>
        <aside aria-label={t('loansAdmin.detail')}>
          {current ? (
            <LoanDetail key={current.id} loan={current} onChange={setSelected} />
          ) : (
            <p className="card muted">{t('loansAdmin.pick')}</p>
          )}
        </aside>
      </div>
    </section>
  );
}
