import { stockInfo } from '@piazza/contract/calls/market';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { OptionTicket } from '../../features/options/option-ticket';
import { ContractTicket } from '../../features/stock-contract/contract-ticket';
import { InstrumentPicker } from '../../features/trading/instrument-picker';
import { TradeTicket } from '../../features/trading/trade-ticket';
import { useApiQuery } from '../../shared/api/use-api-query';
import { RequireSession } from '../../shared/session/require-session';
import styles from '../../shared/ticket/ticket.module.css';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { NavButton } from '../../shared/ui/nav-button';
import { Page } from '../../shared/ui/page';
import { TabRow } from '../../shared/ui/tab-row';

/** The products the ticket trades, chosen by the `product` search param; spot when absent. */
const products = ['spot', 'contract', 'option'] as const;
type Product = (typeof products)[number];

/**
 * The order ticket (`?symbol=ENI.MI` from a K-line page's Trade button), or a search for the share first;
 * `?product=option` opens the option ticket on the same symbol instead.
 */
export default function Trade() {
  return <RequireSession>{() => <TradePage />}</RequireSession>;
}

function TradePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const symbol = (params.get('symbol') ?? '').trim().toUpperCase();
  const product: Product = products.find((p) => p === params.get('product')) ?? 'spot';
  const info = useApiQuery(
    stockInfo,
    { symbol },
    { enabled: symbol !== '' && product !== 'option', staleTime: 0 },
  );
  const switcher = (
    <TabRow
      options={products}
      value={product}
      onChange={(p) => setParams(symbol === '' ? { product: p } : { product: p, symbol })}
      label={(p) => t(`product.${p}`)}
      testId={(p) => `trade-product-${p}`}
      classes={{ row: styles.products, tab: styles.product, tabOn: styles.productOn }}
    />
  );

  if (product === 'option') {
    return (
      <Page title={t('options.title')}>
        {switcher}
        <OptionTicket symbol={symbol} onSymbol={(picked) => setParams({ product, symbol: picked })} />
      </Page>
    );
  }
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
      {switcher}
      {symbol === '' ? (
        <InstrumentPicker
          onPick={(picked) =>
            setParams(product === 'spot' ? { symbol: picked } : { product, symbol: picked })
          }
        />
      ) : info.isError ? (
        <LoadFailed onRetry={() => void info.refetch()} />
      ) : !instrument ? (
        <Card>
          <Skeleton.Paragraph lineCount={5} animated />
        </Card>
      ) : product === 'contract' ? (
        <ContractTicket key={instrument.symbol} instrument={instrument} />
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
