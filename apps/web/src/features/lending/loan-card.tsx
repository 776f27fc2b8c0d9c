import type { LoanView } from '@piazza/contract/calls/lending-shapes';
import { formatDate } from '@piazza/core/format-date';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moneyText } from '../../shared/money/money-text';
import { usePersisted } from '../../shared/storage/persisted';
import { type Figure, FigureList } from '../../shared/ticket/figure-rows';
import { Card } from '../../shared/ui/card';
import records from '../../shared/ui/records.module.css';
import styles from './lending.module.css';
import { LoanEnding } from './loan-ending';
import { calendarDateText, canRepay, rateText, stateTone } from './loan-figures';
import { LoanSchedule } from './loan-schedule';
import { SecciFigures } from './secci-figures';

/**
 * One loan: its state, its figures (what is owed today while it runs), its SECCI and its day-by-day schedule
 * folded away, and while it runs the repayment and withdrawal with their confirmation.
 */
export function LoanCard({ loan }: { loan: LoanView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const [open, setOpen] = useState<'secci' | 'schedule' | null>(null);
  const money = (amount: string) => moneyText(amount, loan.currency, lang);
  const running = canRepay(loan);
  const id = loan.id;

  const figures: Figure[] = [
    [t('lending.loan.amount'), money(loan.amount), `loan-amount-${id}`],
    [t('lending.loan.term'), t('lending.days', { count: loan.days, 0: loan.days }), `loan-days-${id}`],
    [t('lending.secci.tan'), rateText(loan.tan, lang), `loan-tan-${id}`],
    [t('lending.secci.taeg'), rateText(loan.taeg, lang), `loan-taeg-${id}`],
    [t('lending.loan.appliedAt'), formatDate(loan.createdAt), `loan-applied-${id}`],
  ];
  if (loan.disbursedAt !== null) {
    figures.push(
      [t('lending.loan.disbursedAt'), formatDate(loan.disbursedAt), `loan-disbursed-${id}`],
      [t('lending.secci.repaymentDate'), calendarDateText(loan.repaymentDate), `loan-due-${id}`],
      [t('lending.loan.repaymentAmount'), money(loan.repaymentAmount), `loan-due-amount-${id}`],
      [
        t('lending.loan.daysBorrowed'),
        t('lending.days', { count: loan.daysBorrowed, 0: loan.daysBorrowed }),
        `loan-borrowed-${id}`,
      ],
      [t('lending.loan.interestToDate'), money(loan.interestToDate), `loan-interest-${id}`],
    );
  }
  if (running) {
    figures.push(
      [t('lending.loan.owedToday'), money(loan.owedToday), `loan-owed-${id}`],
      [
        t('lending.secci.withdrawal', { 0: loan.secci.withdrawalDays }),
        calendarDateText(loan.withdrawalUntil),
        `loan-withdrawal-until-${id}`,
      ],
    );
  }
  if (loan.repaidAmount !== null) {
    figures.push([
      t(loan.ending === 'withdrawal' ? 'lending.loan.withdrawnAmount' : 'lending.loan.repaidAmount'),
      money(loan.repaidAmount),
      `loan-repaid-${id}`,
    ]);
  }
  if (loan.repaidAt !== null) {
    figures.push([t('lending.loan.settledAt'), formatDate(loan.repaidAt), `loan-settled-${id}`]);
  }

  return (
    <Card testId={`loan-${id}`}>
      <div className={records.head}>
        <h2 className={records.name}>{t('lending.loan.title', { 0: id })}</h2>
        <span
          className={`${records.badge} ${records[stateTone(loan.state)]}`}
          data-testid={`loan-state-${id}`}
        >
          {t(`lending.state.${loan.state}`)}
        </span>
      </div>
      <p className={styles.muted} data-testid={`loan-state-note-${id}`}>
        {loan.state === 'repaying'
          ? t(loan.ending === 'withdrawal' ? 'lending.note.withdrawing' : 'lending.note.repaying')
          : t(`lending.note.${loan.state}`)}
      </p>
      {loan.rejectReason && (
        <p className={styles.error} data-testid={`loan-reject-reason-${id}`}>
          {t('lending.loan.rejectReason', { 0: loan.rejectReason })}
        </p>
      )}
      <FigureList figures={figures} />
      <p className={styles.muted}>{t('lending.loan.purpose', { 0: loan.purpose })}</p>
      {running && <LoanEnding loan={loan} />}
      <div className={styles.section}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open === 'secci'}
          onClick={() => setOpen(open === 'secci' ? null : 'secci')}
          data-testid={`loan-secci-toggle-${id}`}
        >
          {t(open === 'secci' ? 'lending.loan.hideSecci' : 'lending.loan.showSecci')}
        </button>
        {open === 'secci' && <SecciFigures secci={loan.secci} testPrefix={`loan-${id}-secci`} />}
      </div>
      {loan.schedule.length > 0 && (
        <div className={styles.section}>
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={open === 'schedule'}
            onClick={() => setOpen(open === 'schedule' ? null : 'schedule')}
            data-testid={`loan-schedule-toggle-${id}`}
          >
            {t(open === 'schedule' ? 'lending.loan.hideSchedule' : 'lending.loan.showSchedule', {
              0: loan.schedule.length,
            })}
          </button>
          {open === 'schedule' && <LoanSchedule loan={loan} />}
        </div>
      )}
    </Card>
  );
}
