import type { userTxRecord } from '@piazza/contract/calls/funding';
import type { CallOutput } from '@piazza/contract/define';
import { formatDateTime } from '@piazza/core/format-date';
import { formatNumber } from '@piazza/core/format-number';
import { useTranslation } from 'react-i18next';
import { shownDecimals } from '../../shared/money/money-text';
import { usePersisted } from '../../shared/storage/persisted';
import styles from './bills.module.css';
import { signedAmount } from './signed-amount';

export type Bill = CallOutput<typeof userTxRecord>['list'][number];

/** One bill: its type, account and time; the signed amount and the balance after it. */
export function BillRow({ bill, onOpen }: { bill: Bill; onOpen: (bill: Bill) => void }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const debit = bill.amount.startsWith('-');
  return (
    <button
      type="button"
      className={styles.row}
      onClick={() => onOpen(bill)}
      data-testid={`bill-row-${bill.billType}`}
    >
      <span className={styles.type}>{t(`bills.type.${bill.billType}`)}</span>
      <span className={`${styles.amount} ${debit ? styles.down : styles.up}`} data-testid="bill-amount">
        {signedAmount(bill.amount, lang)} {bill.asset}
      </span>
      <span className={styles.meta}>
        {t(`assets.purpose.${bill.purpose}`)} · {formatDateTime(bill.createdAt)}
      </span>
      <span className={styles.balance} data-testid="bill-balance">
        {t('bills.balanceAfter', {
          0: formatNumber(bill.balanceAfter, lang, shownDecimals(bill.balanceAfter)),
        })}
      </span>
    </button>
  );
}
