import { DepositRecordsPage } from '../../features/funding/deposit-records';

/** Crypto deposits with their state. */
export default function CryptoRecord() {
  return <DepositRecordsPage title="recharge.record.cryptoTitle" source="crypto" />;
}
