import {
  bankList,
  coinWithdrawAdd,
  coinWithdrawAddress,
  coinWithdrawRules,
  userWithdrawAdd,
  userWithdrawRules,
} from '@piazza/contract/calls/funding';
import type { WithdrawMethod } from '@piazza/contract/enums';
import { Selector, Skeleton } from 'antd-mobile';
import { UnorderedListOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { RequireSession } from '../../shared/session/require-session';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { NavButton } from '../../shared/ui/nav-button';
import { Page } from '../../shared/ui/page';
import styles from './funding.module.css';
import { fundingPaths } from './funding-paths';
import { maskIban } from './iban-text';
import { type Destination, WithdrawForm, type WithdrawRule } from './withdraw-form';
import { WithdrawGuard } from './withdraw-guard';

type Source = 'fiat' | 'crypto';

/** "Bank · EUR", "TRC-20 · USDT": a rule as the person chooses it. */
function useRuleLabel() {
  const { t } = useTranslation();
  return (r: WithdrawRule) =>
    r.network
      ? `${r.asset} · ${t(`funding.network.${r.network}`)}`
      : `${t(`withdraw.method.${r.method}`)} · ${r.asset}`;
}

/**
 * Withdraw to a bank account or wallet (fiat) or to a crypto address: after the KYC and password checks,
 * choose the method and asset when there are several, then the form.
 */
export function WithdrawPage({
  title,
  source,
  methods,
}: {
  title: string;
  source: Source;
  methods: readonly WithdrawMethod[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page
      title={title}
      right={
        <NavButton
          label={t('withdraw.records')}
          onClick={() =>
            navigate(source === 'crypto' ? fundingPaths.withdrawCryptoRecord : fundingPaths.withdrawRecord)
          }
          testId="withdraw-records-link"
        >
          <UnorderedListOutline />
        </NavButton>
      }
    >
      <RequireSession>
        {() => (
          <WithdrawGuard>
            <Rules source={source} methods={methods} />
          </WithdrawGuard>
        )}
      </RequireSession>
    </Page>
  );
}

function Rules({ source, methods }: { source: Source; methods: readonly WithdrawMethod[] }) {
  const { t } = useTranslation();
  const label = useRuleLabel();
  const call = source === 'crypto' ? coinWithdrawRules : userWithdrawRules;
  useMoneyEvents([call]);
  const rules = useApiQuery(call, {}, { staleTime: 0 });
  const [chosen, setChosen] = useState(0);
  if (rules.isPending) return <Skeleton.Paragraph lineCount={8} animated />;
  if (rules.isError) return <LoadFailed onRetry={() => void rules.refetch()} />;
  const usable = rules.data.list.filter((r) => methods.includes(r.method));
  const rule = usable[chosen] ?? usable[0];
  if (!rule) {
    return (
      <Card testId="withdraw-no-method">
        <p className={styles.empty}>{t('withdraw.noMethod')}</p>
      </Card>
    );
  }
  return (
    <>
      {usable.length > 1 && (
        <Card title={t('withdraw.chooseMethod')}>
          <Selector
            columns={2}
            value={[String(usable.indexOf(rule))]}
            options={usable.map((r, i) => ({ label: label(r), value: String(i) }))}
            onChange={(v) => v[0] !== undefined && setChosen(Number(v[0]))}
            data-testid="withdraw-rule"
          />
        </Card>
      )}
      {rule.method === 'crypto' ? (
        <CryptoDestinations key={label(rule)} rule={rule} />
      ) : (
        <FiatDestinations key={label(rule)} rule={rule} />
      )}
    </>
  );
}

function FiatDestinations({ rule }: { rule: WithdrawRule }) {
  const { t } = useTranslation();
  const kind = rule.method === 'wallet' ? 'wallet' : 'bank';
  const bindings = useApiQuery(bankList, { kind }, { staleTime: 0 });
  if (bindings.isPending) return <Skeleton.Paragraph lineCount={4} animated />;
  if (bindings.isError) return <LoadFailed onRetry={() => void bindings.refetch()} />;
  const destinations: Destination[] = bindings.data.list.map((b) => ({
    id: b.id,
    label:
      b.kind === 'wallet'
        ? `${b.walletType ?? ''} · ${b.name} · ${b.mobile ?? ''}`
        : `${b.bankName ?? b.name} · ${maskIban(b.iban ?? '')}`,
  }));
  return (
    <WithdrawForm
      rule={rule}
      destinations={destinations}
      addPath={kind === 'wallet' ? `${fundingPaths.addBank}?kind=wallet` : fundingPaths.addBank}
      addLabel={t(kind === 'wallet' ? 'withdraw.form.addWallet' : 'withdraw.form.addBank')}
      send={({ destinationId, ...rest }) => api(userWithdrawAdd, { bindingId: destinationId, ...rest })}
    />
  );
}

function CryptoDestinations({ rule }: { rule: WithdrawRule }) {
  const { t } = useTranslation();
  const addresses = useApiQuery(
    coinWithdrawAddress,
    { network: rule.network ?? undefined },
    { staleTime: 0 },
  );
  if (addresses.isPending) return <Skeleton.Paragraph lineCount={4} animated />;
  if (addresses.isError) return <LoadFailed onRetry={() => void addresses.refetch()} />;
  const destinations: Destination[] = addresses.data.list.map((a) => ({
    id: a.id,
    label: `${a.label ? `${a.label} · ` : ''}${a.address}`,
  }));
  return (
    <WithdrawForm
      rule={rule}
      destinations={destinations}
      addPath={fundingPaths.addAddress}
      addLabel={t('withdraw.form.addAddress')}
      send={({ destinationId, ...rest }) => api(coinWithdrawAdd, { addressId: destinationId, ...rest })}
    />
  );
}
