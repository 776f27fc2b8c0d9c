import { billView } from '@piazza/contract/calls/funding-shapes';
import { formatDateTime } from '@piazza/core/format-date';
import { formatNumber } from '@piazza/core/format-number';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { signedAmount } from '../../features/bills/signed-amount';
import styles from '../../features/wallet/wallet.module.css';
import { shownDecimals } from '../../shared/money/money-text';
import { RequireSession } from '../../shared/session/require-session';
import { usePersisted } from '../../shared/storage/persisted';
import { Card } from '../../shared/ui/card';
import { Page } from '../../shared/ui/page';

/** What funds detail hands this page (no route has path parameters: SPEC §2). */
const detailState = z.object({ bill: billView });

/** One bill in full: type, account, asset, signed amount, balance after, time, and what it refers to. */
export default function RecordDetail() {
  const { t } = useTranslation();
  return (
    <Page title={t('bills.detailTitle')}>
      <RequireSession>{() => <Detail />}</RequireSession>
    </Page>
  );
}

function Detail() {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const parsed = detailState.safeParse(useLocation().state);
  if (!parsed.success) {
    // Opened directly or after a reload: the bill is not in the address, so send the person to the list.
    return (
      <Card>
        <p className={styles.empty}>{t('bills.detailMissing')}</p>
        <Button block color="primary" onClick={() => navigate('/pages/fundsDetail/index', { replace: true })}>
          {t('bills.openList')}
        </Button>
      </Card>
    );
  }
  const { bill } = parsed.data;
  const rows: [string, string, string][] = [
    [t('bills.field.type'), t(`bills.type.${bill.billType}`), 'type'],
    [t('bills.field.account'), t(`assets.purpose.${bill.purpose}`), 'account'],
    [t('bills.field.amount'), `${signedAmount(bill.amount, lang)} ${bill.asset}`, 'amount'],
    [
      t('bills.field.balanceAfter'),
      `${formatNumber(bill.balanceAfter, lang, shownDecimals(bill.balanceAfter))} ${bill.asset}`,
      'balance',
    ],
    [t('bills.field.time'), formatDateTime(bill.createdAt), 'time'],
    [t('bills.field.entry'), bill.entryId, 'entry'],
  ];
  // The reference's id is what support asks for; its kind is already said by the bill type above.
  if (bill.refId) rows.push([t('bills.field.reference'), bill.refId, 'reference']);
  return (
    <Card testId="record-detail">
      <ul className={styles.rows}>
        {rows.map(([label, value, key]) => (
          <li key={key} className={styles.row}>
            <span className={styles.rowLabel}>{label}</span>
            <span className={styles.rowValue} data-testid={`record-${key}`}>
              {value}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
