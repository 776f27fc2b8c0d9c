import { DepositRecordsPage } from '../../features/funding/deposit-records';

/** The drawer's Deposit record: deposits by bank transfer, e-wallet and offline, with their state. */
export default function BankRecord() {
  return <DepositRecordsPage title="recharge.record.bankTitle" source="fiat" />;
}
