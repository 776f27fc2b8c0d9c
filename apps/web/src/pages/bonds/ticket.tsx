import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { BondTicket } from '../../features/bonds/bond-ticket';
import { Page } from '../../shared/ui/page';

/** A government bond's facts and ticket (issue 20): `?isin=IT0005584856`. */
export default function BondTicketPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const isin = params.get('isin') ?? '';
  return (
    <Page title={t('bonds.ticket.title')}>
      <BondTicket isin={isin} />
    </Page>
  );
}
