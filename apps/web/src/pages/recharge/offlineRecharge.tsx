import { useTranslation } from 'react-i18next';
import { DepositChannelPage } from '../../features/funding/deposit-channel-page';

/**
 * The drawer's Deposit: every channel paid outside the app (bank transfer, e-wallet, offline), so a person
 * can pay and report it from one page; crypto has its own pages.
 */
export default function OfflineRecharge() {
  const { t } = useTranslation();
  return <DepositChannelPage title={t('recharge.offline.title')} kinds={['bank', 'wallet', 'offline']} />;
}
