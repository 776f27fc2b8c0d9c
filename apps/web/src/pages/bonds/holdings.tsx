import { useTranslation } from 'react-i18next';
import { BondHoldings } from '../../features/bonds/bond-holdings';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

/** The investor's government bonds, coupons and redemptions (issue 20). */
export default function BondHoldingsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('bonds.holdings')}>
      <RequireSession>{() => <BondHoldings />}</RequireSession>
    </Page>
  );
}
