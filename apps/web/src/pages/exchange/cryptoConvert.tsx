import { useTranslation } from 'react-i18next';
import { ExchangePanel } from '../../features/exchange/exchange-panel';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

const coinPairs = [
  ['USDT', 'BTC'],
  ['BTC', 'USDT'],
  ['USDT', 'ETH'],
  ['ETH', 'USDT'],
] as const;

/** Crypto convert: USDT ⇄ a coin at its market price with the spread, quoted before confirming. */
export default function CryptoConvert() {
  const { t } = useTranslation();
  return (
    <Page title={t('exchange.cryptoConvert.title')}>
      <RequireSession>{() => <ExchangePanel pairs={coinPairs} />}</RequireSession>
    </Page>
  );
}
