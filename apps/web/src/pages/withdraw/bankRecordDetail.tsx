import { WithdrawalDetailPage } from '../../features/funding/withdrawal-detail';

/** A bank or e-wallet withdrawal (?id=): its state, destination, amount and fee. */
export default function BankRecordDetail() {
  return <WithdrawalDetailPage />;
}
