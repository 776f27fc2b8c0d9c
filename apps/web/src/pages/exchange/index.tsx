import { useTranslation } from 'react-i18next';
import { ExchangePanel } from '../../features/exchange/exchange-panel';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

const currencyPairs = [
  ['EUR', 'USD'],
  ['USD', 'EUR'],
] as const;

/** Currency exchange: EUR ⇄ USD between the currency accounts at the live rate with the spread. */
export default function ExchangeIndex() {
  const { t } = useTranslation();
  return (
    <Page title={t('exchange.title')}>
      <RequireSession>{() => <ExchangePanel pairs={currencyPairs} />}</RequireSession>
    </Page>
  );
}
