import { Skeleton } from 'antd-mobile';
import { PieOutline } from 'antd-mobile-icons';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { SpotPanel } from '../../features/coin/spot-panel';
import { coinPaths } from '../../shared/coin/coin-paths';
import { RequireSession } from '../../shared/session/require-session';
import styles from '../../shared/ticket/ticket.module.css';
import { Card } from '../../shared/ui/card';
import { NavButton } from '../../shared/ui/nav-button';
import { Page } from '../../shared/ui/page';
import { TabRow } from '../../shared/ui/tab-row';

const tabs = ['spot', 'contract'] as const;
type Tab = (typeof tabs)[number];

// The perpetual-contract tab is another team's feature (features/coin-contract); found at build time, so the
// page builds before it exists and shows it as soon as it does.
const contractModules = import.meta.glob<{ ContractPanel: ComponentType<{ symbol: string }> }>(
  '../../features/coin-contract/contract-panel.tsx',
);
const loadContract = Object.values(contractModules)[0];
const ContractPanel = loadContract
  ? lazy(async () => ({ default: (await loadContract()).ContractPanel }))
  : null;

/** Crypto trading (`?tab=spot|contract&symbol=BTCUSDT`): the spot ticket, or the perpetual contracts. */
export default function CoinTrade() {
  return <RequireSession>{() => <CoinTradePage />}</RequireSession>;
}

function CoinTradePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'contract' ? 'contract' : 'spot';
  const symbol = (params.get('symbol') ?? 'BTCUSDT').trim().toUpperCase();
  const go = (next: { tab?: Tab; symbol?: string }) =>
    setParams({ tab: next.tab ?? tab, symbol: next.symbol ?? symbol }, { replace: true });

  return (
    <Page
      title={t('coinTrade.title')}
      right={
        <NavButton
          label={t('coinTrade.assetsLink')}
          onClick={() => navigate(coinPaths.assetsRecord)}
          testId="coin-assets-link"
        >
          <PieOutline />
        </NavButton>
      }
    >
      <TabRow
        options={tabs}
        value={tab}
        onChange={(name) => go({ tab: name })}
        label={(name) => t(name === 'spot' ? 'coinTrade.tab.spot' : 'coinTrade.tab.contract')}
        testId={(name) => `coin-tab-${name}`}
        classes={{ row: styles.segments, tab: styles.segment, tabOn: styles.typeOn }}
      />
      {tab === 'spot' ? (
        <SpotPanel symbol={symbol} onSymbol={(s) => go({ symbol: s })} />
      ) : ContractPanel ? (
        <Suspense
          fallback={
            <Card>
              <Skeleton.Paragraph lineCount={6} animated />
            </Card>
          }
        >
          <ContractPanel symbol={symbol} />
        </Suspense>
      ) : null}
    </Page>
  );
}
