import { stockInfo } from '@piazza/contract/calls/market';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { InstrumentPicker } from '../../features/trading/instrument-picker';
import { TradeTicket } from '../../features/trading/trade-ticket';
import { useApiQuery } from '../../shared/api/use-api-query';
import { RequireSession } from '../../shared/session/require-session';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { NavButton } from '../../shared/ui/nav-button';
import { Page } from '../../shared/ui/page';

/** The order ticket (`?symbol=ENI.MI` from a K-line page's Trade button), or a search for the share first. */
export default function Trade() {
  return <RequireSession>{() => <TradePage />}</RequireSession>;
}

function TradePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const symbol = (params.get('symbol') ?? '').trim().toUpperCase();
  const info = useApiQuery(stockInfo, { symbol }, { enabled: symbol !== '', staleTime: 0 });
  const instrument = info.data;

  return (
    <Page
      title={instrument ? `${instrument.name} · ${instrument.symbol}` : t('trade.title')}
      right={
        symbol !== '' && (
          <NavButton label={t('trade.change')} onClick={() => setParams({})} testId="trade-change">
            <span aria-hidden>⇄</span>
          </NavButton>
        )
      }
    >
      {symbol === '' ? (
        <InstrumentPicker onPick={(picked) => setParams({ symbol: picked })} />
      ) : info.isError ? (
        <LoadFailed onRetry={() => void info.refetch()} />
      ) : !instrument ? (
        <Card>
          <Skeleton.Paragraph lineCount={5} animated />
        </Card>
      ) : (
        <TradeTicket
          key={instrument.symbol}
          instrument={instrument}
          initialSide={params.get('side') === 'sell' ? 'sell' : 'buy'}
        />
      )}
    </Page>
  );
}
