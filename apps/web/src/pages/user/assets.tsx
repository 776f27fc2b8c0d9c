import { userAssets } from '@piazza/contract/calls/assets';
import type { CallOutput } from '@piazza/contract/define';
import { userAccountPurposes } from '@piazza/contract/enums';
import { formatDateTime } from '@piazza/core/format-date';
import { formatNumber } from '@piazza/core/format-number';
import { Skeleton } from 'antd-mobile';
import {
  ArrowsAltOutline,
  DownCircleOutline,
  LoopOutline,
  RedoOutline,
  UnorderedListOutline,
  UpCircleOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MoneyTimeline } from '../../features/money-timeline/money-timeline';
import type { MessageKey } from '../../i18n/it-IT';
import { useApiQuery } from '../../shared/api/use-api-query';
import { assetFigure, moneyText } from '../../shared/money/money-text';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { RequireSession } from '../../shared/session/require-session';
import { usePersisted } from '../../shared/storage/persisted';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { NavButton } from '../../shared/ui/nav-button';
import { Page } from '../../shared/ui/page';
import styles from './assets.module.css';

type Overview = CallOutput<typeof userAssets>;

/** Decimals a decimal text carries ('1.0850' → 4), so a rate is shown as quoted. */
function decimalsOf(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}

const moneyEntries: readonly { key: string; label: MessageKey; to: string; icon: ReactNode }[] = [
  {
    key: 'deposit',
    label: 'assets.entry.deposit',
    to: '/pages/recharge/recharge',
    icon: <DownCircleOutline />,
  },
  {
    key: 'withdraw',
    label: 'assets.entry.withdraw',
    to: '/pages/withdraw/withdraw',
    icon: <UpCircleOutline />,
  },
  { key: 'exchange', label: 'assets.entry.exchange', to: '/pages/exchange/index', icon: <LoopOutline /> },
  {
    key: 'transfer',
    label: 'assets.entry.transfer',
    to: '/pages/exchange/stock',
    icon: <ArrowsAltOutline />,
  },
  {
    key: 'bills',
    label: 'assets.entry.bills',
    to: '/pages/fundsDetail/index',
    // A list of movements, not antd-mobile's BillOutline: that one draws a ¥ (issue 17).
    icon: <UnorderedListOutline />,
  },
];

/**
 * The Assets tab: the user's balances from the ledger by account and asset, with totals in EUR and USD, read
 * again whenever the server reports a change of theirs; and the ways to move money.
 */
export default function Assets() {
  const { t } = useTranslation();
  return <RequireSession>{() => <Balances title={t('assets.title')} />}</RequireSession>;
}

function Balances({ title }: { title: string }) {
  const { t } = useTranslation();
  const overview = useApiQuery(userAssets, {}, { staleTime: 0 });
  useMoneyEvents([userAssets]);
  return (
    <Page
      title={title}
      left={null}
      right={
        <NavButton
          label={t('common.refresh')}
          onClick={() => void overview.refetch()}
          testId="assets-refresh"
        >
          <RedoOutline />
        </NavButton>
      }
    >
      {overview.isPending ? (
        <Skeleton.Paragraph lineCount={8} animated />
      ) : overview.isError ? (
        <LoadFailed onRetry={() => void overview.refetch()} />
      ) : (
        <Overview data={overview.data} />
      )}
    </Page>
  );
}

function Overview({ data }: { data: Overview }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const purposes = userAccountPurposes.filter((p) => data.accounts.some((a) => a.purpose === p));
  const rates = data.rates
    .map((r) => `${r.pair} ${formatNumber(r.rate, lang, decimalsOf(r.rate))}`)
    .join(' · ');
  // EUR/USD comes from the market feed when it answers; otherwise the server says it used reference rates.
  const fromMarket = data.rates.some((r) => r.source === 'market');
  return (
    <>
      <div className={styles.totals}>
        <div className={styles.total}>
          <span className={styles.totalLabel}>{t('assets.totalEur')}</span>
          <span className={styles.totalValue} data-testid="assets-total-eur">
            {t('money.EUR', { 0: formatNumber(data.totals.EUR, lang, 2) })}
          </span>
        </div>
        <div className={styles.total}>
          <span className={styles.totalLabel}>{t('assets.totalUsd')}</span>
          <span className={styles.totalValue} data-testid="assets-total-usd">
            {t('money.USD', { 0: formatNumber(data.totals.USD, lang, 2) })}
          </span>
        </div>
      </div>
      <MoneyEntries />
      <MoneyTimeline />
      {purposes.length === 0 && <Card>{t('assets.empty')}</Card>}
      {purposes.map((purpose) => (
        <Card key={purpose} title={t(`assets.purpose.${purpose}`)} testId={`assets-${purpose}`}>
          <ul className={styles.rows}>
            {data.accounts
              .filter((a) => a.purpose === purpose)
              .map((a) => (
                <li key={a.asset} className={styles.row} data-testid={`assets-${purpose}-${a.asset}`}>
                  <span className={styles.asset}>{a.asset}</span>
                  <span className={styles.balance}>{assetFigure(a.balance, a.asset, lang)}</span>
                </li>
              ))}
          </ul>
        </Card>
      ))}
      {data.positions.length > 0 && (
        <Card title={t('assets.positions')} testId="assets-positions">
          <ul className={styles.rows}>
            {data.positions.map((p) => (
              <li
                key={`${p.kind}-${p.asset}`}
                className={styles.row}
                data-testid={`assets-position-${p.kind}-${p.asset}`}
              >
                <span className={styles.asset}>{t(`assets.position.${p.kind}`)}</span>
                <span className={styles.balance}>{moneyText(p.value, p.asset, lang)}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {rates && (
        <p className={styles.note} data-testid="assets-rate-note">
          {t(fromMarket ? 'assets.rateNoteMarket' : 'assets.rateNote', { 0: rates })}
        </p>
      )}
      {data.unvalued.length > 0 && (
        <p className={styles.note} data-testid="assets-unvalued">
          {t('assets.unvalued', { 0: data.unvalued.join(', ') })}
        </p>
      )}
      <p className={styles.note}>{t('assets.updatedAt', { 0: formatDateTime(data.updatedAt) })}</p>
    </>
  );
}

function MoneyEntries() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <nav className={styles.entries} aria-label={t('assets.entries')}>
      {moneyEntries.map((entry) => (
        <button
          key={entry.key}
          type="button"
          className={styles.entry}
          onClick={() => navigate(entry.to)}
          data-testid={`assets-entry-${entry.key}`}
        >
          <span className={styles.entryIcon}>{entry.icon}</span>
          {t(entry.label)}
        </button>
      ))}
    </nav>
  );
}
