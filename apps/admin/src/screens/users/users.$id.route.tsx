import { adminAudit, adminUser, adminUserReward, adminUserStatus } from '@piazza/contract/calls/admin';
import { adminKycDetail } from '@piazza/contract/calls/admin-kyc';
import { adminFundingDeposits } from '@piazza/contract/calls/funding-admin';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { currentLanguage } from '../../i18n/i18n';
import { can } from '../../shared/can';
import { formatLedgerAmount, formatTime } from '../../shared/format';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import { UserFundingHistory } from '../funding/deposits-user-history';
import { UserControls } from './user-controls';
import { UserRewardForm } from './user-reward-form';
import { UserStatusForm } from './user-status-form';

export default function UserScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const role = useMe().data?.operator.role;
  const detail = useQuery({ queryKey: ['user', id], queryFn: () => request(adminUser, { id }) });
  const lang = currentLanguage();
  const never = t('common.never');
  const none = t('common.none');

  if (!detail.data) {
    return (
      <section>
        <Link to="/users">{t('user.back')}</Link>
        {detail.isPending && <p className="muted">{t('common.loading')}</p>}
      </section>
    );
  }
  const { user, balances, sessions } = detail.data;
  const profile: [string, string][] = [
    [t('user.account'), user.account],
    [t('user.accountType'), t(`accountType.${user.accountType}`)],
    [t('user.email'), user.email ?? none],
    [t('user.nickname'), user.nickname ?? none],
    [t('user.language'), user.language],
    [t('user.status'), t(user.status === 1 ? 'status.1' : 'status.0')],
    [t('user.kyc'), t(`kyc.${user.idStatus}`)],
    [t('user.creditScore'), String(user.creditScore)],
    [t('user.created'), formatTime(user.createdAt, never)],
  ];

  return (
    <section aria-labelledby="user-title">
      <p>
        <Link to="/users">← {t('user.back')}</Link>
      </p>
      <h1 id="user-title">{t('user.title', { displayId: user.displayId })}</h1>
      <div className="grid">
        <article className="card" aria-labelledby="profile-title">
          <h2 id="profile-title">{t('user.profile')}</h2>
          <dl className="facts" data-testid="user-profile">
            {profile.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {can(role, adminAudit) && (
            <p>
              <Link to={`/audit?targetType=user&targetId=${user.id}`}>{t('user.auditLink')}</Link>
            </p>
          )}
          {user.idStatus !== 'none' && can(role, adminKycDetail) && (
            <p>
              <Link to={`/kyc/${user.id}`} data-testid="user-kyc-link">
                {t('user.kycLink')}
              </Link>
            </p>
          )}
        </article>

        <article className="card" aria-labelledby="balances-title">
          <h2 id="balances-title">{t('balances.title')}</h2>
          {balances.length === 0 ? (
            <p className="muted">{t('balances.none')}</p>
          ) : (
            <table data-testid="user-balances">
              <thead>
                <tr>
                  <th scope="col">{t('balances.account')}</th>
                  <th scope="col">{t('balances.asset')}</th>
                  <th scope="col" className="num">
                    {t('balances.amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {balances.map((b) => (
                  <tr key={`${b.purpose}:${b.asset}`}>
                    <td>{t(`purpose.${b.purpose}`)}</td>
                    <td>{b.asset}</td>
                    <td className="num">{formatLedgerAmount(b.amount, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h2>{t('sessions.title')}</h2>
          <dl className="facts">
            <div>
              <dt>{t('sessions.active')}</dt>
              <dd data-testid="sessions-active">{sessions.active}</dd>
            </div>
            <div>
              <dt>{t('sessions.recent')}</dt>
              <dd>{sessions.recent}</dd>
            </div>
            <div>
              <dt>{t('sessions.lastSeen')}</dt>
              <dd>{formatTime(sessions.lastSeenAt, never)}</dd>
            </div>
          </dl>
        </article>

        {can(role, adminUserStatus) && <UserStatusForm userId={user.id} status={user.status} />}
        {can(role, adminUserReward) && <UserRewardForm userId={user.id} displayId={user.displayId} />}
        <UserControls userId={user.id} role={role} />
        {can(role, adminFundingDeposits) && <UserFundingHistory userId={user.id} />}
      </div>
    </section>
  );
}
