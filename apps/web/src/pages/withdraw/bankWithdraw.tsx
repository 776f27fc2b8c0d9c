import { useTranslation } from 'react-i18next';
import { WithdrawPage } from '../../features/funding/withdraw-page';

/** The drawer's Withdraw: to a bound bank account or e-wallet. */
export default function BankWithdraw() {
  const { t } = useTranslation();
  return <WithdrawPage title={t('withdraw.bank.title')} source="fiat" methods={['bank', 'wallet']} />;
}
