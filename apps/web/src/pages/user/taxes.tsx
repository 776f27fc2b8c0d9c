import { useTranslation } from 'react-i18next';
import { TaxPositionScreen } from '../../features/taxes/tax-position';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

/** The investor's tax position: regime, gains and losses, tax withheld, Tobin tax, bollo, the zainetto (issue 19). */
export default function Taxes() {
  const { t } = useTranslation();
  return (
    <Page title={t('taxes.title')}>
      <RequireSession>{() => <TaxPositionScreen />}</RequireSession>
    </Page>
  );
}
