import { userBondMovements, userBondPositions } from '@piazza/contract/calls/bonds';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
import { moneyText } from '../../shared/money/money-text';
import { usePersisted } from '../../shared/storage/persisted';
import { FigureList } from '../../shared/ticket/figure-rows';
import { Card } from '../../shared/ui/card';
import ui from '../../shared/ui/instrument-rows.module.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import { bondName, shownDay } from './bond-name';
import { bondTicketPath } from './bond-paths';
import styles from './bonds.module.css';

/**
 * The investor's government bonds (issue 20): each holding's nominal, cost, value at the bid and accrued
 * interest, then the trades, coupons (net, with the 12.5% withheld) and redemptions. Test ids:
 * `bond-holding-{isin}`, `bond-movement-{kind}`.
 */
export function BondHoldings() {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const held = useApiQuery(userBondPositions, {});
  const moves = useApiQuery(userBondMovements, {});
  const eur = (amount: string) => moneyText(amount, 'EUR', lang);
  if (held.isPending || moves.isPending) return <Skeleton.Paragraph lineCount={8} animated />;
  if (held.isError || moves.isError)
    return (
      <LoadFailed
        onRetry={() => {
          void held.refetch();
          void moves.refetch();
        }}
      />
    );
  return (
    <>
      {held.data.list.length === 0 && <p className={ui.empty}>{t('bonds.empty')}</p>}
      {held.data.list.map((p) => (
        <Card key={p.bond.isin} testId={`bond-holding-${p.bond.isin}`}>
          <Link className={ui.link} to={bondTicketPath(p.bond.isin)}>
            {bondName(p.bond, t, lang)}
          </Link>
          <FigureList
            figures={[
              [t('bonds.position.nominal'), eur(p.nominal), 'bond-holding-nominal'],
              [t('bonds.position.cost'), eur(p.cost), 'bond-holding-cost'],
              [t('bonds.position.value'), eur(p.value), 'bond-holding-value'],
              [t('bonds.position.accrued'), eur(p.accrued), 'bond-holding-accrued'],
            ]}
          />
        </Card>
      ))}
      {moves.data.list.length > 0 && (
        <Card title={t('bonds.movements')}>
          <ul className={ui.list}>
            {moves.data.list.map((m) => (
              <li
                key={m.id}
                className={`${ui.row} ${styles.movement}`}
                data-testid={`bond-movement-${m.kind}`}
              >
                <span className={ui.names}>
                  <span className={ui.name}>{t(`bonds.movement.${m.kind}`)}</span>
                  <span className={ui.sub}>
                    {bondName({ kind: m.bondKind, coupon: m.coupon, maturityDate: m.maturityDate }, t, lang)}{' '}
                    · {shownDay(m.date)}
                  </span>
                </span>
                <span className={ui.figures}>
                  <span className={Number(m.amount) < 0 ? ui.down : ui.up}>{eur(m.amount)}</span>
                  {Number(m.withheld) > 0 && (
                    <span className={ui.sub}>{t('bonds.movement.withheld', { 0: eur(m.withheld) })}</span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </>
  );
}
