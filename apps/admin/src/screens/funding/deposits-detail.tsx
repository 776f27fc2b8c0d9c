import { adminAudit } from '@piazza/contract/calls/admin';
import type { adminFundingDeposits } from '@piazza/contract/calls/funding-admin';
import {
  adminFundingDepositApprove,
  adminFundingDepositProcess,
  adminFundingDepositReject,
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
import { DepositReceipt } from './deposits-receipt';
import { FundingDecision } from './funding-decision';
import styles from './funding-detail.module.css';
import { FundingStateBadge, waitingStates } from './funding-state';

type DepositRow = CallOutput<typeof adminFundingDeposits>['list'][number];

/** One deposit: what the investor declared, the proof they gave, and the finance desk's decision. */
export function DepositDetail({
  deposit: d,
  onChange,
}: {
  deposit: DepositRow;
  onChange(row: DepositRow): void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  const amount = `${formatLedgerAmount(d.amount, lang)} ${d.asset}`;
  const done = (row: DepositRow, message: string) => {
    onChange(row);
    showNotice('success', message);
    void queryClient.invalidateQueries({ queryKey: ['deposits'] });
    void queryClient.invalidateQueries({ queryKey: ['user-funding', row.userId] });
    void queryClient.invalidateQueries({ queryKey: ['user', row.userId] });
  };
  const waiting = waitingStates.includes(d.state);
  const decide = waiting && can(role, adminFundingDepositApprove) && can(role, adminFundingDepositReject);
  const none = t('common.none');

  const facts: [string, ReactNode][] = [
    [t('funding.order'), d.orderNo],
    [
      t('funding.investor'),
      <>
        <Link to={`/users/${d.userId}`}>{d.displayId}</Link> · {d.account}
      </>,
    ],
    [t('deposits.channel'), `${d.channelName} · ${t(`channelKind.${d.kind}`)}`],
    [t(d.kind === 'crypto' ? 'deposits.txHash' : 'deposits.utr'), d.utr ?? none],
    [t('funding.created'), formatTime(d.createdAt, t('common.never'))],
    [t('funding.updated'), formatTime(d.updatedAt, t('common.never'))],
  ];
  if (d.network) facts.splice(3, 0, [t('funding.network'), d.network]);
  if (d.reason) facts.push([t('funding.reason'), d.reason]);

  return (
    <article className="card" aria-labelledby="deposit-title" data-testid="deposit-detail">
      <h2 id="deposit-title">{t('deposits.detailTitle', { orderNo: d.orderNo })}</h2>
      <p className={styles.figure} data-testid="deposit-amount">
        {amount} <FundingStateBadge state={d.state} />
      </p>
      <dl className="facts narrow">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3>{t('deposits.receipt')}</h3>
      {d.receiptId ? (
        <DepositReceipt receiptId={d.receiptId} />
      ) : (
        <p className="muted">{t('deposits.noReceipt')}</p>
      )}
      {decide && (
        <div className="decision">
          <FundingDecision
            key={d.id}
            prefix="deposit"
            process={
              d.state === 'review' && can(role, adminFundingDepositProcess)
                ? {
                    label: t('deposits.process'),
                    run: () =>
                      request(adminFundingDepositProcess, { id: d.id }).then((row) =>
                        done(row, t('deposits.processing', { orderNo: row.orderNo })),
                      ),
                  }
                : undefined
            }
            approveLabel={t('deposits.approve')}
            confirmText={t('deposits.confirmText', {
              amount,
              channel: d.channelName,
              displayId: d.displayId,
            })}
            confirmLabel={t('deposits.confirm')}
            approve={(requestId) =>
              request(adminFundingDepositApprove, { id: d.id, requestId }).then((row) =>
                done(row, t('deposits.approved', { amount, displayId: row.displayId })),
              )
            }
            reject={(reason, requestId) =>
              request(adminFundingDepositReject, { id: d.id, reason, requestId }).then((row) =>
                done(row, t('deposits.rejected', { orderNo: row.orderNo })),
              )
            }
          />
        </div>
      )}
      {can(role, adminAudit) && (
        <p>
          <Link to={`/audit?targetType=deposit&targetId=${d.id}`} data-testid="deposit-audit-link">
            {t('deposits.auditLink')}
          </Link>
        </p>
      )}
    </article>
  );
}
