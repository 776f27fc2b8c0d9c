import { UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ChoiceButton } from '../../features/funding/choice-button';
import { fundingPaths } from '../../features/funding/funding-paths';
import { RequireSession } from '../../shared/session/require-session';
import { NavButton } from '../../shared/ui/nav-button';
import { Page } from '../../shared/ui/page';

/** Withdraw: choose where the money goes — a bank account or e-wallet, or a crypto address. */
export default function Withdraw() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page
      title={t('withdraw.title')}
      right={
        <NavButton
          label={t('withdraw.records')}
          onClick={() => navigate(fundingPaths.recordIndex)}
          testId="withdraw-records-link"
        >
          <UnorderedListOutline />
        </NavButton>
      }
    >
      <RequireSession>
        {() => (
          <>
            <ChoiceButton
              label={t('withdraw.choice.fiat')}
              hint={t('withdraw.choice.fiatHint')}
              onClick={() => navigate(fundingPaths.bankWithdraw)}
              testId="withdraw-choice-fiat"
            />
            <ChoiceButton
              label={t('withdraw.choice.crypto')}
              hint={t('withdraw.choice.cryptoHint')}
              onClick={() => navigate(fundingPaths.cryptoWithdraw)}
              testId="withdraw-choice-crypto"
            />
          </>
        )}
      </RequireSession>
    </Page>
  );
}
