import { adminFundingDeposits, adminFundingWithdrawals } from '@piazza/contract/calls/funding-admin';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { currentLanguage } from '../../i18n/i18n';
import { can } from '../../shared/can';
import { formatLedgerAmount, formatTime } from '../../shared/format';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import styles from './deposits-user-history.module.css';
import { asFundingState, FundingStateBadge, FundingStateSelect } from './funding-state';

const size = 10;

/**
 * The investor's deposits and withdrawals on their detail screen, one state filter shared by both lists;
 * each links to its queue filtered to this investor, where it can be acted on.
 */
export function UserFundingHistory({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const role = useMe().data?.operator.role;
  const [state, setState] = useState('');
  const params = { userId, size, state: asFundingState(state) };
  const deposits = useQuery({
    queryKey: ['user-funding', userId, 'deposits', params],
    queryFn: () => request(adminFundingDeposits, params),
    enabled: can(role, adminFundingDeposits),
  });
  const withdrawals = useQuery({
    queryKey: ['user-funding', userId, 'withdrawals', params],
    queryFn: () => request(adminFundingWithdrawals, params),
    enabled: can(role, adminFundingWithdrawals),
  });
  const stateQuery = state ? `&state=${state}` : '';
  const never = t('common.never');

  return (
    <article
      className={`card ${styles.wideCard}`}
      aria-labelledby="user-funding-title"
      data-testid="user-funding"
    >
      <h2 id="user-funding-title">{t('userFunding.title')}</h2>
      <div className="toolbar">
        <FundingStateSelect value={state} onChange={setState} testId="user-funding-state" />
      </div>
      <div className="grid">
        {[
          { key: 'deposits' as const, rows: deposits.data, label: t('userFunding.deposits') },
          { key: 'withdrawals' as const, rows: withdrawals.data, label: t('userFunding.withdrawals') },
        ].map(({ key, rows, label }) => (
          <div key={key}>
            <h3>
              <Link to={`/${key}?userId=${userId}${stateQuery}`} data-testid={`user-funding-${key}-link`}>
                {label}
              </Link>
              {rows && <span className="muted"> · {rows.total}</span>}
            </h3>
            {rows && rows.list.length === 0 && <p className="muted">{t('common.empty')}</p>}
            {rows && rows.list.length > 0 && (
              <table data-testid={`user-funding-${key}`}>
                <tbody>
                  {rows.list.map((r) => (
                    <tr key={r.id}>
                      <td>
                        <div>{r.orderNo}</div>
                        <small className="muted">{formatTime(r.createdAt, never)}</small>
                      </td>
                      <td className="num nowrap">
                        {formatLedgerAmount(r.amount, lang)} {r.asset}
                      </td>
                      <td>
                        <FundingStateBadge state={r.state} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        ))}
      </div>
    </article>
  );
}
