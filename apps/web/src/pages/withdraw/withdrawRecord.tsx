import { WithdrawalRecordsPage } from '../../features/funding/withdrawal-records';

/** The drawer's Withdrawal record: withdrawals to bank accounts and e-wallets, with their state. */
export default function WithdrawRecord() {
  return <WithdrawalRecordsPage title="withdraw.record.title" source="fiat" />;
}
