import { WithdrawalRecordsPage } from '../../features/funding/withdrawal-records';

/** Crypto withdrawals with their state. */
export default function CryptoRecord() {
  return <WithdrawalRecordsPage title="withdraw.record.cryptoTitle" source="crypto" />;
}
