import { adminFundingWithdrawals } from '@piazza/contract/calls/funding-admin';
import type { CallOutput } from '@piazza/contract/define';
import { useTranslation } from 'react-i18next';
import { request } from '../../shared/request';
import { FundingQueue } from './funding-queue';
import { WithdrawalDetail } from './withdrawals-detail';

export type WithdrawalRow = CallOutput<typeof adminFundingWithdrawals>['list'][number];

/** The finance desk's withdrawal queue: pay out what was frozen, or reject it back to the investor. */
export default function WithdrawalsScreen() {
  const { t } = useTranslation();
  return (
    <FundingQueue<WithdrawalRow>
      kind="withdrawal"
      load={(params) => request(adminFundingWithdrawals, params)}
      via={(w) => `${t(`withdrawMethod.${w.method}`)}${w.network ? ` · ${w.network}` : ''}`}
      detail={(w, onChange) => <WithdrawalDetail withdrawal={w} onChange={onChange} />}
    />
  );
}
