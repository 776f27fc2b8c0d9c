import { useTranslation } from 'react-i18next';
import { FundsScreen } from '../../features/follow/funds-screen';
import { Page } from '../../shared/ui/page';

/** The copy-trading funds (SPEC §2 follow/index): the funds on offer and, signed in, "My funds". */
export default function Index() {
  const { t } = useTranslation();
  return (
    <Page title={t('follow.title')} flush>
      <FundsScreen />
    </Page>
  );
}
