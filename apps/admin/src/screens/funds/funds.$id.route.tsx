import {
  adminFundInfo,
  adminFundOrder,
  adminFundSave,
  adminFundStatus,
} from '@piazza/contract/calls/fund-admin';
import type { Language } from '@piazza/contract/wire';
import { formatDate, formatDateTime } from '@piazza/core/format-date';
import { formatNumber, formatPercent } from '@piazza/core/format-number';
import { useTranslation } from 'react-i18next';
import { can } from '../../shared/can';
import { formatLedgerAmount } from '../../shared/format';
import { ProductFrame, useProductScreen } from '../../shared/product-screen';
import { request } from '../../shared/request';
import type { Term } from '../../shared/terms-list';
import { useMe } from '../../shared/use-me';
import { FundBook } from './fund-book';
import { fundDraftOf } from './fund-draft';
import { FundForm } from './fund-form';
import { FundTicket } from './fund-ticket';

/**
 * One fund: its terms, pause and resume, the edit form (name, minimum, fee), the manager's ticket when the fund
 * is traded by hand, and its book as the server measured it — cash, holdings, trades, NAV history, followers.
 */
export default function FundScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const role = useMe().data?.operator.role;
  const screen = useProductScreen(
    'fund',
    (id) => request(adminFundInfo, { id }),
    (id, to) => request(adminFundStatus, { id, status: to }),
  );
  const { info, setEditing, refresh } = screen;

  if (info.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (!info.data) return <p className="muted">{t('common.empty')}</p>;
  const f = info.data.fund;
  const none = t('common.none');
  const money = (amount: string) => `${formatLedgerAmount(amount, lang)} ${f.currency}`;
  // The fee travels as a fraction ("0.0150"); the exponent moves the point exactly: 1,50%.
  const fee = `${formatNumber(`${f.managementFee}e2`, lang, 2)}%`;
  const terms: Term[] = [
    [t('fundsAdmin.manager'), f.managerName],
    [
      t('fundsAdmin.mode'),
      f.mode === 'strategy' && f.strategy !== null
        ? t('fundsAdmin.modeOf.strategy', { strategy: t(`robotsAdmin.strategy.${f.strategy}`) })
        : t('fundsAdmin.mode.manual'),
    ],
    [t('fundsAdmin.basket'), f.basket.join(', ')],
    [t('fundsAdmin.currency'), f.currency],
    [t('fundsAdmin.minAmount'), money(f.minAmount)],
    [t('fundsAdmin.managementFee'), t('fundsAdmin.perYear', { percent: fee })],
    [t('fundsAdmin.launchedAt'), formatDate(f.launchedAt)],
    [
      t('fundsAdmin.riskClass'),
      f.riskClass === null ? t('fundsAdmin.notRated') : t('fundsAdmin.riskOf', { risk: f.riskClass }),
    ],
    [t('fundsAdmin.nav'), formatLedgerAmount(f.nav, lang)],
    [t('fundsAdmin.navAt'), f.navAt === null ? none : formatDateTime(f.navAt)],
    [t('fundsAdmin.followers'), String(f.followers)],
    [t('fundsAdmin.liveReturn'), f.liveReturn === null ? none : formatPercent(`${f.liveReturn}e2`, lang)],
  ];

  return (
    <ProductFrame
      kind="fund"
      screen={screen}
      product={f}
      terms={terms}
      termsTestId="fund-terms"
      statusCall={adminFundStatus}
      saveCall={adminFundSave}
      form={
        <FundForm
          initial={fundDraftOf(f)}
          id={f.id}
          managerName={f.managerName}
          onSaved={() => {
            setEditing(false);
            refresh();
          }}
          onCancel={() => setEditing(false)}
        />
      }
    >
      {f.mode === 'manual' && can(role, adminFundOrder) && (
        <FundTicket key={f.id} fund={f} onSent={refresh} />
      )}

      <FundBook info={info.data} />
    </ProductFrame>
  );
}
