import { useTranslation } from 'react-i18next';
import { DepositChannelPage } from '../../features/funding/deposit-channel-page';

/** Deposit by bank transfer: the beneficiary to pay, then the amount with a receipt image or the UTR. */
export default function BankRecharge() {
  const { t } = useTranslation();
  return <DepositChannelPage title={t('recharge.bank.title')} kinds={['bank']} />;
}
