import type { LoanView } from '@piazza/contract/calls/lending-shapes';
import { formatNumber } from '@piazza/core/format-number';
import { useTranslation } from 'react-i18next';
import { usePersisted } from '../../shared/storage/persisted';
import styles from './lending.module.css';
import { calendarDateText } from './loan-figures';

/** The day-by-day interest of a disbursed loan: each day's interest, the total to date, what is owed. */
export function LoanSchedule({ loan }: { loan: LoanView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const amount = (text: string) => formatNumber(text, lang, 2);
  return (
    <table className={styles.schedule} data-testid={`loan-schedule-${loan.id}`}>
      <thead>
        <tr>
          <th>{t('lending.schedule.date')}</th>
          <th>{t('lending.schedule.interest')}</th>
          <th>{t('lending.schedule.toDate')}</th>
          <th>{t('lending.schedule.owed')}</th>
        </tr>
      </thead>
      <tbody>
        {loan.schedule.map((d) => (
          <tr key={d.day} className={d.booked ? undefined : styles.pending}>
            <td>
              {d.day}. {calendarDateText(d.date)}
            </td>
            <td>{amount(d.interest)}</td>
            <td>{amount(d.interestToDate)}</td>
            <td>{amount(d.owed)}</td>
          </tr>
        ))}
      </tbody>
      <caption className={styles.muted} style={{ captionSide: 'bottom', textAlign: 'left' }}>
        {t('lending.schedule.note', { 0: loan.currency })}
      </caption>
    </table>
  );
}
