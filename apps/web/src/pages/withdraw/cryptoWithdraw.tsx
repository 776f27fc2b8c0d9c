import { useTranslation } from 'react-i18next';
import { WithdrawPage } from '../../features/funding/withdraw-page';

/** Withdraw a coin to a bound address on its network. */
export default function CryptoWithdraw() {
  const { t } = useTranslation();
  return <WithdrawPage title={t('withdraw.crypto.title')} source="crypto" methods={['crypto']} />;
}
