import { WithdrawalDetailPage } from '../../features/funding/withdrawal-detail';

/** A crypto withdrawal (?id=): its state, destination, amount and fee. */
export default function CryptoRecordDetail() {
  return <WithdrawalDetailPage />;
}
