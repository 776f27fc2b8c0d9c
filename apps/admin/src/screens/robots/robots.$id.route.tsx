import { adminRobotInfo, adminRobotSave, adminRobotStatus } from '@piazza/contract/calls/robot-admin';
import type { Language } from '@piazza/contract/wire';
import { formatDate, formatDateTime } from '@piazza/core/format-date';
import { useTranslation } from 'react-i18next';
import { formatLedgerAmount } from '../../shared/format';
import { NavHistory } from '../../shared/nav-history';
import { BookHoldings, BookOrders } from '../../shared/product-book';
import { ProductFrame, useProductScreen } from '../../shared/product-screen';
import { request } from '../../shared/request';
import type { Term } from '../../shared/terms-list';
import { draftOf } from './robot-draft';
import { RobotForm } from './robot-form';
import { percent, signedPercent } from './robot-percent';

/**
 * One AI product: its terms, pause and resume, the edit form, and its book as the server measured it — cash
 * and holdings, the NAV of each close (newest first) and every subscription with its investor.
 */
export default function RobotScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const screen = useProductScreen(
    'robot',
    (id) => request(adminRobotInfo, { id }),
    (id, to) => request(adminRobotStatus, { id, status: to }),
  );
  const { info, setEditing, refresh } = screen;

  if (info.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (!info.data) return <p className="muted">{t('common.empty')}</p>;
  const { robot: r, cash, holdings, navs, orders } = info.data;
  const none = t('common.none');
  const money = (amount: string) => `${formatLedgerAmount(amount, lang)} ${r.currency}`;
  const terms: Term[] = [
    [t('robotsAdmin.strategy'), t(`robotsAdmin.strategy.${r.strategy}`)],
    [t('robotsAdmin.basket'), r.basket.join(', ')],
    [t('robotsAdmin.level'), String(r.level)],
    [t('robotsAdmin.currency'), r.currency],
    [t('robotsAdmin.periodDays'), String(r.periodDays)],
    [t('robotsAdmin.lockDays'), String(r.lockDays)],
    [t('robotsAdmin.earlyExit'), r.earlyExit ? t('robotsAdmin.yes') : t('robotsAdmin.no')],
    [t('robotsAdmin.minAmount'), money(r.minAmount)],
    [t('robotsAdmin.maxAmount'), money(r.maxAmount)],
    [t('robotsAdmin.managementFee'), t('robotsAdmin.perYear', { percent: percent(r.managementFee, lang) })],
    [t('robotsAdmin.launchedAt'), formatDate(r.launchedAt)],
    [t('robotsAdmin.riskClass'), t('robotsAdmin.riskOf', { risk: r.riskClass })],
    [t('robotsAdmin.nav'), formatLedgerAmount(r.nav, lang)],
    [t('robotsAdmin.navAt'), r.navAt === null ? none : formatDateTime(r.navAt)],
    [t('robotsAdmin.bookValue'), money(r.bookValue)],
    [t('robotsAdmin.subscribers'), String(r.subscribers)],
    [t('robotsAdmin.liveReturn'), signedPercent(r.liveReturn, lang, none)],
  ];

  return (
    <ProductFrame
      kind="robot"
      screen={screen}
      product={r}
      terms={terms}
      statusCall={adminRobotStatus}
      saveCall={adminRobotSave}
      form={
        <RobotForm
          initial={draftOf(r)}
          id={r.id}
          onSaved={() => {
            setEditing(false);
            refresh();
          }}
          onCancel={() => setEditing(false)}
        />
      }
    >
      <BookHoldings
        kind="robot"
        cash={cash}
        holdings={holdings}
        money={money}
        weight={{ head: t('robotsAdmin.targetWeight'), of: (h) => percent(h.targetWeight, lang) }}
      />

      <NavHistory navs={navs} texts="robotsAdmin" testId="robot-navs" money={money} />

      <BookOrders kind="robot" orders={orders} money={money} dateOf={(o) => o.endsAt} />
    </ProductFrame>
  );
}
