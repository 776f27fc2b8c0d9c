import { DepositRecordsPage } from '../../features/funding/deposit-records';

/** The coin deposit list, reached from a coin's deposit page: crypto deposits with their state. */
export default function CoinRechargeList() {
  return <DepositRecordsPage title="recharge.record.coinTitle" source="crypto" />;
}
