import { userMoneyTimeline } from '@piazza/contract/calls/documents';
import type { CallOutput } from '@piazza/contract/define';
import { formatDate } from '@piazza/core/format-date';
import { formatNumber } from '@piazza/core/format-number';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
import { assetFigure, moneyText } from '../../shared/money/money-text';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { usePersisted } from '../../shared/storage/persisted';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import styles from './money-timeline.module.css';

type Timeline = CallOutput<typeof userMoneyTimeline>;
type Line = Timeline['lines'][number];

/** What decides the unlock of a line with no date. */
const whenKeys = {
  order: 'timeline.when.order',
  withdrawal: 'timeline.when.withdrawal',
  subscription: 'timeline.when.subscription',
  contractMargin: 'timeline.when.contractMargin',
  available: 'timeline.when.available',
} as const;

function LineWhen({ line }: { line: Line }) {
  const { t } = useTranslation();
  if (line.unlockAt !== null) return <>{t('timeline.unlockAt', { 0: formatDate(line.unlockAt) })}</>;
  const key = line.kind in whenKeys ? whenKeys[line.kind as keyof typeof whenKeys] : 'timeline.when.other';
  return <>{t(key)}</>;
}

/** Shares are whole units (no decimals on the wire): '100 ENI.MI'; money and coins as everywhere else. */
function quantityOrMoney(amount: string, asset: string, lang: 'it-IT' | 'en-US'): string {
  return amount.includes('.') ? moneyText(amount, asset, lang) : `${formatNumber(amount, lang, 0)} ${asset}`;
}

/**
 * Where the money is (issue 19 item 5, decision 051): per currency what can be withdrawn now and what can buy,
 * then every locked amount with when it unlocks and the ledger entries behind it, and loans due. Read again
 * whenever the server reports a money event of the investor. Test ids: `timeline`, `timeline-{asset}-
 * withdrawable`, `timeline-{asset}-buying`, `timeline-line-{kind}`, `timeline-documents`.
 */
export function MoneyTimeline() {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const query = useApiQuery(userMoneyTimeline, {}, { staleTime: 0 });
  useMoneyEvents([userMoneyTimeline]);
  return (
    <Card title={t('timeline.title')} testId="timeline">
      {query.isPending ? (
        <Skeleton.Paragraph lineCount={4} animated />
      ) : query.isError ? (
        <LoadFailed onRetry={() => void query.refetch()} />
      ) : (
        <>
          {query.data.currencies.length > 0 && (
            <table className={styles.free}>
              <thead>
                <tr>
                  <td />
                  <th scope="col">{t('timeline.withdrawable')}</th>
                  <th scope="col">{t('timeline.buyingPower')}</th>
                </tr>
              </thead>
              <tbody>
                {query.data.currencies.map((c) => (
                  <tr key={c.asset}>
                    <th scope="row">{c.asset}</th>
                    <td data-testid={`timeline-${c.asset}-withdrawable`}>
                      {assetFigure(c.withdrawableNow, c.asset, lang)}
                    </td>
                    <td data-testid={`timeline-${c.asset}-buying`}>
                      {assetFigure(c.buyingPower, c.asset, lang)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h3 className={styles.heading}>{t('timeline.locked')}</h3>
          {query.data.lines.length === 0 ? (
            <p className={styles.when}>{t('timeline.empty')}</p>
          ) : (
            <ul className={styles.lines}>
              {query.data.lines.map((line, i) => (
                <li
                  // The lines have no id of their own: their order is the server's and stable for one answer.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  key={i}
                  className={styles.line}
                  data-testid={`timeline-line-${line.kind}`}
                >
                  <div className={styles.lineHead}>
                    <span>{t(`timeline.kind.${line.kind}`)}</span>
                    <span className={styles.value}>{quantityOrMoney(line.amount, line.asset, lang)}</span>
                  </div>
                  <div className={styles.when}>
                    <LineWhen line={line} />
                  </div>
                  {line.entryIds.length > 0 && (
                    <div className={styles.trace}>
                      {t('timeline.entries', { 0: line.entryIds.join(', ') })}
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
          {query.data.loans.length > 0 && (
            <>
              <h3 className={styles.heading}>{t('timeline.loans')}</h3>
              <ul className={styles.lines}>
                {query.data.loans.map((l) => (
                  <li key={l.id} className={styles.line} data-testid="timeline-loan">
                    <div className={styles.lineHead}>
                      <span>{t('timeline.loan', { 0: l.id, 1: moneyText(l.owed, l.asset, lang) })}</span>
                    </div>
                    <div className={styles.when}>{t('timeline.dueOn', { 0: formatDate(l.dueAt) })}</div>
                  </li>
                ))}
              </ul>
            </>
          )}
          <button
            type="button"
            className={styles.link}
            onClick={() => navigate('/pages/user/documents')}
            data-testid="timeline-documents"
          >
            {t('timeline.documents')}
          </button>
        </>
      )}
    </Card>
  );
}
