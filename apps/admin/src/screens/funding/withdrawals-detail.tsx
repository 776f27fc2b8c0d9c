import { adminAudit } from '@piazza/contract/calls/admin';
import type { adminFundingWithdrawals } from '@piazza/contract/calls/funding-admin';
import {
  adminFundingWithdrawalApprove,
  adminFundingWithdrawalProcess,
  adminFundingWithdrawalReject,
} from '@piazza/contract/calls/funding-admin';
import type { CallOutput } from '@piazza/contract/define';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { currentLanguage } from '../../i18n/i18n';
import { can } from '../../shared/can';
import { formatLedgerAmount, formatTime } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import { FundingDecision } from './funding-decision';
import styles from './funding-detail.module.css';
import { debitedAmount, readableDestination } from './funding-figures';
import { FundingStateBadge, waitingStates } from './funding-state';

type WithdrawalRow = CallOutput<typeof adminFundingWithdrawals>['list'][number];

/** One withdrawal: where it goes, what is paid out and what it cost; pay it or reject it with a reason. */
export function WithdrawalDetail({
  withdrawal: w,
  onChange,
}: {
  withdrawal: WithdrawalRow;
  onChange(row: WithdrawalRow): void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  const money = (amount: string) => `${formatLedgerAmount(amount, lang)} ${w.asset}`;
  const total = debitedAmount(w.amount, w.fee);
  const destination = readableDestination(w.method, w.destination);
  const done = (row: WithdrawalRow, message: string) => {
    onChange(row);
    showNotice('success', message);
    void queryClient.invalidateQueries({ queryKey: ['withdrawals'] });
    void queryClient.invalidateQueries({ queryKey: ['user-funding', row.userId] });
    void queryClient.invalidateQueries({ queryKey: ['user', row.userId] });
  };
  const waiting = waitingStates.includes(w.state);
  const decide =
    waiting && can(role, adminFundingWithdrawalApprove) && can(role, adminFundingWithdrawalReject);
  const none = t('common.none');
  const destinationLabel: Record<WithdrawalRow['method'], string> = {
    bank: t('withdrawals.iban'),
    wallet: t('withdrawals.mobile'),
    crypto: t('withdrawals.address'),
  };

  const facts: [string, ReactNode][] = [
    [t('funding.order'), w.orderNo],
    [
      t('funding.investor'),
      <>
        <Link to={`/users/${w.userId}`}>{w.displayId}</Link> · {w.account}
      </>,
    ],
    [t('withdrawals.method'), t(`withdrawMethod.${w.method}`)],
    [t('withdrawals.destinationName'), w.destinationName ?? none],
    [
      destinationLabel[w.method],
      <code key="d" className={styles.destination} data-testid="withdrawal-destination">
        {destination}
      </code>,
    ],
  ];
  if (w.network) facts.push([t('funding.network'), w.network]);
  facts.push(
    [t('withdrawals.payout'), <strong key="p">{money(w.amount)}</strong>],
    [t('withdrawals.fee'), money(w.fee)],
    [t('withdrawals.debited'), total === null ? none : money(total)],
    [t('funding.created'), formatTime(w.createdAt, t('common.never'))],
    [t('funding.updated'), formatTime(w.updatedAt, t('common.never'))],
  );
  if (w.reason) facts.push([t('funding.reason'), w.reason]);

  return (
    <article className="card" aria-labelledby="withdrawal-title" data-testid="withdrawal-detail">
      <h2 id="withdrawal-title">{t('withdrawals.detailTitle', { orderNo: w.orderNo })}</h2>
      <p className={styles.figure} data-testid="withdrawal-amount">
        {money(w.amount)} <FundingStateBadge state={w.state} />
      </p>
      <dl className="facts narrow">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {decide && (
        <div className="decision">
          <FundingDecision
            key={w.id}
            prefix="withdrawal"
            process={
              w.state === 'review' && can(role, adminFundingWithdrawalProcess)
                ? {
                    label: t('withdrawals.process'),
                    run: () =>
                      request(adminFundingWithdrawalProcess, { id: w.id }).then((row) =>
                        done(row, t('withdrawals.processing', { orderNo: row.orderNo })),
                      ),
                  }
                : undefined
            }
            approveLabel={t('withdrawals.pay')}
            approveTestId="withdrawal-pay"
            confirmText={t('withdrawals.confirmText', {
              amount: money(w.amount),
              destination,
              name: w.destinationName ?? w.displayId,
            })}
            confirmLabel={t('withdrawals.confirm')}
            approve={(requestId) =>
              request(adminFundingWithdrawalApprove, { id: w.id, requestId }).then((row) =>
                done(row, t('withdrawals.paid', { amount: money(row.amount), displayId: row.displayId })),
              )
            }
            reject={(reason, requestId) =>
              request(adminFundingWithdrawalReject, { id: w.id, reason, requestId }).then((row) =>
                done(row, t('withdrawals.rejected', { orderNo: row.orderNo })),
              )
            }
          />
        </div>
      )}
      {can(role, adminAudit) && (
        <p>
          <Link to={`/audit?targetType=withdrawal&targetId=${w.id}`} data-testid="withdrawal-audit-link">
            {t('withdrawals.auditLink')}
          </Link>
        </p>
      )}
    </article>
  );
}
