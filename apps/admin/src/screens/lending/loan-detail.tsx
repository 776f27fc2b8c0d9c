import { adminUser } from '@piazza/contract/calls/admin';
import { adminCreditScoreView } from '@piazza/contract/calls/lending-admin';
import type { Language } from '@piazza/contract/wire';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { can } from '../../shared/can';
import { formatDay, formatTime } from '../../shared/format';
import { useMe } from '../../shared/use-me';
import { CreditScoreCard } from './credit-score-card';
import { LoanDecision } from './loan-decision';
import { euros, type LoanRow, loanBadge, percentOf } from './loan-figures';
import styles from './loans.module.css';

type Facts = [string, ReactNode][];

function FactList({ facts, testId }: { facts: Facts; testId: string }) {
  return (
    <dl className="facts narrow" data-testid={testId}>
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One loan: its terms and where it stands, what the investor declared when applying, the SECCI the investor
 * accepted, the decision its state allows, and the investor's credit score with the operator's adjustment.
 */
export function LoanDetail({ loan: l, onChange }: { loan: LoanRow; onChange(loan: LoanRow): void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  const money = (amount: string) => euros(amount, lang);
  const never = t('common.never');
  const none = t('common.none');
  const day = (d: string | null) => (d === null ? none : formatDay(d));
  const decided = (next: LoanRow) => {
    onChange(next);
    void queryClient.invalidateQueries({ queryKey: ['loans'] });
    void queryClient.invalidateQueries({ queryKey: ['credit', next.userId] });
  };

  const terms: Facts = [
    [
      t('loansAdmin.investor'),
      can(role, adminUser) ? (
        <Link key="investor" to={`/users/${l.userId}`} data-testid="loan-investor-link">
          {l.investor}
        </Link>
      ) : (
        l.investor
      ),
    ],
    [t('loansAdmin.amount'), money(l.amount)],
    [t('loansAdmin.days'), t('loansAdmin.daysOf', { days: l.days })],
    [t('loansAdmin.tan'), percentOf(l.tan, lang)],
    [t('loansAdmin.taeg'), percentOf(l.taeg, lang)],
    [t('loansAdmin.created'), formatTime(l.createdAt, never)],
  ];
  if (l.disbursedAt !== null) {
    terms.push(
      [t('loansAdmin.disbursedAt'), formatTime(l.disbursedAt, never)],
      [t('loansAdmin.repaymentDate'), day(l.repaymentDate)],
      [t('loansAdmin.withdrawalUntil'), day(l.withdrawalUntil)],
      [t('loansAdmin.daysBorrowed'), String(l.daysBorrowed)],
      [t('loansAdmin.interestToDate'), money(l.interestToDate)],
      [t('loansAdmin.repaymentAmount'), money(l.repaymentAmount)],
    );
  }
  if (l.state === 'active' || l.state === 'overdue')
    terms.push([t('loansAdmin.owedToday'), money(l.owedToday)]);
  if (l.ending !== null) terms.push([t('loansAdmin.ending'), t(`loanEnding.${l.ending}`)]);
  if (l.repaidAmount !== null) terms.push([t('loansAdmin.repaidAmount'), money(l.repaidAmount)]);
  if (l.repaidAt !== null) terms.push([t('loansAdmin.repaidAt'), formatTime(l.repaidAt, never)]);
  if (l.rejectReason !== null) terms.push([t('loansAdmin.rejectReason'), l.rejectReason]);

  const declared: Facts = [
    [t('loansAdmin.purpose'), l.purpose],
    [t('loansAdmin.monthlyIncome'), money(l.monthlyIncome)],
    [t('loansAdmin.employment'), t(`employment.${l.employment}`)],
  ];

  const s = l.secci;
  const secci: Facts = [
    [t('loansAdmin.tan'), percentOf(s.tan, lang)],
    [t('loansAdmin.taeg'), percentOf(s.taeg, lang)],
    [t('loansAdmin.totalInterest'), money(s.totalInterest)],
    [t('loansAdmin.totalCost'), money(s.totalCost)],
    [t('loansAdmin.totalRepayable'), money(s.totalRepayable)],
    [t('loansAdmin.dailyInterest'), money(s.dailyInterest)],
    [t('loansAdmin.withdrawalRight'), t('loansAdmin.daysOf', { days: s.withdrawalDays })],
  ];
  if (l.disbursedAt === null) {
    secci.push(
      [t('loansAdmin.secciRepaymentDate'), formatDay(s.repaymentDate)],
      [t('loansAdmin.secciWithdrawalUntil'), formatDay(s.withdrawalUntil)],
    );
  }

  return (
    <>
      <article className="card" aria-labelledby="loan-title" data-testid="loan-detail">
        <h2 id="loan-title">{t('loansAdmin.detailTitle', { id: l.id })}</h2>
        <p className={styles.figure} data-testid="loan-amount">
          {money(l.amount)}{' '}
          <span className={loanBadge[l.state]} data-testid="loan-state">
            {t(`loanState.${l.state}`)}
          </span>
        </p>
        <FactList facts={terms} testId="loan-terms" />
        <h3>{t('loansAdmin.declared')}</h3>
        <FactList facts={declared} testId="loan-declared" />
        <h3>{t('loansAdmin.secci')}</h3>
        <p className="muted">{t('loansAdmin.secciHint')}</p>
        <FactList facts={secci} testId="loan-secci" />
        <LoanDecision loan={l} onDecided={decided} />
      </article>
      {can(role, adminCreditScoreView) && <CreditScoreCard userId={l.userId} />}
    </>
  );
}
